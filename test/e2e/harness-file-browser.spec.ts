import { readdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_EXPORTS_FOLDER } from '../harness/demo-files';
import type { Locator, Page } from '@playwright/test';
import { dismissNotifications } from '../support/e2e/alerts';
import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo, pickMenuItem } from '../support/e2e/menus';
import { screenshotModalThemes, screenshotSizes } from '../support/e2e/screenshots';

/*
 * Where there is no native dialog, the harness's own file browser (a path field and a list of
 * the folder's entries) answers Import…, Choose… and Download archive…: nothing is queued by
 * the test runner here, every path is typed or clicked in the page, as a newcomer does with
 * `npm run harness`, and main records the answer as a native dialog's (imports and exports
 * refuse any other path). One harness for the file, over the demo files; tests build on
 * each other.
 */
test.describe.configure({ mode: 'serial' });
// The file's folder, with the demo files in it, is the file browser's.
test.use({ fileBrowser: true });

const DEV = 'sql-eu-dev-01';
/** The demo files' folder that takes exports and archive downloads. */
const exportsOf = (folder: string): string => join(folder, DEMO_EXPORTS_FOLDER);

const fileDialog = (page: Page): Locator => page.getByTestId('harness-file-dialog');
const pathField = (page: Page): Locator =>
  fileDialog(page).getByTestId('harness-file-path').locator('input');
const row = (page: Page, name: string): Locator =>
  fileDialog(page).getByTestId('harness-file-row').filter({ hasText: name });

/** Opens Import… of the activity panel on DEV's overview. */
async function openImport(page: Page): Promise<void> {
  await page.getByTestId('activity-import').click();
  await expect(fileDialog(page)).toBeVisible();
  await expect(row(page, 'Demo_Sales.bak')).toBeVisible();
}

test('Import… opens the harness’s file browser; the file typed in its path field is imported', async ({
  page,
  folder,
  consoleErrors,
}) => {
  const exports = exportsOf(folder);
  // The import runs to "Database online" (upload, then the emulator's job).
  test.slow();
  // Beside the demo files, one the dialogs' filter leaves out of a file list.
  await writeFile(join(folder, 'notes.txt'), 'not a database');
  await expect(page.getByTestId('harness-files')).toHaveText('Files: harness browser');
  await jumpTo(page, DEV, 'instance-overview');
  // Import… sits in the activity panel's header.
  if (!(await page.getByTestId('activity-import').isVisible())) {
    await page.getByTestId('toggle-activity').click();
  }
  await openImport(page);
  await expect(fileDialog(page)).toContainText(`Import into ${DEV}`);
  await expect(pathField(page)).toHaveValue(folder);
  // Folders first, then the database files the dialog's filter takes (no notes.txt).
  await expect(fileDialog(page).getByTestId('harness-file-row')).toHaveText([
    new RegExp(DEMO_EXPORTS_FOLDER),
    /Demo_Inventory\.dacpac/,
    /Demo_Reports\.mdf/,
    /Demo_Sales\.bak/,
  ]);
  await expect(row(page, 'Demo_Sales.bak')).toContainText('512 KiB');
  await expect(fileDialog(page).getByTestId('harness-file-up')).toBeDisabled();

  // Into a folder by its name, and up again.
  await row(page, DEMO_EXPORTS_FOLDER).getByRole('button', { name: 'Open folder exports' }).click();
  await expect(pathField(page)).toHaveValue(exports);
  await expect(fileDialog(page)).toContainText('This folder is empty.');
  await fileDialog(page).getByTestId('harness-file-up').click();
  await expect(pathField(page)).toHaveValue(folder);

  // Outside the browser's folder: refused, and the list stays where it was.
  await pathField(page).fill(tmpdir());
  await pathField(page).press('Enter');
  await expect(fileDialog(page).locator('.n-alert')).toContainText('shows only what is under');
  await expect(row(page, 'Demo_Sales.bak')).toBeVisible();

  // A file's path, typed: its folder is listed and the file picked.
  await pathField(page).fill(join(folder, 'Demo_Sales.bak'));
  await pathField(page).press('Enter');
  await expect(fileDialog(page).getByTestId('harness-file-choice')).toHaveText(
    'Selected: Demo_Sales.bak',
  );
  await expect(row(page, 'Demo_Sales.bak').getByRole('button')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await fileDialog(page).getByTestId('harness-file-confirm').click();
  await expect(fileDialog(page)).toBeHidden();

  const sheet = page.getByTestId('import-sheet');
  await expect(sheet.getByTestId('import-name').locator('input')).toHaveValue('Demo_Sales');
  await expect(sheet.getByTestId('import-plan')).toContainText('Looks like a BAK file');
  await sheet.getByTestId('import-start').click();
  const card = page.getByTestId('transfer-card').filter({ hasText: 'Demo_Sales' }).first();
  await expect(card).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect(card.getByTestId('transfer-state')).toHaveText('Database online');
  expect(consoleErrors).toEqual([]);
});

test('a file clicked in the list is imported too, with the keyboard alone', async ({
  page,
  consoleErrors,
}) => {
  await openImport(page);
  const file = row(page, 'Demo_Inventory.dacpac').getByRole('button', {
    name: 'Demo_Inventory.dacpac',
  });
  await file.focus();
  await page.keyboard.press('Enter');
  await expect(file).toHaveAttribute('aria-pressed', 'true');
  await expect(fileDialog(page).getByTestId('harness-file-choice')).toHaveText(
    'Selected: Demo_Inventory.dacpac',
  );
  await fileDialog(page).getByTestId('harness-file-confirm').focus();
  await page.keyboard.press('Enter');
  await expect(fileDialog(page)).toBeHidden();
  const sheet = page.getByTestId('import-sheet');
  await expect(sheet.getByTestId('import-name').locator('input')).toHaveValue('Demo_Inventory');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Escape cancels the browser: no import sheet opens.
  await openImport(page);
  await page.keyboard.press('Escape');
  await expect(fileDialog(page)).toBeHidden();
  await expect(sheet).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('the file browser is accessible, in light and dark', async ({ page }) => {
  // axe runs over the page twice (both themes): slow on a busy machine.
  test.slow();
  await openImport(page);
  await expectAccessible(page, 'the harness’s file browser', [
    '[data-testid="harness-file-dialog"]',
  ]);
  await screenshotSizes(page, 'dialogs/harness-file-dialog');
  await page.keyboard.press('Escape');
  await expect(fileDialog(page)).toBeHidden();
});

test('screenshots of the file browser, in light and dark', async ({ page }) => {
  await screenshotModalThemes(
    page,
    'harness-file-browser',
    async () => {
      await openImport(page);
      await row(page, 'Demo_Sales.bak').getByRole('button').click();
      return fileDialog(page);
    },
    () => page.keyboard.press('Escape'),
  );
});

test('an export goes into a folder chosen in the file browser', async ({
  page,
  folder,
  consoleErrors,
}) => {
  const exports = exportsOf(folder);
  const card = page.getByTestId('transfer-card').filter({ hasText: 'Demo_Sales' }).first();
  await card.getByTestId('transfer-open-database').click();
  await expect(page.getByTestId('view-title')).toContainText('Demo_Sales');
  await page.getByTestId('action-export').click();
  const exportDialog = page.getByTestId('export-dialog');
  await exportDialog.getByTestId('export-type').getByText('BAK').click();
  await exportDialog.getByTestId('export-choose-folder').click();

  await expect(fileDialog(page)).toContainText('Export to this folder');
  // A folder dialog shows the files too, but only folders can be opened and chosen.
  await expect(row(page, 'Demo_Sales.bak')).toBeVisible();
  await expect(row(page, 'Demo_Sales.bak').getByRole('button')).toHaveCount(0);
  await expect(row(page, 'notes.txt')).toBeVisible();
  await row(page, DEMO_EXPORTS_FOLDER).getByRole('button', { name: 'Open folder exports' }).click();
  await expect(pathField(page)).toHaveValue(exports);
  await expect(fileDialog(page).getByTestId('harness-file-choice')).toHaveText(
    `Folder: ${exports}`,
  );
  await fileDialog(page).getByTestId('harness-file-confirm').click();
  await expect(fileDialog(page)).toBeHidden();

  await expect(exportDialog.getByTestId('export-folder').locator('input')).toHaveValue(exports);
  await exportDialog.getByTestId('dialog-confirm').click();
  const transfer = page.getByTestId('transfer-card').filter({ hasText: 'Export Demo_Sales' });
  await expect(transfer.first()).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  const written = (await readdir(exports)).filter((name) => name.toLowerCase().endsWith('.bak'));
  expect(written.length).toBeGreaterThan(0);
  expect((await stat(join(exports, written[0] ?? ''))).size).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});

test('Download archive… goes into a folder chosen the same way', async ({
  page,
  folder,
  consoleErrors,
}) => {
  const exports = exportsOf(folder);
  await jumpTo(page, 'archives prod', 'archives-view');
  const first = page.getByTestId('archive-table').locator('tbody tr.n-data-table-tr').first();
  const name = await first.locator('td').nth(1).innerText();
  await dismissNotifications(page);
  await first.getByTestId('row-menu').click();
  await pickMenuItem(page, 'Download archive…');
  // The browser opens where the last answer was: the exports folder.
  await expect(fileDialog(page)).toContainText(`Download archive ${name} to this folder`);
  await expect(pathField(page)).toHaveValue(exports);
  await fileDialog(page).getByTestId('harness-file-confirm').click();
  await expect(fileDialog(page)).toBeHidden();
  const card = page.getByTestId('transfer-card').filter({ hasText: `Download archive ${name}` });
  await expect(card).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  expect(await readdir(exports)).toContain(`${name}.bak`);
  expect(consoleErrors).toEqual([]);
});
