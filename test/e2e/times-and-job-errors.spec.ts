import { join } from 'node:path';
import { writeSampleDatabaseFile } from '../support/sample-files';
import { dismissNotifications } from '../support/e2e/alerts';
import { expect, SMALL_PARTS, test } from '../support/e2e/fixtures';
import { jumpTo } from '../support/e2e/menus';
import { screenshotSizes } from '../support/e2e/screenshots';

/*
 * Times with their age in the tooltip, the setting that shows the age beside them, and a
 * failed job's error on its row of the Jobs view. Demo data: sql-eu-prod-01 has a
 * failed export of Finance_Ledger ("export storage is full"); the emulator's jobFail fault
 * fails the next job started, here an import into sql-eu-dev-01.
 */
test.describe.configure({ mode: 'serial' });
// Imports of a few MiB run several parts.
test.use({ transfers: SMALL_PARTS });

test('a failed job shows its error on its row, with the whole text in a tooltip', async ({
  page,
  consoleErrors,
}) => {
  const view = await jumpTo(page, 'jobs prod', 'jobs-view');
  const rows = view.getByTestId('job-table').locator('tbody tr');
  const failed = rows.filter({ hasText: 'Finance_Ledger' });
  await expect(failed.getByTestId('job-row-error')).toContainText('export storage is full');
  // Only failed rows carry one.
  await expect(view.getByTestId('job-row-error')).toHaveCount(1);
  await expect(failed.getByTestId('job-row-error')).toHaveAttribute(
    'title',
    /^The backup could not be written: the export storage is full\. Free space/,
  );
  // The search finds a row by its error.
  await view.getByTestId('job-table').getByPlaceholder('Search jobs').fill('storage is full');
  await expect(rows).toHaveCount(1);
  await view.getByTestId('job-table').getByPlaceholder('Search jobs').fill('');
  await dismissNotifications(page);
  await screenshotSizes(page, 'views/jobs');
  expect(consoleErrors).toEqual([]);
});

test('a job that fails while the view is open gets its error on its row', async ({
  app,
  page,
  harness,
  folder,
  consoleErrors,
}) => {
  const path = join(folder, 'Fail_Row.bak');
  await writeSampleDatabaseFile(path, 'bak', 256 * 1024);
  const view = await jumpTo(page, 'jobs dev', 'jobs-view');
  harness.emulator.faults.once('jobFail');
  await app.importFile({
    instanceName: 'sql-eu-dev-01',
    databaseName: 'Fail_Row',
    sourcePath: path,
  });
  const row = view.getByTestId('job-table').locator('tbody tr').filter({ hasText: 'Fail_Row' });
  await expect(row).toContainText('Failed', { timeout: 30_000 });
  await expect(row.getByTestId('job-row-error')).toContainText('ran out of disk space');
  expect(consoleErrors).toEqual([]);
});

test('times show the date and time, their age on hover, or beside them when the setting says so', async ({
  page,
  harness,
  consoleErrors,
}) => {
  const view = await jumpTo(page, 'jobs prod', 'jobs-view');
  const started = view
    .getByTestId('job-table')
    .locator('tbody tr')
    .filter({ hasText: 'Finance_Ledger' })
    .locator('time')
    .first();
  await expect(started).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  await expect(started).toHaveAttribute(
    'title',
    /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d · (\d+ (min|h|d|mo|y) ago|now)$/,
  );
  expect(await started.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
  const shown = await started.textContent();
  // The content CSS draws after the element (the spec compiles without the DOM library).
  type Window = { getComputedStyle(element: unknown, pseudo: string): { content: string } };
  const after = () =>
    started.evaluate(
      (element) => (globalThis as unknown as Window).getComputedStyle(element, '::after').content,
    );
  expect(await after()).toBe('none');

  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-time-relative').click();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-state')).toHaveText('All changes saved');
  expect(harness.services.settings.get().timeDisplay).toBe('relative');
  await jumpTo(page, 'jobs prod', 'jobs-view');
  // The age is drawn beside the time; the cell's text (what search and copy read) stays the time.
  await expect(started).toHaveText(shown ?? '');
  await expect(started).toHaveAttribute('data-age', /^(\d+ (min|h|d|mo|y) ago|now)$/);
  expect(await after()).toMatch(/^" · (\d+ (min|h|d|mo|y) ago|now)"$/);

  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-time-absolute').click();
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-state')).toHaveText('All changes saved');
  expect(consoleErrors).toEqual([]);
});
