import { join } from 'node:path';
import { writeSampleDatabaseFile } from '../support/sample-files';
import type { Locator } from '@playwright/test';
import { queueDialog } from '../support/e2e/files';
import { expect, SMALL_PARTS, test } from '../support/e2e/fixtures';
import type { App } from '../support/e2e/pages/app';
import { jumpTo } from '../support/e2e/menus';
import { screenshotSizes, screenshotThemes } from '../support/e2e/screenshots';

/*
 * The activity panel against the harness's emulator: the current instance's jobs beside the
 * app's own cards (demo data: sql-eu-prod-01 has a failed export of Finance_Ledger with the
 * service's error, and two finished jobs), the running / failed / finished filters, a
 * transfer paused from the palette and cancelled from its card, and a failed import retried.
 */
test.describe.configure({ mode: 'serial' });
// Imports of a few MiB run several parts.
test.use({ transfers: SMALL_PARTS });

const PROD = 'sql-eu-prod-01';
const DEV = 'sql-eu-dev-01';
const MiB = 1024 * 1024;

/** Starts an import of a generated BAK into the open view's instance; answers its card. */
async function startImport(
  app: App,
  folder: string,
  name: string,
  sizeBytes: number,
): Promise<Locator> {
  const file = join(folder, `${name}.bak`);
  await writeSampleDatabaseFile(file, 'bak', sizeBytes);
  await queueDialog(app.harness, { files: [file] });
  const panel = await app.activity.open();
  await panel.getByTestId('activity-import').click();
  const sheet = app.activity.importSheet;
  await expect(sheet.getByTestId('import-plan')).toBeVisible();
  await sheet.getByTestId('import-start').click();
  await expect(sheet).toBeHidden();
  return panel
    .getByTestId('transfer-card')
    .filter({ hasText: `${name}.bak` })
    .first();
}

test('the panel lists the open instance’s jobs, filters them, and shows a failed job’s error', async ({
  app,
  page,
  harness,
  consoleErrors,
}) => {
  await page.getByTestId('open-connections').click();
  const panel = await app.activity.open();
  await panel.getByTestId('activity-scope-instance').click();
  await expect(panel.getByTestId('empty-state')).toContainText('No instance open');

  // A list that fails to load says so, and loads on "Try again".
  await panel.getByTestId('activity-scope-app').click();
  await jumpTo(page, PROD, 'instance-overview');
  harness.emulator.faults.set({ rate500: 1 });
  await panel.getByTestId('activity-scope-instance').click();
  await expect(panel.getByTestId('error-state')).toContainText('Listing the jobs failed');
  harness.emulator.faults.reset();
  await panel.getByTestId('activity-jobs-retry').click();
  await expect(panel.getByTestId('activity-scope-instance')).toContainText(`Jobs of ${PROD} 3`);
  const cards = app.activity.instanceCards;
  await expect(cards).toHaveCount(3);
  const failed = cards.filter({ hasText: 'Finance_Ledger' });
  await expect(failed.getByTestId('job-status')).toHaveText('Failed');
  await expect(failed.getByTestId('job-error')).toContainText('export storage is full');
  await expect(failed).toContainText('ended');
  await screenshotThemes(page, 'activity-instance-jobs');

  await app.activity.filterBy('Failed');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Finance_Ledger');
  await app.activity.filterBy('Finished');
  await expect(cards).toHaveCount(2);
  await expect(cards.getByTestId('job-status')).toHaveText(['Succeeded', 'Succeeded']);
  await app.activity.filterBy('Running');
  await expect(cards).toHaveCount(0);
  await expect(panel.getByTestId('empty-state')).toContainText('Nothing running');
  await app.activity.filterBy('All');

  // The details drawer has the whole record; the link still leads to the Jobs view.
  await failed.getByTestId('job-details').click();
  await expect(page.getByTestId('job-detail').getByTestId('job-error')).toContainText(
    'export storage is full',
  );
  await screenshotSizes(page, 'dialogs/job-detail');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('job-detail')).toBeHidden();
  await panel.getByTestId('activity-instance-jobs').click();
  await expect(page.getByTestId('jobs-view')).toBeVisible();
  await panel.getByTestId('activity-scope-app').click();
  expect(consoleErrors).toEqual([]);
});

test('a transfer paused from the palette and cancelled from its card leaves Running', async ({
  app,
  page,
  harness,
  folder,
  consoleErrors,
}) => {
  await jumpTo(page, DEV, 'instance-overview');
  // Slow requests keep the upload going while the test acts.
  harness.emulator.faults.set({ latencyMs: 1500 });
  const transfer = await startImport(app, folder, 'Cancel_Me', 24 * MiB);
  await app.activity.filterBy('Running');
  await expect(transfer).toHaveAttribute('data-state', /queued|uploading/);

  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByTestId('command-palette');
  await palette.getByTestId('quick-pick-input').locator('input').fill('Pause the upload of Cancel');
  await expect(palette.getByTestId('quick-pick-item').first()).toHaveText(
    /Pause the upload of Cancel_Me\.bak/,
  );
  await palette.getByTestId('quick-pick-item').first().click();
  await expect(transfer).toHaveAttribute('data-state', 'paused');
  harness.emulator.faults.reset();

  await transfer.getByTestId('transfer-cancel').click();
  await expect(transfer).toBeHidden();
  await app.activity.filterBy('Finished');
  await expect(transfer).toHaveAttribute('data-state', 'cancelled');
  await expect(transfer.getByTestId('transfer-state')).toHaveText('Cancelled');
  await app.activity.filterBy('All');
  expect(consoleErrors).toEqual([]);
});

test('a failed import shows its error, once among the instance’s jobs, and Retry brings it online', async ({
  app,
  page,
  harness,
  folder,
  consoleErrors,
}) => {
  const panel = await app.activity.open();
  // jobFail fails the next job started: this import's job.
  harness.emulator.faults.once('jobFail');
  const transfer = await startImport(app, folder, 'Fail_Once', 256 * 1024);
  await expect(transfer).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(transfer.getByTestId('transfer-error')).toContainText('ran out of disk space');

  await panel.getByTestId('activity-scope-instance').click();
  const job = app.activity.instanceCards.filter({ hasText: 'Fail_Once' });
  await expect(job).toHaveCount(1);
  await expect(job.getByTestId('job-error')).toContainText('ran out of disk space');
  await expect(job.getByTestId('job-by-app')).toBeVisible();
  await screenshotThemes(page, 'activity-instance-jobs-by-app', panel);
  await panel.getByTestId('activity-scope-app').click();

  await transfer.getByTestId('transfer-retry').click();
  await expect(transfer).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(transfer.getByTestId('transfer-state')).toHaveText('Database online');
  expect(consoleErrors).toEqual([]);
});
