import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { dismissNotifications } from '../support/e2e/alerts';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo, pickMenuItem, pickOption, runCommand } from '../support/e2e/menus';
import {
  screenshotModalThemes,
  screenshotSizes,
  screenshotThemes,
} from '../support/e2e/screenshots';
import type { App } from '../support/e2e/pages/app';

/*
 * The archives view against the emulator's demo data (90 archives on sql-eu-prod-01): one
 * harness for the whole file, the tests run in order and build on each other.
 */
test.describe.configure({ mode: 'serial' });

const GROUP = '3f9a1c2e-5b7d-4e8f-9a0b-1c2d3e4f5a61';

// Column 1 is the first after the selection checkboxes.
const cellTexts = (app: App, column: number) =>
  app.archives.rows.locator(`td:nth-child(${column + 1})`).allInnerTexts();

async function rowMenu(app: App, rowIndex: number, item: string): Promise<void> {
  await app.archives.rows.nth(rowIndex).getByTestId('row-menu').click();
  await pickMenuItem(app.page, item);
}

const collator = new Intl.Collator('en', { sensitivity: 'accent' });
const isSorted = (values: string[]): boolean =>
  values.every((value, i) => i === 0 || collator.compare(values[i - 1] ?? '', value) <= 0);

test('the archives view lists a page from the service, sorts and pages by page number', async ({
  app,
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'archives prod', 'archives-view');
  await expect(page.getByTestId('archive-page')).toHaveText('Page 1 · rows 1–90');
  await expect(page.getByTestId('archive-next')).toBeDisabled();
  await pickOption(page, page.getByTestId('archive-page-size'), '50 a page');
  await expect(page.getByTestId('archive-page')).toHaveText('Page 1 · rows 1–50');
  await expect(page.getByTestId('archive-next')).toBeEnabled();

  // A click on a column header sorts on the service, across pages (descending, then ascending).
  const nameHeader = page.getByTestId('archive-table').getByRole('columnheader', { name: 'Name' });
  await nameHeader.click();
  await expect(page.getByTestId('archive-sort')).toContainText('Name');
  await expect(page.getByTestId('archive-direction')).toContainText('Descending');
  await nameHeader.click();
  await expect(page.getByTestId('archive-direction')).toContainText('Ascending');
  // The table scrolls virtually: only the rows in view are in the page, which is enough to
  // see the order (the pager counts the rows).
  // The direction shows at once, the rows with the service's answer: poll until they are sorted.
  await expect.poll(async () => isSorted(await cellTexts(app, 1))).toBe(true);
  const firstPage = await cellTexts(app, 1);
  expect(firstPage.length).toBeGreaterThan(5);
  await page.getByTestId('archive-next').click();
  // offset=1 with limit=50 is rows 51 to 90: the page comes back short, so no next page.
  await expect(page.getByTestId('archive-page')).toHaveText('Page 2 · rows 51–90');
  await expect(page.getByTestId('archive-next')).toBeDisabled();
  const secondPage = await cellTexts(app, 1);
  // Sorted on the service over all 90 rows: page 2 starts after everything page 1 showed.
  expect(isSorted([...firstPage, ...secondPage])).toBe(true);

  // Any change of sort or size starts again from the first page.
  await pickOption(page, page.getByTestId('archive-direction'), 'Descending');
  await expect(page.getByTestId('archive-page')).toHaveText('Page 1 · rows 1–50');
  const descending = await cellTexts(app, 1);
  expect(isSorted([...descending].reverse())).toBe(true);
  await pickOption(page, page.getByTestId('archive-sort'), 'Created');
  await pickOption(page, page.getByTestId('archive-page-size'), '100 a page');
  await expect(page.getByTestId('archive-page')).toHaveText('Page 1 · rows 1–90');

  await rowMenu(app, 0, 'Show raw JSON');
  await expect(page.getByTestId('raw-json-drawer')).toContainText('"archiveId"');
  await expect(page.getByTestId('raw-json-unknown')).toContainText('Every field is known');
  await screenshotSizes(page, 'dialogs/raw-json-drawer');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('raw-json-drawer')).toBeHidden();
  await screenshotThemes(page, 'archives');
  expect(consoleErrors).toEqual([]);
});

test('the filter builder writes the grammar, shows parse errors at their position, and the service filters', async ({
  app,
  page,
}) => {
  const builder = page.getByTestId('filter-builder');
  const text = builder.getByTestId('filter-text').locator('input');
  await builder.getByTestId('filter-add').click();
  const row = builder.getByTestId('filter-condition').first();
  await pickOption(page, row.getByTestId('filter-property'), 'createdBy');
  await pickOption(page, row.getByTestId('filter-operator'), '=');
  await row.getByTestId('filter-value').locator('input').fill('admin');
  await expect(text).toHaveValue('createdBy = "admin"');
  await builder.getByTestId('filter-apply').click();
  await expect(page.getByTestId('archive-page')).not.toHaveText('Page 1 · rows 1–90');
  // The rows come with the service's answer, after the text changes: poll until they show.
  const distinct = async (column: number) => [...new Set(await cellTexts(app, column))];
  await expect.poll(() => distinct(6)).toEqual(['admin']);

  await text.fill('sizeInMb > "big"');
  const error = builder.getByTestId('filter-error');
  await expect(error).toContainText('Expected a number for sizeInMb at position 11');
  await expect(builder.getByTestId('filter-error-marker').locator('mark')).toHaveText('"');
  await expect(builder.getByTestId('filter-apply')).toBeDisabled();
  await screenshotThemes(page, 'archives-filter-error');

  await text.fill('storageTypeId = 0 and sizeInMb >= 1024');
  await expect(error).toBeHidden();
  await expect(builder.getByTestId('filter-condition')).toHaveCount(2);
  // storageTypeId is picked by name: the only typed value is the size's.
  await expect(builder.getByTestId('filter-storageTypeId')).toContainText('Temporary (0)');
  await expect(builder.getByTestId('filter-value').first().locator('input')).toHaveValue('1024');
  await text.press('Enter');
  await expect(text).toHaveValue('storageTypeId = 0 AND sizeInMb >= 1024');
  await expect.poll(() => distinct(2)).toEqual(['Temporary']);
  await screenshotThemes(page, 'archives-filtered');

  await builder.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByTestId('archive-page')).toHaveText('Page 1 · rows 1–90');
});

test('the details of an archive show every field with its download links shortened; Download archive ends Downloaded', async ({
  app,
  page,
  folder,
  consoleErrors,
}) => {
  const details = page.getByTestId('archive-details');
  const files = details.getByTestId('archive-detail-files');
  const name = await app.archives.rows.first().locator('td').nth(1).innerText();
  await rowMenu(app, 0, 'Details');
  await expect(details.getByTestId('archive-detail-name')).toHaveText(name);
  await expect(details.getByTestId('archive-detail-serverName')).toHaveText('sql-eu-prod-01');
  await expect(details.getByTestId('archive-detail-databaseType')).toHaveText(
    /^(EDM|RDM|Unknown)$/,
  );
  await expect(details.getByTestId('archive-detail-thumbprint')).toContainText(/[0-9A-F]{40}/);
  for (const key of ['archiveId', 'sizeInMb', 'createDate', 'expiryDate', 'createdBy']) {
    await expect(details.getByTestId(`archive-detail-${key}`)).toHaveText(/[^—\s]/);
  }
  // A pre-signed link shows as host and file name: no query, no signature, in the page at all.
  await expect(files).toHaveText(new RegExp(`^127\\.0\\.0\\.1:\\d+/…/${name}\\.bak$`));
  expect(await page.content()).not.toMatch(/[?&](sig|expires)=/);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // Enter on a focused row opens the details; so does a double-click (light, then dark).
  await app.archives.rows.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(files).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  // The monitor's blocking alerts (the emulator's sessions) would cover the drawer.
  await dismissNotifications(page);
  await screenshotModalThemes(
    page,
    'archives-details',
    async () => {
      await app.archives.rows.first().dblclick();
      await expect(files).toBeVisible();
      return details;
    },
    () => page.keyboard.press('Escape'),
  );

  await app.archives.rows.first().dblclick();
  await expect(files).toBeVisible();
  const card = await app.archives.download(name, folder);
  await expect(card.getByTestId('transfer-stages')).toHaveText(/Download\s*Done/);
  await expect(card.getByTestId('transfer-open-folder')).toBeVisible();
  expect(await readdir(folder)).toEqual([`${name}.bak`]);
  expect((await stat(join(folder, `${name}.bak`))).size).toBeGreaterThan(0);
  await dismissNotifications(page);
  await screenshotThemes(page, 'archives-download-done');
  await page.getByTestId('toggle-activity').click();
  expect(consoleErrors).toEqual([]);
});

test('update archive asks for the resource group once, checks it, remembers it and sends the patch', async ({
  app,
  page,
  harness,
}) => {
  await rowMenu(app, 0, 'Update storage and expiry');
  const update = page.getByTestId('archive-update-dialog');
  await expect(update).toBeVisible();
  const group = update.getByTestId('archive-resource-group').locator('input');
  await expect(group).toHaveValue('');
  await group.fill('not-a-guid');
  await expect(update).toContainText('Resource group id must be a GUID');
  await group.fill(GROUP);
  await pickOption(page, update.getByTestId('archive-storage-type'), 'Temporary');
  await expect(update.getByTestId('archive-expiry')).toBeVisible();
  await screenshotThemes(page, 'archives-update');
  await screenshotSizes(page, 'dialogs/archive-update-dialog');
  const name = await app.archives.rows.first().locator('td').nth(1).innerText();
  await update.getByTestId('dialog-confirm').click();
  await expect(update).toBeHidden();
  await expect(page.getByText('Archive updated')).toBeVisible();
  const profile = harness.services.profiles.list().find((p) => p.isEmulator);
  expect(profile?.resourceGroupId).toBe(GROUP);
  const updated = app.archives.rows.filter({ hasText: name }).first();
  await expect(updated.locator('td:nth-child(3)')).toHaveText('Temporary');

  // The second time the remembered group is used as it is.
  await rowMenu(app, 0, 'Update storage and expiry');
  await expect(update.getByTestId('archive-resource-group').locator('input')).toHaveValue(GROUP);
  await expect(update.getByTestId('archive-resource-group').locator('input')).toBeDisabled();
  await update.getByRole('button', { name: 'Cancel' }).click();
  await expect(update).toBeHidden();
});

test('restore checks the database name, starts a job the watcher follows, and keeps the name on failure', async ({
  app,
  page,
  harness,
}) => {
  await app.archives.rows.nth(1).locator('td').nth(1).click();
  await expect(page.getByTestId('archive-pane')).toBeVisible();
  await runCommand(page, 'Restore archive into a new database');
  const restore = page.getByTestId('archive-restore-dialog');
  await expect(restore).toBeVisible();
  const name = restore.getByTestId('archive-restore-name').locator('input');
  await name.fill('bad/name');
  await expect(restore).toContainText('Database name may contain only letters');
  await screenshotSizes(page, 'dialogs/archive-restore-dialog');
  await name.fill('Restored_By_Test');
  await restore.getByTestId('dialog-confirm').click();
  await expect(restore).toBeHidden();
  // The job watcher in main follows the restore job (the activity panel shows it).
  await expect
    .poll(() =>
      harness.services.jobs
        .list()
        .filter((job) => job.startedByApp && job.instanceName === 'sql-eu-prod-01')
        .map((job) => job.label ?? ''),
    )
    .toContainEqual(expect.stringMatching(/^Restore archive/));

  // The same name again: the service refuses (the database exists); what was typed stays.
  await runCommand(page, 'Restore archive into a new database');
  await name.fill('Restored_By_Test');
  await restore.getByTestId('dialog-confirm').click();
  await expect(restore.getByTestId('error-state')).toContainText('Restore archive failed');
  await expect(restore.getByTestId('error-state')).toContainText('Restored_By_Test');
  await expect(name).toHaveValue('Restored_By_Test');
  await restore.getByRole('button', { name: 'Cancel' }).click();
});

test('delete archive needs the name typed, then removes the row', async ({ app, page }) => {
  await expect(page.getByTestId('archive-page')).toHaveText('Page 1 · rows 1–90');
  const name = await app.archives.rows.nth(2).locator('td').nth(1).innerText();
  // The menu reaches down to where the monitor's blocking alerts show.
  await dismissNotifications(page);
  await rowMenu(app, 2, 'Delete');
  const remove = page.getByTestId('archive-delete-dialog');
  await expect(remove.getByTestId('dialog-confirm')).toBeDisabled();
  await screenshotSizes(page, 'dialogs/archive-delete-dialog');
  await remove.getByTestId('confirm-type-name').locator('input').fill(name);
  await remove.getByTestId('dialog-confirm').click();
  await expect(remove).toBeHidden();
  await expect(page.getByText('Archive deleted')).toBeVisible();
  await expect(page.getByTestId('archive-page')).toHaveText('Page 1 · rows 1–89');
  await expect(app.archives.rows.filter({ hasText: name })).toHaveCount(0);
});

test('a read-only profile disables every archive action', async ({ app, page }) => {
  await app.makeEmulatorProfileReadOnly();
  await expect(page.getByTestId('read-only-tag')).toBeVisible();
  await app.archives.rows.first().getByTestId('row-menu').click();
  for (const item of ['Update storage and expiry', 'Restore into a new database', 'Delete…']) {
    const option = page.locator('.n-dropdown-option:visible').filter({ hasText: item });
    await expect(option.locator('.n-dropdown-option-body')).toHaveClass(/--disabled/);
  }
  // Details and download only read the service: they stay.
  for (const item of ['Details', 'Download archive…']) {
    const option = page.locator('.n-dropdown-option:visible').filter({ hasText: item });
    await expect(option.locator('.n-dropdown-option-body')).not.toHaveClass(/--disabled/);
  }
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByTestId('command-palette');
  await palette.getByTestId('quick-pick-input').locator('input').fill('Delete archive');
  await expect(palette.getByTestId('quick-pick-item').first()).toHaveClass(/disabled/);
  await page.keyboard.press('Escape');
});
