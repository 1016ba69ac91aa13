import { expect, type Locator, type Page } from '@playwright/test';
import type { Harness } from '../../../harness/server';
import { importFile, type ImportOfFile } from '../../import-file';
import { jumpTo, pickMenuItem, runCommand } from '../menus';
import { ActivityPanel } from './activity';
import { ArchivesPage } from './archives';
import { AuditPage } from './audit';
import { ClusterPage } from './cluster';
import { ConnectionsPage } from './connections';
import { DatabasesPage } from './databases';
import { JobsPage } from './jobs';
import { LoginsPage } from './logins';
import { MonitorPage } from './monitor';
import { SessionsPage } from './sessions';
import { SettingsPage } from './settings';

/** The demo data's production instance, whose node shows once the emulator is signed in. */
const PROD = 'sql-eu-prod-01';

/**
 * The page object of the whole window: how a user loads the app, signs in, reaches a view and
 * runs a command, plus one object per view (`app.sessions`, `app.archives`...) for what specs
 * do there. Every wait is on something visible; no fixed sleeps.
 */
export class App {
  readonly activity: ActivityPanel;
  readonly archives: ArchivesPage;
  readonly audit: AuditPage;
  readonly cluster: ClusterPage;
  readonly connections: ConnectionsPage;
  readonly databases: DatabasesPage;
  readonly jobs: JobsPage;
  readonly logins: LoginsPage;
  readonly monitor: MonitorPage;
  readonly sessions: SessionsPage;
  readonly settings: SettingsPage;

  constructor(
    readonly page: Page,
    readonly harness: Harness,
  ) {
    this.activity = new ActivityPanel(page);
    this.archives = new ArchivesPage(page, harness);
    this.audit = new AuditPage(page);
    this.cluster = new ClusterPage(page);
    this.connections = new ConnectionsPage(page);
    this.databases = new DatabasesPage(page);
    this.jobs = new JobsPage(page);
    this.logins = new LoginsPage(page);
    this.monitor = new MonitorPage(page);
    this.sessions = new SessionsPage(page);
    this.settings = new SettingsPage(page);
  }

  /** Loads the app and waits for the frame. */
  async load(): Promise<void> {
    await this.page.goto(this.harness.url);
    await expect(this.page.getByTestId('status-bar')).toBeVisible();
  }

  /** Loads the app and signs in to the built-in emulator (demo data) from the first-run screen. */
  async signIn(): Promise<void> {
    await this.page.goto(this.harness.url);
    await this.page.getByTestId('try-emulator').first().click();
    // The first load of a file fetches the app's code: more than one view's wait.
    await expect(this.treeNodeNamed(PROD)).toBeVisible({ timeout: 30_000 });
  }

  /** Loads the app and opens the local emulator, waiting for its instances table. */
  async openEmulator(): Promise<void> {
    await this.load();
    await this.page.getByTestId('try-emulator').click();
    await expect(this.instanceTable.locator('tbody tr').first()).toBeVisible();
  }

  /**
   * Reloads the page. Main keeps the connection open, so the tree comes back by itself; should
   * it not, the emulator is signed in to again (what a test needs is the app, not the restore).
   */
  async reloadSignedIn(): Promise<void> {
    await this.page.reload();
    const node = this.treeNodeNamed(PROD);
    const tryIt = this.page.getByTestId('try-emulator');
    await expect(node.or(tryIt).first()).toBeVisible();
    if (!(await node.first().isVisible())) {
      await tryIt.first().click();
      await expect(node.first()).toBeVisible();
    }
  }

  /** Opens a view through jump-to (Ctrl+P), e.g. `archives prod`; answers the view. */
  jumpTo(query: string, view: string): Promise<Locator> {
    return jumpTo(this.page, query, view);
  }

  /** Runs a command of the palette (Ctrl+Shift+P) by its title. */
  runCommand(title: string): Promise<void> {
    return runCommand(this.page, title);
  }

  /** Clicks the item of the open dropdown menu that reads `text`. */
  pickMenuItem(text: string | RegExp): Promise<void> {
    return pickMenuItem(this.page, text);
  }

  /** Opens a row's action menu and picks an item. */
  async rowAction(row: Locator, label: string | RegExp): Promise<void> {
    await row.getByTestId('row-menu').click();
    await this.pickMenuItem(label);
  }

  /** The confirm button of the open action dialog. */
  dialogConfirm(testId: string): Locator {
    return this.page.getByTestId(testId).getByTestId('dialog-confirm');
  }

  /** The latest message toast containing `text`. */
  toast(text: string | RegExp): Locator {
    return this.page.locator('.n-message').filter({ hasText: text }).last();
  }

  get instanceTable(): Locator {
    return this.page.getByTestId('instance-table');
  }

  get tree(): Locator {
    return this.page.getByTestId('resource-tree');
  }

  /** A tree node whose label starts with `label`. */
  treeNode(label: string): Locator {
    return this.tree.getByTestId('tree-node').filter({ hasText: new RegExp(`^${escape(label)}`) });
  }

  /** A tree node containing `text` anywhere on the page (the emulator's instances). */
  treeNodeNamed(text: string): Locator {
    return this.page.getByTestId('tree-node').filter({ hasText: text });
  }

  /** The tree's node of a view under an instance, e.g. `treeNodeOf('databases', DEV)`. */
  treeNodeOf(kind: string, instanceName: string): Locator {
    return this.page.locator(`[data-node-key^="${kind}/"][data-node-key$="/${instanceName}"]`);
  }

  /** Opens an instance's view from the instances table (a double-click opens a row). */
  async openInstance(name: string): Promise<void> {
    await this.instanceTable.getByText(name, { exact: true }).dblclick();
    await expect(this.page.getByTestId('instance-overview')).toBeVisible();
  }

  /** Opens the databases of an instance: instances table → instance → Databases. */
  async openDatabases(instance: string): Promise<void> {
    await this.openInstance(instance);
    await this.page.getByTestId('instance-link-databases').click();
    await expect(this.databases.table.locator('tbody tr').first()).toBeVisible();
  }

  /**
   * Loads the app on the emulator, opens the databases of `instance` and picks `item` in the
   * row menu of `database`.
   */
  async databaseAction(instance: string, database: string, item: string): Promise<void> {
    await this.openEmulator();
    await this.openDatabases(instance);
    await this.rowAction(this.databases.row(database), item);
  }

  /** Switches the theme with the top bar's switch. */
  async setTheme(theme: 'light' | 'dark' | 'system'): Promise<void> {
    await this.page.getByTestId(`theme-${theme}`).click();
    const expected = theme === 'system' ? /light|dark/ : new RegExp(theme);
    await expect(this.page.locator('html')).toHaveAttribute('data-theme', expected);
  }

  /** The id of the built-in emulator's profile. */
  emulatorProfileId(): string {
    const profile = this.harness.services.profiles.list().find((p) => p.isEmulator);
    if (!profile) throw new Error('No emulator profile');
    return profile.id;
  }

  /** Starts the import of a file into the emulator through main, as the window would. */
  async importFile(target: Omit<ImportOfFile, 'profileId'>): Promise<void> {
    const profileId = this.emulatorProfileId();
    await importFile(this.harness.services.transfers, { profileId, ...target });
  }

  /**
   * Makes the emulator profile read-only, as the profile form would, and tells the page (main
   * emits the same event when a profile changes).
   */
  async makeEmulatorProfileReadOnly(): Promise<void> {
    const { profiles, bus } = this.harness.services;
    const id = this.emulatorProfileId();
    const profile = profiles.list().find((p) => p.id === id);
    if (!profile) throw new Error('No emulator profile');
    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = profile;
    await profiles.update(id, { ...input, readOnly: true });
    bus.emit('profiles:onDidChange', { profiles: profiles.list() });
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
