import { expect, type Locator, type Page } from '@playwright/test';
import type { Harness } from '../../harness/server';
import { pickMenuItem } from '../session-helpers';

/** Where the explorer's screenshots go (kept as test artifacts). */
const SCREENSHOT_DIR = 'artifacts/screenshots';

/**
 * A page object over the explorer: how a user reaches each view and runs each action, so
 * specs read as the user's steps. Every wait is on something visible; no fixed sleeps.
 */
export class ExplorerApp {
  constructor(
    readonly page: Page,
    readonly harness: Harness,
  ) {}

  /** Loads the app and waits for the frame. */
  async load(): Promise<void> {
    await this.page.goto(this.harness.url);
    await expect(this.page.getByTestId('status-bar')).toBeVisible();
  }

  /** Loads the app and opens the local emulator (first run or from the profile list). */
  async openEmulator(): Promise<void> {
    await this.load();
    await this.page.getByTestId('try-emulator').click();
    await expect(this.instanceTable.locator('tbody tr').first()).toBeVisible();
  }

  get instanceTable(): Locator {
    return this.page.getByTestId('instance-table');
  }

  get databaseTable(): Locator {
    return this.page.getByTestId('database-table');
  }

  get tree(): Locator {
    return this.page.getByTestId('resource-tree');
  }

  /** A tree node by its label (exact). */
  treeNode(label: string): Locator {
    return this.tree.getByTestId('tree-node').filter({ hasText: new RegExp(`^${escape(label)}`) });
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
    await expect(this.databaseTable.locator('tbody tr').first()).toBeVisible();
  }

  /** A row of the databases table by database name. */
  databaseRow(name: string): Locator {
    return this.databaseTable.locator(`tr[data-row-key="${name}"]`);
  }

  /** Opens a row's action menu and picks an item. */
  async rowAction(row: Locator, label: string): Promise<void> {
    await row.getByTestId('row-menu').click();
    await pickMenuItem(this.page, label);
  }

  /** The confirm button of the open action dialog. */
  dialogConfirm(testId: string): Locator {
    return this.page.getByTestId(testId).getByTestId('dialog-confirm');
  }

  /** Switches the theme with the top bar's switch. */
  async setTheme(theme: 'light' | 'dark' | 'system'): Promise<void> {
    await this.page.getByTestId(`theme-${theme}`).click();
    const expected = theme === 'system' ? /light|dark/ : new RegExp(theme);
    await expect(this.page.locator('html')).toHaveAttribute('data-theme', expected);
  }

  /**
   * Screenshots the page in light and dark theme: `<name>-light.png`, `<name>-dark.png`. The
   * theme is changed through main's settings (which the app follows), so an open dialog
   * stays open and in the picture.
   */
  async screenshotThemes(name: string): Promise<void> {
    for (const theme of ['light', 'dark'] as const) {
      await this.harness.services.settings.update({ theme });
      await expect(this.page.locator('html')).toHaveAttribute('data-theme', theme);
      await this.page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${theme}.png` });
    }
    await this.harness.services.settings.update({ theme: 'light' });
    await expect(this.page.locator('html')).toHaveAttribute('data-theme', 'light');
  }

  /** The latest message toast containing `text`. */
  toast(text: string | RegExp): Locator {
    return this.page.locator('.n-message').filter({ hasText: text }).last();
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
