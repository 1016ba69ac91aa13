import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { writeSampleDatabaseFile } from '../support/sample-files';
import {
  jumpTo,
  openActivitySession,
  queueDialog,
  screenshotThemes,
  type ActivitySession,
} from './activity-helpers';

/*
 * The activity panel against the harness's emulator: the current instance's jobs beside the
 * app's own cards (demo data: sql-eu-prod-01 has a failed export of Finance_Ledger with the
 * service's error, and two finished jobs), the running / failed / finished filters, a
 * transfer paused from the palette and cancelled from its card, and a failed import retried.
 */
test.describe.configure({ mode: 'serial' });

const PROD = 'sql-eu-prod-01';
const DEV = 'sql-eu-dev-01';
const MiB = 1024 * 1024;
let session: ActivitySession;
let folder: string;

test.beforeAll(async ({ browser }) => {
  session = await openActivitySession(browser);
  folder = await mkdtemp(join(tmpdir(), 'databridge-panel-'));
});
test.afterAll(async () => {
  await session?.close();
  await rm(folder, { recursive: true, force: true });
});

function panelOf(page: Page): Locator {
  return page.getByTestId('activity-panel');
}

/** Opens the activity panel unless it is open. */
async function openPanel(page: Page): Promise<Locator> {
  if (!(await panelOf(page).isVisible())) await page.getByTestId('toggle-activity').click();
  await expect(panelOf(page)).toBeVisible();
  return panelOf(page);
}

/** Clicks one of the panel's filters (All, Running, Failed, Finished). */
async function filterBy(panel: Locator, name: string): Promise<void> {
  await panel
    .getByTestId('activity-filter')
    .getByText(new RegExp(`^${name}`))
    .click();
}

/** The panel's cards of the instance's jobs. */
function instanceCards(panel: Locator): Locator {
  return panel.locator('[data-testid="job-card"][data-source="instance"]');
}

/** Starts an import of a generated BAK into the open view's instance; answers its card. */
async function startImport(page: Page, name: string, sizeBytes: number): Promise<Locator> {
  const file = join(folder, `${name}.bak`);
  await writeSampleDatabaseFile(file, 'bak', sizeBytes);
  await queueDialog(session.harness, { files: [file] });
  const panel = await openPanel(page);
  await panel.getByTestId('activity-import').click();
  const sheet = page.getByTestId('import-sheet');
  await expect(sheet.getByTestId('import-plan')).toBeVisible();
  await sheet.getByTestId('import-start').click();
  await expect(sheet).toBeHidden();
  return panel
    .getByTestId('transfer-card')
    .filter({ hasText: `${name}.bak` })
    .first();
}

test('the panel lists the open instance’s jobs, filters them, and shows a failed job’s error', async () => {
  const { page } = session;
  await page.getByTestId('open-connections').click();
  const panel = await openPanel(page);
  await panel.getByTestId('activity-scope-instance').click();
  await expect(panel.getByTestId('empty-state')).toContainText('No instance open');

  // A list that fails to load says so, and loads on "Try again".
  await panel.getByTestId('activity-scope-app').click();
  await jumpTo(page, PROD, 'instance-overview');
  session.harness.emulator.faults.set({ rate500: 1 });
  await panel.getByTestId('activity-scope-instance').click();
  await expect(panel.getByTestId('error-state')).toContainText('Listing the jobs failed');
  session.harness.emulator.faults.reset();
  await panel.getByTestId('activity-jobs-retry').click();
  await expect(panel.getByTestId('activity-scope-instance')).toContainText(`Jobs of ${PROD} 3`);
  const cards = instanceCards(panel);
  await expect(cards).toHaveCount(3);
  const failed = cards.filter({ hasText: 'Finance_Ledger' });
  await expect(failed.getByTestId('job-status')).toHaveText('Failed');
  await expect(failed.getByTestId('job-error')).toContainText('export storage is full');
  await expect(failed).toContainText('ended');
  await screenshotThemes(page, 'activity-instance-jobs');

  await filterBy(panel, 'Failed');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Finance_Ledger');
  await filterBy(panel, 'Finished');
  await expect(cards).toHaveCount(2);
  await expect(cards.getByTestId('job-status')).toHaveText(['Succeeded', 'Succeeded']);
  await filterBy(panel, 'Running');
  await expect(cards).toHaveCount(0);
  await expect(panel.getByTestId('empty-state')).toContainText('Nothing running');
  await filterBy(panel, 'All');

  // The details drawer has the whole record; the link still leads to the Jobs view.
  await failed.getByTestId('job-details').click();
  await expect(page.getByTestId('job-detail').getByTestId('job-error')).toContainText(
    'export storage is full',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('job-detail')).toBeHidden();
  await panel.getByTestId('activity-instance-jobs').click();
  await expect(page.getByTestId('jobs-view')).toBeVisible();
  await panel.getByTestId('activity-scope-app').click();
  expect(session.consoleErrors).toEqual([]);
});

test('a transfer paused from the palette and cancelled from its card leaves Running', async () => {
  const { page, harness } = session;
  await jumpTo(page, DEV, 'instance-overview');
  // Slow requests keep the upload going while the test acts.
  harness.emulator.faults.set({ latencyMs: 1500 });
  const transfer = await startImport(page, 'Cancel_Me', 24 * MiB);
  const panel = panelOf(page);
  await filterBy(panel, 'Running');
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
  await filterBy(panel, 'Finished');
  await expect(transfer).toHaveAttribute('data-state', 'cancelled');
  await expect(transfer.getByTestId('transfer-state')).toHaveText('Cancelled');
  await filterBy(panel, 'All');
  expect(session.consoleErrors).toEqual([]);
});

test('a failed import shows its error, once among the instance’s jobs, and Retry brings it online', async () => {
  const { page, harness } = session;
  const panel = await openPanel(page);
  // jobFail fails the next job started: this import's job.
  harness.emulator.faults.once('jobFail');
  const transfer = await startImport(page, 'Fail_Once', 256 * 1024);
  await expect(transfer).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(transfer.getByTestId('transfer-error')).toContainText('ran out of disk space');

  await panel.getByTestId('activity-scope-instance').click();
  const job = instanceCards(panel).filter({ hasText: 'Fail_Once' });
  await expect(job).toHaveCount(1);
  await expect(job.getByTestId('job-error')).toContainText('ran out of disk space');
  await expect(job.getByTestId('job-by-app')).toBeVisible();
  await screenshotThemes(page, 'activity-instance-jobs-by-app', panel);
  await panel.getByTestId('activity-scope-app').click();

  await transfer.getByTestId('transfer-retry').click();
  await expect(transfer).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(transfer.getByTestId('transfer-state')).toHaveText('Database online');
  expect(session.consoleErrors).toEqual([]);
});
