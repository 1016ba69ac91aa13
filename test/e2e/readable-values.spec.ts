import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { formatSize } from '../../src/shared/format/units';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo, pickMenuItem, pickOption } from '../support/e2e/menus';
import type { App } from '../support/e2e/pages/app';

/*
 * Names where the service has codes, and the facts of a finished transfer, against the
 * emulator's demo archives (sql-eu-prod-01, temporary and permanent ones): one harness for
 * the whole file, the tests run in order and build on each other.
 */
test.describe.configure({ mode: 'serial' });

// Column 1 is the first after the selection checkboxes: name, storage, size, created, expires.
const STORAGE = 2;
const EXPIRES = 5;
const distinct = async (app: App, column: number): Promise<string[]> => [
  ...new Set(await app.archives.rows.locator(`td:nth-child(${column + 1})`).allInnerTexts()),
];

const builder = (page: Page) => page.getByTestId('filter-builder');
const filterText = (page: Page) => builder(page).getByTestId('filter-text').locator('input');

test('the storage type is picked by name in the filter builder, and the text keeps the code', async ({
  app,
  page,
  consoleErrors,
}) => {
  await jumpTo(page, 'archives prod', 'archives-view');
  await expect(page.getByTestId('archive-page')).toHaveText('Page 1 · rows 1–90');
  // Both kinds are listed before the filter: the filter is what narrows them.
  await expect
    .poll(() => distinct(app, STORAGE).then((names) => names.sort()))
    .toEqual(['Permanent', 'Temporary']);

  await builder(page).getByTestId('filter-add').click();
  const row = builder(page).getByTestId('filter-condition').first();
  await pickOption(page, row.getByTestId('filter-property'), 'storageTypeId');
  await row.getByTestId('filter-storageTypeId').click();
  const options = page.locator('.n-base-select-option:visible');
  await expect(options).toHaveText(['Temporary (0)', 'Permanent (1)']);
  await options.filter({ hasText: 'Temporary (0)' }).click();
  await expect(filterText(page)).toHaveValue('storageTypeId = 0');
  await builder(page).getByTestId('filter-apply').click();

  await expect(page.getByTestId('archive-page')).not.toHaveText('Page 1 · rows 1–90');
  await expect.poll(() => distinct(app, STORAGE)).toEqual(['Temporary']);
  // A temporary archive keeps its date: it is deleted then.
  for (const text of await distinct(app, EXPIRES)) expect(text).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expectAccessible(page, 'the archives filtered by storage name', [
    '[data-testid="archives-view"]',
  ]);
  expect(consoleErrors).toEqual([]);
});

test('a permanent archive says Never expires, in the table and in its details', async ({
  app,
  page,
  consoleErrors,
}) => {
  const row = builder(page).getByTestId('filter-condition').first();
  await pickOption(page, row.getByTestId('filter-storageTypeId'), 'Permanent (1)');
  await expect(filterText(page)).toHaveValue('storageTypeId = 1');
  await builder(page).getByTestId('filter-apply').click();
  await expect.poll(() => distinct(app, STORAGE)).toEqual(['Permanent']);
  await expect.poll(() => distinct(app, EXPIRES)).toEqual(['Never expires']);
  // Nowhere the nominal date years ahead, nor its age ("in 9 y").
  await expect(page.getByTestId('archive-table')).not.toContainText(/in \d+ y/);

  await app.archives.rows.first().getByTestId('row-menu').click();
  await pickMenuItem(page, 'Details');
  const details = page.getByTestId('archive-details');
  await expect(details.getByTestId('archive-detail-expiryDate')).toHaveText('Never expires');
  await expect(details.getByTestId('archive-detail-storageType')).toHaveText('Permanent');
  await expect(details.getByTestId('archive-detail-databaseType')).toHaveText(
    /^(EDM|RDM|Unknown)$/,
  );
  await expectAccessible(page, 'the details of a permanent archive', [
    '[data-testid="archive-details"]',
  ]);
  expect(consoleErrors).toEqual([]);
});

test('a finished download shows its size, average speed and that its MD5 was verified', async ({
  app,
  page,
  folder,
  consoleErrors,
}) => {
  const details = page.getByTestId('archive-details');
  await expect(details.getByTestId('archive-detail-files')).toBeVisible();
  const name = await details.getByTestId('archive-detail-name').innerText();

  const card = await app.archives.download(name, folder);
  const [file] = await readdir(folder);
  const size = formatSize((await stat(join(folder, file ?? ''))).size);
  await expect(card.getByTestId('transfer-summary')).toHaveText(
    new RegExp(
      `^${size.replace('.', '\\.')} in \\d+ s · \\d+(\\.\\d+)? (B|KiB|MiB|GiB)/s · MD5 verified$`,
    ),
  );
  // The duration is the same one the card always showed.
  await expect(card.getByTestId('duration-text')).toHaveText(/^\d+ s$/);
  expect(consoleErrors).toEqual([]);
});
