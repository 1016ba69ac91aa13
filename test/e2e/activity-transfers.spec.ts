import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expectAccessible } from '../support/e2e/axe';
import { writeSampleDatabaseFile } from '../support/sample-files';
import { countWindowDrops, dragFileOver, dropFile, queueDialog } from '../support/e2e/files';
import { expect, SMALL_PARTS, test } from '../support/e2e/fixtures';
import { jumpTo } from '../support/e2e/menus';
import {
  screenshotModalThemes,
  screenshotSizes,
  screenshotThemes,
} from '../support/e2e/screenshots';

/*
 * Imports and exports end to end through the harness's transfer engine and emulator:
 * drop a generated BAK on an instance and see the database online; pause and resume; reload
 * the page mid-transfer; export and download; drop on another instance's node in the tree (it
 * wins over the window's drop, which goes to the current view's instance). Files are a few MiB.
 */
test.describe.configure({ mode: 'serial' });
// Imports of a few MiB run several parts.
test.use({ transfers: SMALL_PARTS });

const DEV = 'sql-eu-dev-01';
const TEST = 'sql-eu-test-01';
const MiB = 1024 * 1024;

test('dropping a generated BAK on an instance imports it until the database is online', async ({
  app,
  page,
  harness,
  folder,
  consoleErrors,
}) => {
  const file = join(folder, 'Sales Q3 (copy).bak');
  await writeSampleDatabaseFile(file, 'bak', 3 * MiB);
  await queueDialog(harness, { files: [file] });
  await jumpTo(page, DEV, 'instance-overview');
  await dropFile(page, page.getByTestId('main-pane'), 'Sales Q3 (copy).bak');

  const sheet = page.getByTestId('import-sheet');
  await expect(sheet.getByTestId('import-name').locator('input')).toHaveValue('Sales_Q3_copy');
  await expect(sheet.getByTestId('import-plan')).toContainText('Looks like a BAK file');
  await expect(sheet.getByTestId('import-size')).toHaveText('3.00 MiB');
  await sheet.getByTestId('import-name').locator('input').fill('Sales_Q3');
  await sheet.getByTestId('import-start').click();
  await expect(sheet).toBeHidden();

  const transfer = app.activity.transferCard('Sales_Q3');
  await expect(transfer).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect(transfer.getByTestId('transfer-state')).toHaveText('Database online');
  await screenshotThemes(page, 'activity-panel');
  await transfer.getByTestId('transfer-open-database').click();
  await expect(page.getByTestId('view-title')).toContainText('Sales_Q3');
  expect(consoleErrors).toEqual([]);
});

test('the import sheet warns about an existing name and refuses a mislabelled file', async ({
  page,
  harness,
  folder,
}) => {
  // Named like the database imported above, but a DACPAC inside: both problems at once.
  const fake = join(folder, 'Sales_Q3.bak');
  await writeSampleDatabaseFile(fake, 'dacpac', 64 * 1024);
  const sheet = page.getByTestId('import-sheet');
  await screenshotModalThemes(
    page,
    'import-sheet',
    async () => {
      await queueDialog(harness, { files: [fake] });
      await page.getByTestId('activity-import').click();
      await expect(sheet.getByTestId('import-type-error')).toContainText(
        'does not look like a BAK',
      );
      await expect(sheet.getByTestId('import-name-exists')).toContainText(
        'exists on this instance',
      );
      await expect(sheet.getByTestId('import-start')).toBeDisabled();
      return sheet;
    },
    () => page.keyboard.press('Escape'),
  );
  // The sheet with both its warnings, every rule in both themes.
  await queueDialog(harness, { files: [fake] });
  await page.getByTestId('activity-import').click();
  await expect(sheet.getByTestId('import-type-error')).toBeVisible();
  await expectAccessible(page, 'the import sheet', ['[data-testid="import-sheet"]'], {
    everyRuleInDark: true,
  });
  await screenshotSizes(page, 'dialogs/import-sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('an import pauses mid-upload, is offered again after a page reload, and resumes', async ({
  app,
  page,
  harness,
  folder,
}) => {
  const faults = harness.emulator.faults;
  const file = join(folder, 'Resume_Me.bak');
  await writeSampleDatabaseFile(file, 'bak', 24 * MiB);
  await queueDialog(harness, { files: [file] });
  await page.getByTestId('activity-import').click();
  const sheet = page.getByTestId('import-sheet');
  await expect(sheet.getByTestId('import-plan')).toBeVisible();
  // Slow requests keep the upload going while the test clicks.
  faults.set({ latencyMs: 1500 });
  await sheet.getByTestId('import-start').click();

  const transfer = app.activity.transferCard('Resume_Me');
  // The line opens its card, which shows the parts being sent, each with its own bar.
  await transfer.getByTestId('activity-line-toggle').click();
  await expect(transfer.getByTestId('transfer-part').first()).toBeVisible({ timeout: 20_000 });
  await expect(transfer.getByTestId('transfer-part').first()).toHaveAttribute(
    'title',
    /^Part \d+: .* of /,
  );
  await screenshotThemes(page, 'activity-transfer-uploading');
  await transfer.getByTestId('transfer-pause').click();
  await expect(transfer).toHaveAttribute('data-state', 'paused');
  faults.reset();
  await expect(transfer.getByTestId('transfer-stages').locator('.is-done')).toHaveCount(0);
  await screenshotThemes(page, 'activity-transfer-paused');

  // A reload: main keeps the transfer; the page offers it again and it resumes.
  await page.reload();
  const offer = page.getByTestId('resume-offer');
  await expect(offer.getByTestId('resume-item').filter({ hasText: 'Resume_Me' })).toBeVisible();
  await expectAccessible(page, 'the resume offer', ['[data-testid="resume-offer"]'], {
    everyRuleInDark: true,
  });
  await screenshotSizes(page, 'dialogs/resume-offer');
  await offer.getByTestId('resume-all').click();
  await page.getByTestId('toggle-activity').click();
  await expect(app.activity.transferCard('Resume_Me')).toHaveAttribute('data-state', 'done', {
    timeout: 60_000,
  });
});

test('a database exports to a folder, with the detachOnly rules explained', async ({
  app,
  page,
  harness,
  folder,
  consoleErrors,
}) => {
  await app.activity.transferCard('Sales_Q3').getByTestId('transfer-open-database').click();
  await expect(page.getByTestId('view-title')).toContainText('Sales_Q3');
  const dialog = page.getByTestId('export-dialog');
  await screenshotModalThemes(
    page,
    'export-dialog',
    async () => {
      await page.keyboard.press('Control+Shift+P');
      const palette = page.getByTestId('command-palette');
      await palette.getByTestId('quick-pick-input').locator('input').fill('Export this database');
      await palette.getByTestId('quick-pick-item').first().click();
      return dialog;
    },
    () => page.keyboard.press('Escape'),
  );
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByTestId('command-palette');
  await palette.getByTestId('quick-pick-input').locator('input').fill('Export this database');
  await palette.getByTestId('quick-pick-item').first().click();
  await dialog.getByTestId('export-type').getByText('BAK').click();
  await expect(dialog.getByTestId('export-detach')).toHaveClass(/disabled/);
  await queueDialog(harness, { folder });
  await dialog.getByTestId('export-choose-folder').click();
  await expect(dialog.getByTestId('export-folder').locator('input')).toHaveValue(folder);
  await dialog.getByTestId('dialog-confirm').click();

  const transfer = page.getByTestId('transfer-card').filter({ hasText: 'Export Sales_Q3' }).first();
  await expect(transfer).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  const files = await readdir(folder);
  const exported = files.filter(
    (name) => name.toLowerCase().endsWith('.bak') && name.includes('Sales_Q3'),
  );
  expect(exported.length).toBeGreaterThan(0);
  expect((await stat(join(folder, exported[0] ?? ''))).size).toBeGreaterThan(0);
  await transfer.getByTestId('activity-line-toggle').click();
  await transfer.getByRole('button', { name: 'Show file' }).click();
  await expect.poll(() => harness.platform.shownItems.length).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});

test('a file dropped on another instance’s node in the tree is imported into that instance', async ({
  app,
  page,
  harness,
  folder,
  consoleErrors,
}) => {
  const file = join(folder, 'Tree_Drop.bak');
  await writeSampleDatabaseFile(file, 'bak', 256 * 1024);
  await jumpTo(page, DEV, 'instance-overview');
  const windowDrops = await countWindowDrops(page);
  const node = app.treeNodeOf('instance', TEST);

  // The drag: TEST's node is outlined (DEV's, the open view, is not); the profile node refuses.
  const dragged = await dragFileOver(page, node, 'Tree_Drop.bak');
  await expect(node).toHaveClass(/resource-tree__node--drop(\s|$)/);
  await expect(app.treeNodeOf('instance', DEV)).not.toHaveClass(/--drop/);
  await expect(page.locator('[data-node-key^="instances/"]')).toHaveClass(/--no-drop/);
  await screenshotThemes(page, 'tree-drop', page.getByTestId('resource-tree'));
  await page.getByTestId('resource-tree').dispatchEvent('dragleave', { dataTransfer: dragged });
  await expect(node).not.toHaveClass(/--drop|--no-drop/);

  await queueDialog(harness, { files: [file] });
  await dropFile(page, node, 'Tree_Drop.bak');
  const sheet = page.getByTestId('import-sheet');
  await expect(sheet).toContainText(`Import into ${TEST}`);
  // Handled once, by the tree: the window's fallback (DEV, the open view) never saw it.
  expect(await windowDrops()).toBe(0);
  await sheet.getByTestId('import-start').click();
  const transfer = app.activity.transferCard('Tree_Drop');
  await expect(transfer).toContainText(`${TEST} · Tree_Drop`);
  await expect(transfer).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  expect(consoleErrors).toEqual([]);
});

test('a file dropped on an instance’s Databases node is taken while Connections is open', async ({
  app,
  page,
  harness,
  folder,
  consoleErrors,
}) => {
  const file = join(folder, 'Connections_Drop.bak');
  await writeSampleDatabaseFile(file, 'bak', 64 * 1024);
  await page.getByTestId('open-connections').click();
  await expect(page.getByTestId('connection-screen')).toBeVisible();
  const windowDrops = await countWindowDrops(page);
  await app.treeNodeOf('instance', TEST).locator('.n-tree-node-switcher').click();
  const databases = app.treeNodeOf('databases', TEST);

  // The profile node is no target: the drop is refused with a hint, and no sheet opens.
  await dropFile(page, page.locator('[data-node-key^="instances/"]'), 'Connections_Drop.bak');
  await expect(
    page.locator('.n-message').filter({ hasText: 'Drop database files on an instance' }),
  ).toBeVisible();
  await expect(page.getByTestId('import-sheet')).toBeHidden();

  await dragFileOver(page, databases, 'Connections_Drop.bak');
  await expect(databases).toHaveClass(/resource-tree__node--drop(\s|$)/);
  await expect(app.treeNodeOf('instance', TEST)).toHaveClass(/--drop-instance/);
  await queueDialog(harness, { files: [file] });
  await dropFile(page, databases, 'Connections_Drop.bak');
  const sheet = page.getByTestId('import-sheet');
  await expect(sheet).toContainText(`Import into ${TEST}`);
  await expect(sheet.getByTestId('import-name').locator('input')).toHaveValue('Connections_Drop');
  expect(await windowDrops()).toBe(0);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('a read-only profile’s nodes refuse dropped files', async ({ app, page, consoleErrors }) => {
  // Last in the file: the profile stays read-only.
  await app.makeEmulatorProfileReadOnly();
  await expect(page.getByTestId('resource-tree').getByTestId('read-only-badge')).toBeVisible();
  const windowDrops = await countWindowDrops(page);
  const node = app.treeNodeOf('instance', TEST);

  await dragFileOver(page, node, 'Read_Only.bak');
  await expect(node).toHaveClass(/--no-drop/);
  await expect(node).not.toHaveClass(/resource-tree__node--drop/);
  await dropFile(page, node, 'Read_Only.bak');
  await expect(page.locator('.n-message').filter({ hasText: 'read-only' })).toBeVisible();
  await expect(page.getByTestId('import-sheet')).toBeHidden();
  expect(await windowDrops()).toBe(0);
  expect(consoleErrors).toEqual([]);
});
