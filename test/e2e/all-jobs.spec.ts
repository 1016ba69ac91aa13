import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { startHarness, type Harness } from '../harness/server';
import { writeSampleDatabaseFile } from '../support/sample-files';
import { importFile } from '../support/import-file';
import { dismissNotifications, jumpTo, screenshotThemes } from './activity-helpers';
import { expect, test } from './fixtures';
import { pickMenuItem } from './session-helpers';

/*
 * The jobs of every instance in one view, against the harness's emulator. Demo data:
 * sql-eu-prod-01 has a failed export of Finance_Ledger (26 h ago), sql-eu-dev-01 a rename of
 * Feature_Branch_4411 (20 h ago) and a running archive of Perf_Baseline, sql-eu-test-01 a
 * shrink and a drop, and a running shrink of Load_Test_Big. The page's IPC socket is routed so
 * that the job list of sql-eu-test-01 can be made to fail while the others still answer.
 */
test.describe.configure({ mode: 'serial' });

const TEST = 'sql-eu-test-01';
let harness: Harness;
let page: Page;
let folder: string;
const consoleErrors: string[] = [];
/** While true, `jobs:listByInstance` of sql-eu-test-01 answers an error. */
let failTestInstance = false;

test.beforeAll(async ({ browser }) => {
  harness = await startHarness({ emulator: { jobMs: 400 } });
  folder = await mkdtemp(join(tmpdir(), 'databridge-all-jobs-'));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.routeWebSocket(/\/ipc\?/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => ws.send(message));
    ws.onMessage((message) => {
      const request = JSON.parse(String(message)) as {
        id: number;
        channel: string;
        input?: { pathParams?: { instanceName?: string } };
      };
      const isTest = request.input?.pathParams?.instanceName === TEST;
      if (failTestInstance && request.channel === 'jobs:listByInstance' && isTest) {
        const error = { code: 'UNAVAILABLE', message: 'The instance does not answer.' };
        ws.send(JSON.stringify({ id: request.id, envelope: { ok: false, error } }));
        return;
      }
      server.send(message);
    });
  });
  await page.goto(harness.url);
  await page.getByTestId('try-emulator').first().click();
  await expect(page.getByTestId('tree-node').filter({ hasText: 'sql-eu-prod-01' })).toBeVisible({
    timeout: 30_000,
  });
});
test.afterAll(async () => {
  await page?.context().close();
  await harness?.close();
  await rm(folder, { recursive: true, force: true });
});

const rowsOf = (view: Locator): Locator => view.getByTestId('all-jobs-table').locator('tbody tr');

/** Picks `label` in the filter select `testId`. */
async function choose(view: Locator, testId: string, label: string): Promise<void> {
  await view.getByTestId(testId).click();
  await page.locator('.n-base-select-option').filter({ hasText: label }).first().click();
}

/** Clears the filter select `testId` (its clear button shows on hover). */
async function clear(view: Locator, testId: string): Promise<void> {
  await view.getByTestId(testId).hover();
  await view.getByTestId(testId).locator('.n-base-clear').click();
}

test('lists the jobs of every instance, and each filter narrows the rows', async () => {
  // Four filters, each set and cleared, then two themes shot: longer than one view's check.
  test.setTimeout(120_000);
  const view = await jumpTo(page, 'all jobs', 'all-jobs-view');
  const rows = rowsOf(view);
  await expect(rows.filter({ hasText: 'Finance_Ledger' })).toContainText('sql-eu-prod-01');
  await expect(rows.filter({ hasText: 'Feature_Branch_4411' })).toContainText('sql-eu-dev-01');
  await expect(rows.filter({ hasText: 'UAT_EDM_2025' })).toContainText(TEST);
  // Types by name, never by code.
  await expect(rows.filter({ hasText: 'Feature_Branch_4411' })).toContainText('Rename database');
  await expect(view.getByTestId('all-jobs-table')).not.toContainText('RENAME_DATABASE');
  const total = await rows.count();
  expect(total).toBeGreaterThanOrEqual(6);

  await choose(view, 'all-jobs-type', 'Rename database');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Feature_Branch_4411');
  await clear(view, 'all-jobs-type');
  await expect(rows).toHaveCount(total);

  await view
    .getByTestId('all-jobs-status')
    .getByText(/^Failed/)
    .click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Finance_Ledger');
  await view.getByTestId('all-jobs-status').getByText(/^All/).click();
  await expect(rows).toHaveCount(total);

  await choose(view, 'all-jobs-instance', 'sql-eu-dev-01');
  await expect(rows.filter({ hasText: 'Feature_Branch_4411' })).toHaveCount(1);
  await expect(rows.filter({ hasNotText: 'sql-eu-dev-01' })).toHaveCount(0);
  expect(await rows.count()).toBeLessThan(total);
  await clear(view, 'all-jobs-instance');
  await expect(rows).toHaveCount(total);

  // The demo's finished jobs are hours old; the two long ones started with the emulator.
  await choose(view, 'all-jobs-window', 'Last hour');
  await expect(rows.filter({ hasText: 'Finance_Ledger' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Perf_Baseline' }).first()).toBeVisible();
  expect(await rows.count()).toBeLessThan(total);
  await choose(view, 'all-jobs-window', 'Any time');
  await expect(rows).toHaveCount(total);
  await dismissNotifications(page);
  await screenshotThemes(page, 'all-jobs');
  expect(consoleErrors).toEqual([]);
});

test('an instance that fails shows its error while the others still list', async () => {
  const view = page.getByTestId('all-jobs-view');
  failTestInstance = true;
  await view.getByTestId('all-jobs-refresh').click();
  const failure = view.getByTestId('all-jobs-failure');
  await expect(failure).toHaveCount(1);
  await expect(failure).toContainText(`The jobs of ${TEST} could not be listed`);
  await expect(failure).toContainText('The instance does not answer.');
  const rows = rowsOf(view);
  await expect(rows.filter({ hasText: 'Finance_Ledger' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Feature_Branch_4411' })).toHaveCount(1);
  await dismissNotifications(page);
  await screenshotThemes(page, 'all-jobs-failure');

  failTestInstance = false;
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(failure).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('"Run again" starts a new job for a failed import the app started', async () => {
  const view = page.getByTestId('all-jobs-view');
  const profileId = harness.services.profiles.list().find((p) => p.isEmulator)?.id ?? '';
  const path = join(folder, 'Run_Again.bak');
  await writeSampleDatabaseFile(path, 'bak', 256 * 1024);
  harness.emulator.faults.once('jobFail');
  await importFile(harness.services.transfers, {
    profileId,
    instanceName: 'sql-eu-dev-01',
    databaseName: 'Run_Again',
    sourcePath: path,
  });
  const rows = rowsOf(view).filter({ hasText: 'Run_Again' });
  await expect(rows.first()).toContainText('Failed', { timeout: 30_000 });
  // The demo's failed export was not started by the app: its inputs are unknown.
  await rowsOf(view).filter({ hasText: 'Finance_Ledger' }).getByTestId('row-menu').click();
  await expect(
    page.locator('.n-dropdown-option:visible').filter({ hasText: 'Show the error' }),
  ).toBeVisible();
  await expect(
    page.locator('.n-dropdown-option:visible').filter({ hasText: 'Run again' }),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');

  await rows.first().getByTestId('row-menu').click();
  await pickMenuItem(page, 'Run again');
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  await expect(rows.filter({ hasText: 'Succeeded' })).toHaveCount(1, { timeout: 30_000 });
  expect(consoleErrors).toEqual([]);
});
