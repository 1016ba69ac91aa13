import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { formatSize } from '../../src/shared/format/units';
import { dismissNotifications, queueDialog } from './activity-helpers';
import { expectAccessible } from './axe-check';
import { expect, test } from './fixtures';
import {
  jumpTo,
  openEmulatorSession,
  pickMenuItem,
  pickOption,
  tableRows,
  type ResourcesSession,
} from './resources-helpers';

/*
 * Names where the service has codes, and the facts of a finished transfer, against the
 * emulator's demo archives (sql-eu-prod-01, temporary and permanent ones): one harness for
 * the whole file, the tests run in order and build on each other.
 */
test.describe.configure({ mode: 'serial' });

let session: ResourcesSession;
let page: Page;
let folder: string;

test.beforeAll(async ({ browser }) => {
  session = await openEmulatorSession(browser);
  page = session.page;
  folder = await mkdtemp(join(tmpdir(), 'databridge-readable-'));
});
test.afterAll(async () => {
  await session?.close();
  await rm(folder, { recursive: true, force: true });
});

const rows = () => tableRows(page, 'archive-table');
// Column 1 is the first after the selection checkboxes: name, storage, size, created, expires.
const STORAGE = 2;
const EXPIRES = 5;
const distinct = async (column: number): Promise<string[]> => [
  ...new Set(
    await rows()
      .locator(`td:nth-child(${column + 1})`)
      .allInnerTexts(),
  ),
];

const builder = () => page.getByTestId('filter-builder');
const filterText = () => builder().getByTestId('filter-text').locator('input');

test('the storage type is picked by name in the filter builder, and the text keeps the code', async () => {
  await jumpTo(page, 'archives prod', 'archives-view');
  await expect(page.getByTestId('archive-page')).toHaveText('Page 1 · rows 1–90');
  // Both kinds are listed before the filter: the filter is what narrows them.
  await expect
    .poll(() => distinct(STORAGE).then((names) => names.sort()))
    .toEqual(['Permanent', 'Temporary']);

  await builder().getByTestId('filter-add').click();
  const row = builder().getByTestId('filter-condition').first();
  await pickOption(page, row.getByTestId('filter-property'), 'storageTypeId');
  await row.getByTestId('filter-storageTypeId').click();
  const options = page.locator('.n-base-select-option:visible');
  await expect(options).toHaveText(['Temporary (0)', 'Permanent (1)']);
  await options.filter({ hasText: 'Temporary (0)' }).click();
  await expect(filterText()).toHaveValue('storageTypeId = 0');
  await builder().getByTestId('filter-apply').click();

  await expect(page.getByTestId('archive-page')).not.toHaveText('Page 1 · rows 1–90');
  await expect.poll(() => distinct(STORAGE)).toEqual(['Temporary']);
  // A temporary archive keeps its date: it is deleted then.
  for (const text of await distinct(EXPIRES)) expect(text).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expectAccessible(page, 'the archives filtered by storage name', [
    '[data-testid="archives-view"]',
  ]);
  expect(session.consoleErrors).toEqual([]);
});

test('a permanent archive says Never expires, in the table and in its details', async () => {
  const row = builder().getByTestId('filter-condition').first();
  await pickOption(page, row.getByTestId('filter-storageTypeId'), 'Permanent (1)');
  await expect(filterText()).toHaveValue('storageTypeId = 1');
  await builder().getByTestId('filter-apply').click();
  await expect.poll(() => distinct(STORAGE)).toEqual(['Permanent']);
  await expect.poll(() => distinct(EXPIRES)).toEqual(['Never expires']);
  // Nowhere the nominal date years ahead, nor its age ("in 9 y").
  await expect(page.getByTestId('archive-table')).not.toContainText(/in \d+ y/);

  await rows().first().getByTestId('row-menu').click();
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
  expect(session.consoleErrors).toEqual([]);
});

test('a finished download shows its size, average speed and that its MD5 was verified', async () => {
  const details = page.getByTestId('archive-details');
  await expect(details.getByTestId('archive-detail-files')).toBeVisible();
  const name = await details.getByTestId('archive-detail-name').innerText();
  await queueDialog(session.harness, { folder });
  await dismissNotifications(page);
  await page.getByTestId('archive-download').click();
  await expect(details).toBeHidden();

  const card = page.getByTestId('transfer-card').filter({ hasText: `Download archive ${name}` });
  await expect(card).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(card.getByTestId('transfer-state')).toHaveText('Downloaded');
  const [file] = await readdir(folder);
  const size = formatSize((await stat(join(folder, file ?? ''))).size);
  await expect(card.getByTestId('transfer-summary')).toHaveText(
    new RegExp(
      `^${size.replace('.', '\\.')} in \\d+ s · \\d+(\\.\\d+)? (B|KiB|MiB|GiB)/s · MD5 verified$`,
    ),
  );
  // The duration is the same one the card always showed.
  await expect(card.getByTestId('duration-text')).toHaveText(/^\d+ s$/);
  expect(session.consoleErrors).toEqual([]);
});
