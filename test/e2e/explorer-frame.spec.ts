import { screenshotThemes } from '../support/e2e/screenshots';
import type { App } from '../support/e2e/pages/app';
import { expect, test } from '../support/e2e/fixtures';

/*
 * The frame: the instances and instance views, the resource tree (lazy loading, refresh per
 * node, filter), jump-to (Ctrl/Cmd+P), the command palette (Ctrl/Cmd+Shift+P), the activity
 * panel toggle (Ctrl/Cmd+J) and the theme following the OS. One harness for the file.
 */
test.describe.configure({ mode: 'serial' });
// Each test loads the app in a page of its own.
test.use({ pageScope: 'test', open: 'blank' });

const TEST = 'sql-eu-test-01';
const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';

test('the instances view shows status, disk usage and limits', async ({
  app,
  page,
  consoleErrors,
}) => {
  await app.openEmulator();
  await expect(app.instanceTable.locator('tbody tr')).toHaveCount(3);
  await expect(app.instanceTable).toContainText('Online');
  await expect(app.instanceTable).toContainText(/GiB of/);
  await page.getByTestId('table-search').locator('input').fill('test');
  await expect(app.instanceTable.locator('tbody tr')).toHaveCount(1);
  await page.getByTestId('table-search').locator('input').fill('');
  await screenshotThemes(page, 'instances');
  expect(consoleErrors).toEqual([]);
});

test('the instance view shows disk, limits, endpoints and its sub-views', async ({ app, page }) => {
  await app.openEmulator();
  await app.openInstance(TEST);
  await expect(page.getByTestId('view-title')).toContainText(TEST);
  await expect(page.getByTestId('instance-disk')).toContainText('used of');
  await expect(page.getByTestId('instance-db-limit')).toHaveText(/8\s+of 50/);
  await expect(page.getByTestId('instance-link-archives')).toBeVisible();
  await screenshotThemes(page, 'instance');
});

test('the tree loads lazily, refreshes a node and filters loaded objects', async ({
  app,
  page,
  harness,
}) => {
  await app.openEmulator();
  const instance = page.locator(`[data-node-key="instance/${profileKey(app)}/${TEST}"]`);
  await instance.locator('.n-tree-node-switcher').click();
  const databases = page.locator(`[data-node-key="databases/${profileKey(app)}/${TEST}"]`);
  await expect(databases).toBeVisible();
  await expect(databases).not.toContainText(/\d/);
  await databases.locator('.n-tree-node-switcher').click();
  await expect(databases).toContainText('8');
  await expect(app.treeNode('Smoke_Test_DB')).toBeVisible();

  // Drop one behind the app's back; the node's refresh button reads the list again.
  const profileId = harness.services.profiles.list().find((p) => p.isEmulator)?.id ?? '';
  await harness.services.connections.get(profileId).client.call('databases.drop', {
    pathParams: { instanceName: TEST, databaseName: 'Smoke_Test_DB' },
  });
  await databases.hover();
  await databases.getByTestId('tree-refresh').click();
  await expect(databases).toContainText('7');
  await expect(app.treeNode('Smoke_Test_DB')).toHaveCount(0);

  await page.getByTestId('tree-filter').locator('input').fill('partner');
  await expect(app.treeNode('Partner_Feed')).toBeVisible();
  await expect(app.treeNode('UAT_EDM_2025')).toHaveCount(0);
  await page.getByTestId('tree-filter').locator('input').fill('');
  await app.treeNode('Partner_Feed').click();
  await expect(page.getByTestId('view-title')).toContainText('Partner_Feed');
});

test('Ctrl/Cmd+P jumps to any loaded object', async ({ app, page }) => {
  await app.openEmulator();
  await app.openDatabases(TEST);
  await page.keyboard.press(`${MOD}+KeyP`);
  const jump = page.getByTestId('jump-to');
  await expect(jump).toBeVisible();
  await jump.getByTestId('quick-pick-input').locator('input').fill('migration');
  await expect(jump.getByTestId('quick-pick-item').first()).toContainText('Migration_Check');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('view-title')).toContainText('Migration_Check');
});

test('a pointer resting over jump-to’s list does not take the active item', async ({
  app,
  page,
}) => {
  await app.openEmulator();
  await page.keyboard.press(`${MOD}+KeyP`);
  const jump = page.getByTestId('jump-to');
  const items = jump.getByTestId('quick-pick-item');
  // The pointer moves onto the fourth item: that one is active, as a hover should make it.
  await items.nth(3).hover();
  await expect(items.nth(3)).toHaveAttribute('aria-selected', 'true');
  // The list changes under the resting pointer: the first match stays active.
  await jump.getByTestId('quick-pick-input').locator('input').fill(TEST);
  await expect(items.first()).toContainText(TEST);
  await expect(items.nth(3)).toBeVisible();
  // Chromium re-evaluates hover after layout within a frame or two: give it several.
  for (let frame = 0; frame < 10; frame++) {
    await page.evaluate(
      () =>
        new Promise<void>((done) =>
          (
            globalThis as unknown as { requestAnimationFrame: (f: () => void) => void }
          ).requestAnimationFrame(() => done()),
        ),
    );
  }
  await expect(items.first()).toHaveAttribute('aria-selected', 'true');
  await expect(jump.locator('[aria-selected="true"]')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('instance-overview')).toBeVisible();
  await expect(page.getByTestId('view-title')).toContainText(TEST);
});

test('Ctrl/Cmd+Shift+P lists every action; Ctrl/Cmd+J toggles the activity panel', async ({
  app,
  page,
}) => {
  await app.openEmulator();
  await app.openDatabases(TEST);
  await app.databases.row('Migration_Check').locator('td').nth(1).dblclick();
  await page.keyboard.press(`${MOD}+Shift+KeyP`);
  const palette = page.getByTestId('command-palette');
  await expect(palette).toBeVisible();
  for (const title of ['Rename Migration_Check…', 'Drop Migration_Check…', 'Create database on']) {
    await expect(palette.getByTestId('quick-pick-item').filter({ hasText: title })).toHaveCount(1);
  }
  await screenshotThemes(page, 'command-palette');
  await palette.getByTestId('quick-pick-input').locator('input').fill('toggle activity');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('activity-slot')).toBeVisible();
  await page.keyboard.press(`${MOD}+KeyJ`);
  await expect(page.getByTestId('activity-slot')).toBeHidden();

  // A command that opens a dialog: the palette's "Rename" opens the rename dialog.
  await page.keyboard.press(`${MOD}+Shift+KeyP`);
  await palette.getByTestId('quick-pick-input').locator('input').fill('rename migration');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('rename-database-dialog')).toBeVisible();
});

test('the theme follows the OS until the user picks one', async ({ app, page }) => {
  await app.openEmulator();
  await app.setTheme('system');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await app.setTheme('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await app.setTheme('light');
});

/** The emulator profile's id as it appears in tree node keys. */
function profileKey(app: App): string {
  const profile = app.harness.services.profiles.list().find((p) => p.isEmulator);
  return encodeURIComponent(profile?.id ?? '');
}
