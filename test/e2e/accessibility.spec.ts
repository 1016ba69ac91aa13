import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo, pickMenuItem } from '../support/e2e/menus';
import { screenshotSizes, screenshotThemes } from '../support/e2e/screenshots';

/*
 * Every view, dialog, drawer, the activity panel and both pickers pass axe's WCAG 2.1 A/AA
 * rules with nothing serious or critical, in light and dark. One harness, in order.
 * With SCREENSHOTS=1 each view and dialog is also shot at 1024x700, 1280x800 and 1920x1080 in
 * both themes.
 */
test.describe.configure({ mode: 'default' });

const PROD = 'sql-eu-prod-01';
const DEV = 'sql-eu-dev-01';
// The frame (top bar, tree, status bar) is checked whole once; then only what each step opens.
const PANE = ['[data-testid="main-pane"]'];
const MODAL = ['.n-modal-container'];
const DRAWER = ['.n-drawer-container'];
const MENU = ['.n-dropdown-menu'];
/** Menus and dialogs get every rule in both themes. */
const BOTH = { everyRuleInDark: true };

const views: ReadonlyArray<readonly [string, string]> = [
  [PROD, 'instance-overview'],
  [`databases ${DEV}`, 'database-table'],
  ['ETL_Staging', 'database-details'],
  ['archives prod', 'archives-view'],
  ['logins dev', 'logins-view'],
  ['linked prod', 'linked-servers-view'],
  ['sessions dev', 'sessions-view'],
  ['jobs prod', 'jobs-view'],
  ['all jobs', 'all-jobs-view'],
  ['cluster', 'cluster-view'],
  ['my ip', 'my-ip-view'],
];

test('the instances list (home) and the connections view', async ({ page }) => {
  await expectAccessible(page, 'the instances list');
  await screenshotSizes(page, 'views/instances');
  await page.getByTestId('open-connections').click();
  await expect(page.getByTestId('new-connection')).toBeVisible();
  await expectAccessible(page, 'the connections view', PANE);
  await screenshotSizes(page, 'views/connections');
});

for (const [query, view] of views) {
  test(`the ${view} view`, async ({ page }) => {
    // Jump-to finds a database once its instance's list is loaded.
    // (Until then a session of that database matches first: Enter waits for the database.)
    const database = view === 'database-details';
    if (database) await jumpTo(page, `databases ${DEV}`, 'database-table');
    await jumpTo(page, query, view, database ? query : undefined);
    await expectAccessible(page, view, PANE);
    await screenshotSizes(page, `views/${view}`);
  });
}

test('the monitor and settings views', async ({ page }) => {
  await page.getByTestId('open-connections').click();
  await page.getByTestId('open-monitor').click();
  await expect(page.getByTestId('monitor-view')).toBeVisible();
  await expectAccessible(page, 'the monitor view', PANE);
  await screenshotSizes(page, 'views/monitor');
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('settings-view')).toBeVisible();
  await expectAccessible(page, 'the settings view', PANE);
  await screenshotSizes(page, 'views/settings');
});

test('the row menu of a database, and the drop and archive dialogs it opens', async ({
  app,
  page,
}) => {
  await jumpTo(page, `databases ${DEV}`, 'database-table');
  await app.databases.row('ETL_Staging').getByTestId('row-menu').click();
  await expect(page.locator('.n-dropdown-menu')).toBeVisible();
  await expectAccessible(page, 'the row menu of a database', MENU, BOTH);
  // A menu closes when the window is resized: it is shot in the window it was opened in.
  await screenshotThemes(page, 'dialogs/row-menu');
  await page.keyboard.press('Escape');
  await app.databaseAction(DEV, 'ETL_Staging', 'Drop…');
  await expect(page.getByTestId('drop-database-dialog')).toBeVisible();
  await expectAccessible(page, 'the drop database dialog', MODAL, BOTH);
  await screenshotSizes(page, 'dialogs/drop-database-dialog');
  await page.keyboard.press('Escape');
  await app.databaseAction(DEV, 'ETL_Staging', 'Archive…');
  await expect(page.getByTestId('archive-database-dialog')).toBeVisible();
  await expectAccessible(page, 'the archive database dialog', MODAL, BOTH);
  await screenshotSizes(page, 'dialogs/archive-database-dialog');
  await page.keyboard.press('Escape');
});

/** The row menu's dialogs of a database that the test above does not open, by their test ids. */
const databaseDialogs: ReadonlyArray<readonly [string | RegExp, string]> = [
  [/^(Pin…|Unpin or change expiry…)$/, 'pin-database-dialog'],
  ['Rename…', 'rename-database-dialog'],
  ['Move to another instance…', 'move-database-dialog'],
  ['Shrink…', 'shrink-database-dialog'],
  ['Security groups…', 'security-dialog'],
  ['Export…', 'export-dialog'],
];

for (const [item, testId] of databaseDialogs) {
  test(`the ${testId} of a database`, async ({ app, page }) => {
    await jumpTo(page, `databases ${DEV}`, 'database-table');
    await app.rowAction(app.databases.row('ETL_Staging'), item);
    const dialog = page.getByTestId(testId);
    await expect(dialog).toBeVisible();
    await expectAccessible(page, `the ${testId}`, MODAL, BOTH);
    await screenshotSizes(page, `dialogs/${testId}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test('the connection form', async ({ page }) => {
  await page.getByTestId('open-connections').click();
  await page.getByTestId('new-connection').click();
  await expect(page.getByTestId('profile-dialog')).toBeVisible();
  await expectAccessible(page, 'the connection form', MODAL, BOTH);
  await screenshotSizes(page, 'dialogs/profile-dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('profile-dialog')).toBeHidden();
});

test('dialogs: create database, add login, allow an address, a confirmation', async ({ page }) => {
  await jumpTo(page, `databases ${PROD}`, 'database-table');
  await page.getByTestId('create-database').click();
  await expect(page.getByTestId('create-database-dialog')).toBeVisible();
  await expectAccessible(page, 'the create database dialog', MODAL, BOTH);
  await screenshotSizes(page, 'dialogs/create-database-dialog');
  await page.keyboard.press('Escape');
  await jumpTo(page, 'logins dev', 'logins-view');
  await page.getByTestId('login-create').click();
  await expect(page.getByTestId('login-create-dialog')).toBeVisible();
  await expectAccessible(page, 'the create login dialog', MODAL, BOTH);
  await screenshotSizes(page, 'dialogs/login-create-dialog');
  await page.keyboard.press('Escape');
  await jumpTo(page, 'cluster', 'cluster-view');
  await page.getByTestId('acl-add').click();
  await expect(page.getByTestId('acl-add-dialog')).toBeVisible();
  await expectAccessible(page, 'the allow address dialog', MODAL, BOTH);
  await screenshotSizes(page, 'dialogs/acl-add-dialog');
  await page.keyboard.press('Escape');
  // A confirmation of naive-ui's own (useDialog), as the access list's Remove asks.
  await page.getByTestId('cluster-view').getByTestId('row-menu').first().click();
  await pickMenuItem(page, 'Remove');
  await expect(page.locator('.n-dialog:visible')).toBeVisible();
  await expectAccessible(page, 'a confirmation', MODAL, BOTH);
  await screenshotSizes(page, 'dialogs/confirmation');
  await page.keyboard.press('Escape');
});

test('the archive details drawer and the activity panel', async ({ page }) => {
  await jumpTo(page, 'archives prod', 'archives-view');
  await page.getByTestId('archive-table').getByTestId('row-menu').first().click();
  await pickMenuItem(page, 'Details');
  await expect(page.getByTestId('archive-details')).toBeVisible();
  await expectAccessible(page, 'the archive details drawer', DRAWER, BOTH);
  await screenshotSizes(page, 'dialogs/archive-details');
  await page.keyboard.press('Escape');
  await page.getByTestId('toggle-activity').click();
  await expect(page.getByTestId('activity-panel')).toBeVisible();
  await expectAccessible(page, 'the activity panel', [
    '[data-testid="activity-slot"]',
    '[data-testid="activity-resizer"]',
    '[data-testid="status-activity"]',
  ]);
});

test('the command palette, jump-to and the keyboard shortcuts sheet', async ({ page }) => {
  await page.keyboard.press('Control+Shift+P');
  await expect(page.getByTestId('command-palette')).toBeVisible();
  await expectAccessible(page, 'the command palette', MODAL, BOTH);
  await screenshotSizes(page, 'dialogs/command-palette');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+p');
  await expect(page.getByTestId('jump-to')).toBeVisible();
  await expectAccessible(page, 'jump-to', MODAL, BOTH);
  await screenshotSizes(page, 'dialogs/jump-to');
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  await expect(page.getByTestId('keyboard-shortcuts')).toBeVisible();
  await expectAccessible(page, 'the keyboard shortcuts sheet', MODAL, BOTH);
  await screenshotSizes(page, 'dialogs/keyboard-shortcuts');
  await page.keyboard.press('Escape');
});
