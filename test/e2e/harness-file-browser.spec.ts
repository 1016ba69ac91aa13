import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEMO_EXPORTS_FOLDER, writeDemoFiles } from '../harness/demo-files';
import { dismissNotifications, jumpTo, screenshotModalThemes } from './activity-helpers';
import { expectAccessible } from './axe-check';
import { expect, test } from './fixtures';
import { pickMenuItem } from './resources-helpers';
import { openSignedInSession, type EmulatorSession } from './session-helpers';

/*
 * Where there is no native dialog, the harness's own file browser (a path field and a list of
 * the folder's entries) answers Import…, Choose… and Download archive…: nothing is queued by
 * the test runner here, every path is typed or clicked in the page, as a newcomer does with
 * `npm run harness`, and main records the answer as a native dialog's (imports and exports
 * refuse any other path). One harness for the file, over the demo files; tests build on
 * each other.
 */
test.describe.configure({ mode: 'serial' });

const DEV = 'sql-eu-dev-01';
let session: EmulatorSession;
let page: Page;
let folder: string;
let exports: string;

test.beforeAll(async ({ browser }) => {
  folder = await mkdtemp(join(tmpdir(), 'databridge-file-browser-'));
  exports = join(folder, DEMO_EXPORTS_FOLDER);
  await writeDemoFiles(folder);
  await writeFile(join(folder, 'notes.txt'), 'not a database');
  session = await openSignedInSession(browser, {
    emulator: { jobMs: 400 },
    fileBrowser: { roots: [folder], startFolder: folder },
  });
  page = session.page;
});
test.afterAll(async () => {
  await session?.close();
  await rm(folder, { recursive: true, force: true });
});

const fileDialog = (): Locator => page.getByTestId('harness-file-dialog');
const pathField = (): Locator => fileDialog().getByTestId('harness-file-path').locator('input');
const row = (name: string): Locator =>
  fileDialog().getByTestId('harness-file-row').filter({ hasText: name });

/** Opens Import… of the activity panel on DEV's overview. */
async function openImport(): Promise<void> {
  await page.getByTestId('activity-import').click();
  await expect(fileDialog()).toBeVisible();
  await expect(row('Demo_Sales.bak')).toBeVisible();
}

test('Import… opens the harness’s file browser; the file typed in its path field is imported', async () => {
  // The import runs to "Database online" (upload, then the emulator's job).
  test.slow();
  await expect(page.getByTestId('harness-files')).toHaveText('Files: harness browser');
  await jumpTo(page, DEV, 'instance-overview');
  // Import… sits in the activity panel's header.
  if (!(await page.getByTestId('activity-import').isVisible())) {
    await page.getByTestId('toggle-activity').click();
  }
  await openImport();
  await expect(fileDialog()).toContainText(`Import into ${DEV}`);
  await expect(pathField()).toHaveValue(folder);
  // Folders first, then the database files the dialog's filter takes (no notes.txt).
  await expect(fileDialog().getByTestId('harness-file-row')).toHaveText([
    new RegExp(DEMO_EXPORTS_FOLDER),
    /Demo_Inventory\.dacpac/,
    /Demo_Reports\.mdf/,
    /Demo_Sales\.bak/,
  ]);
  await expect(row('Demo_Sales.bak')).toContainText('512 KiB');
  await expect(fileDialog().getByTestId('harness-file-up')).toBeDisabled();

  // Into a folder by its name, and up again.
  await row(DEMO_EXPORTS_FOLDER).getByRole('button', { name: 'Open folder exports' }).click();
  await expect(pathField()).toHaveValue(exports);
  await expect(fileDialog()).toContainText('This folder is empty.');
  await fileDialog().getByTestId('harness-file-up').click();
  await expect(pathField()).toHaveValue(folder);

  // Outside the browser's folder: refused, and the list stays where it was.
  await pathField().fill(tmpdir());
  await pathField().press('Enter');
  await expect(fileDialog().locator('.n-alert')).toContainText('shows only what is under');
  await expect(row('Demo_Sales.bak')).toBeVisible();

  // A file's path, typed: its folder is listed and the file picked.
  await pathField().fill(join(folder, 'Demo_Sales.bak'));
  await pathField().press('Enter');
  await expect(fileDialog().getByTestId('harness-file-choice')).toHaveText(
    'Selected: Demo_Sales.bak',
  );
  await expect(row('Demo_Sales.bak').getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  await fileDialog().getByTestId('harness-file-confirm').click();
  await expect(fileDialog()).toBeHidden();

  const sheet = page.getByTestId('import-sheet');
  await expect(sheet.getByTestId('import-name').locator('input')).toHaveValue('Demo_Sales');
  await expect(sheet.getByTestId('import-plan')).toContainText('Looks like a BAK file');
  await sheet.getByTestId('import-start').click();
  const card = page.getByTestId('transfer-card').filter({ hasText: 'Demo_Sales' }).first();
  await expect(card).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect(card.getByTestId('transfer-state')).toHaveText('Database online');
  expect(session.consoleErrors).toEqual([]);
});

test('a file clicked in the list is imported too, with the keyboard alone', async () => {
  await openImport();
  const file = row('Demo_Inventory.dacpac').getByRole('button', { name: 'Demo_Inventory.dacpac' });
  await file.focus();
  await page.keyboard.press('Enter');
  await expect(file).toHaveAttribute('aria-pressed', 'true');
  await expect(fileDialog().getByTestId('harness-file-choice')).toHaveText(
    'Selected: Demo_Inventory.dacpac',
  );
  await fileDialog().getByTestId('harness-file-confirm').focus();
  await page.keyboard.press('Enter');
  await expect(fileDialog()).toBeHidden();
  const sheet = page.getByTestId('import-sheet');
  await expect(sheet.getByTestId('import-name').locator('input')).toHaveValue('Demo_Inventory');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Escape cancels the browser: no import sheet opens.
  await openImport();
  await page.keyboard.press('Escape');
  await expect(fileDialog()).toBeHidden();
  await expect(sheet).toBeHidden();
  expect(session.consoleErrors).toEqual([]);
});

test('the file browser is accessible, in light and dark', async () => {
  // axe runs over the page twice (both themes): slow on a busy machine.
  test.slow();
  await openImport();
  await expectAccessible(page, 'the harness’s file browser', [
    '[data-testid="harness-file-dialog"]',
  ]);
  await page.keyboard.press('Escape');
  await expect(fileDialog()).toBeHidden();
});

test('screenshots of the file browser, in light and dark', async () => {
  await screenshotModalThemes(
    page,
    'harness-file-browser',
    async () => {
      await openImport();
      await row('Demo_Sales.bak').getByRole('button').click();
      return fileDialog();
    },
    () => page.keyboard.press('Escape'),
  );
});

test('an export goes into a folder chosen in the file browser', async () => {
  const card = page.getByTestId('transfer-card').filter({ hasText: 'Demo_Sales' }).first();
  await card.getByTestId('transfer-open-database').click();
  await expect(page.getByTestId('view-title')).toContainText('Demo_Sales');
  await page.getByTestId('action-export').click();
  const exportDialog = page.getByTestId('export-dialog');
  await exportDialog.getByTestId('export-type').getByText('BAK').click();
  await exportDialog.getByTestId('export-choose-folder').click();

  await expect(fileDialog()).toContainText('Export to this folder');
  // A folder dialog shows the files too, but only folders can be opened and chosen.
  await expect(row('Demo_Sales.bak')).toBeVisible();
  await expect(row('Demo_Sales.bak').getByRole('button')).toHaveCount(0);
  await expect(row('notes.txt')).toBeVisible();
  await row(DEMO_EXPORTS_FOLDER).getByRole('button', { name: 'Open folder exports' }).click();
  await expect(pathField()).toHaveValue(exports);
  await expect(fileDialog().getByTestId('harness-file-choice')).toHaveText(`Folder: ${exports}`);
  await fileDialog().getByTestId('harness-file-confirm').click();
  await expect(fileDialog()).toBeHidden();

  await expect(exportDialog.getByTestId('export-folder').locator('input')).toHaveValue(exports);
  await exportDialog.getByTestId('dialog-confirm').click();
  const transfer = page.getByTestId('transfer-card').filter({ hasText: 'Export Demo_Sales' });
  await expect(transfer.first()).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  const written = (await readdir(exports)).filter((name) => name.toLowerCase().endsWith('.bak'));
  expect(written.length).toBeGreaterThan(0);
  expect((await stat(join(exports, written[0] ?? ''))).size).toBeGreaterThan(0);
  expect(session.consoleErrors).toEqual([]);
});

test('Download archive… goes into a folder chosen the same way', async () => {
  await jumpTo(page, 'archives prod', 'archives-view');
  const first = page.getByTestId('archive-table').locator('tbody tr.n-data-table-tr').first();
  const name = await first.locator('td').nth(1).innerText();
  await dismissNotifications(page);
  await first.getByTestId('row-menu').click();
  await pickMenuItem(page, 'Download archive…');
  // The browser opens where the last answer was: the exports folder.
  await expect(fileDialog()).toContainText(`Download archive ${name} to this folder`);
  await expect(pathField()).toHaveValue(exports);
  await fileDialog().getByTestId('harness-file-confirm').click();
  await expect(fileDialog()).toBeHidden();
  const card = page.getByTestId('transfer-card').filter({ hasText: `Download archive ${name}` });
  await expect(card).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  expect(await readdir(exports)).toContain(`${name}.bak`);
  expect(session.consoleErrors).toEqual([]);
});
