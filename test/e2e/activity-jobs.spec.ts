import { expect, SMALL_PARTS, test } from '../support/e2e/fixtures';
import { jumpTo } from '../support/e2e/menus';
import { screenshotModalThemes, screenshotThemes } from '../support/e2e/screenshots';

/*
 * The jobs of an instance against the harness's emulator (demo data: sql-eu-prod-01 has a
 * failed export of Finance_Ledger with the service's error, and finished jobs).
 */
test.describe.configure({ mode: 'serial' });
// Imports of a few MiB run several parts.
test.use({ transfers: SMALL_PARTS });

test('the jobs view lists the instance jobs, filters them, and a failed job shows its error', async ({
  page,
  consoleErrors,
}) => {
  const view = await jumpTo(page, 'jobs prod', 'jobs-view');
  const rows = view.getByTestId('job-table').locator('tbody tr');
  await expect(rows.filter({ hasText: 'Finance_Ledger' })).toHaveCount(1);
  await page
    .getByTestId('jobs-filter')
    .getByText(/^Failed/)
    .click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Failed');
  await screenshotThemes(page, 'jobs-view');
  const detail = page.getByTestId('job-detail');
  await screenshotModalThemes(
    page,
    'job-error',
    async () => {
      await rows.first().dblclick();
      await expect(detail.getByTestId('job-error')).toContainText('export storage is full');
      return detail;
    },
    () => page.keyboard.press('Escape'),
  );
  await page
    .getByTestId('jobs-filter')
    .getByText(/^Finished/)
    .click();
  await expect(rows.filter({ hasText: 'Succeeded' }).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
