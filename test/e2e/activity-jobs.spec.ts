import { expect, test } from '@playwright/test';
import {
  jumpTo,
  openActivitySession,
  screenshotModalThemes,
  screenshotThemes,
  type ActivitySession,
} from './activity-helpers';

/*
 * The jobs of an instance against the harness's emulator (demo data: sql-eu-prod-01 has a
 * failed export of Finance_Ledger with the service's error, and finished jobs).
 */
test.describe.configure({ mode: 'serial' });

let session: ActivitySession;
test.beforeAll(async ({ browser }) => {
  session = await openActivitySession(browser);
});
test.afterAll(async () => {
  await session.close();
});

test('the jobs view lists the instance jobs, filters them, and a failed job shows its error', async () => {
  const { page } = session;
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
  expect(session.consoleErrors).toEqual([]);
});
