import { join } from 'node:path';
import { writeSampleDatabaseFile } from '../support/sample-files';
import type { Locator, Page, WebSocketRoute } from '@playwright/test';
import { dismissNotifications } from '../support/e2e/alerts';
import { expect, test } from '../support/e2e/fixtures';
import { jumpTo, pickMenuItem } from '../support/e2e/menus';
import { screenshotThemes, settled } from '../support/e2e/screenshots';
import { cutCells, headerOf } from '../support/e2e/tables';

/*
 * The jobs of every instance in one view, against the harness's emulator. Demo data:
 * sql-eu-prod-01 has a failed export of Finance_Ledger (6 h ago), sql-eu-dev-01 a rename of
 * Feature_Branch_4411 (20 h ago) and a running archive of Perf_Baseline, sql-eu-test-01 a
 * shrink and a drop, and a running shrink of Load_Test_Big. The page's IPC socket is routed so
 * that the job list of sql-eu-test-01 can be made to fail while the others still answer.
 */
test.describe.configure({ mode: 'serial' });

const TEST = 'sql-eu-test-01';
/** While true, `jobs:listByInstance` of sql-eu-test-01 answers an error. */
let failTestInstance = false;

/** The page's IPC socket, passed through but for the failing job list of sql-eu-test-01. */
function routeIpc(ws: WebSocketRoute): void {
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
}

// The file's page is routed before the app loads in it, then signed in.
test.use({ open: 'blank' });
test.beforeEach(async ({ page, app }) => {
  if (page.url() !== 'about:blank') return;
  await page.routeWebSocket(/\/ipc\?/, routeIpc);
  await app.signIn();
});

/** The smallest supported window, the window the specs run in, and a full HD screen. */
const WINDOW_SIZES = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

const rowsOf = (view: Locator): Locator => view.getByTestId('all-jobs-table').locator('tbody tr');

/** Picks `label` in the filter select `testId`. */
async function choose(page: Page, view: Locator, testId: string, label: string): Promise<void> {
  await view.getByTestId(testId).click();
  await page.locator('.n-base-select-option').filter({ hasText: label }).first().click();
}

/** Clears the filter select `testId` (its clear button shows on hover). */
async function clear(view: Locator, testId: string): Promise<void> {
  await view.getByTestId(testId).hover();
  await view.getByTestId(testId).locator('.n-base-clear').click();
}

test('lists the jobs of every instance, and each filter narrows the rows', async ({
  page,
  consoleErrors,
}) => {
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

  await choose(page, view, 'all-jobs-type', 'Rename database');
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
  // Its error is on its row, the whole text on hover, and the search finds the row by it.
  const error = rows.first().getByTestId('job-row-error');
  await expect(error).toContainText('export storage is full');
  await expect(error).toHaveAttribute('title', /^The backup could not be written: the export/);
  await view.getByTestId('all-jobs-status').getByText(/^All/).click();
  await expect(view.getByTestId('job-row-error')).toHaveCount(1);
  await view.getByPlaceholder('Search jobs').fill('storage is full');
  await expect(rows).toHaveCount(1);
  await view.getByPlaceholder('Search jobs').fill('');
  await expect(rows).toHaveCount(total);

  await choose(page, view, 'all-jobs-instance', 'sql-eu-dev-01');
  await expect(rows.filter({ hasText: 'Feature_Branch_4411' })).toHaveCount(1);
  await expect(rows.filter({ hasNotText: 'sql-eu-dev-01' })).toHaveCount(0);
  expect(await rows.count()).toBeLessThan(total);
  await clear(view, 'all-jobs-instance');
  await expect(rows).toHaveCount(total);

  // The demo's finished jobs are hours old; the two long ones started with the emulator.
  await choose(page, view, 'all-jobs-window', 'Last hour');
  await expect(rows.filter({ hasText: 'Finance_Ledger' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Perf_Baseline' }).first()).toBeVisible();
  expect(await rows.count()).toBeLessThan(total);
  await choose(page, view, 'all-jobs-window', 'Any time');
  await expect(rows).toHaveCount(total);
  await dismissNotifications(page);
  await screenshotThemes(page, 'all-jobs');
  expect(consoleErrors).toEqual([]);
});

test('every job type reads whole at 1024x700, 1280x800 and 1920x1080, and what it is about from 1280', async ({
  page,
}) => {
  const view = page.getByTestId('all-jobs-view');
  const table = view.getByTestId('all-jobs-table');
  // The longest label there is, among the demo's jobs.
  await expect(rowsOf(view).filter({ hasText: 'Archive database' }).first()).toBeVisible();
  for (const size of WINDOW_SIZES) {
    await page.setViewportSize(size);
    // The columns are fitted to the new width once the table has been measured: a frame.
    await settled(page);
    const place = `${size.width}x${size.height}`;
    await expect(headerOf(table, 'type'), place).toHaveCount(1);
    expect(await cutCells(table, 'type'), `${place}: types cut`).toEqual([]);
    // What a job is about names its row: whole from 1280 px on (the owner gives way first).
    if (size.width >= 1280) {
      expect(await cutCells(table, 'resourceName'), `${place}: resources cut`).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('an instance that fails shows its error while the others still list', async ({
  page,
  consoleErrors,
}) => {
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

test('"Run again" starts a new job for a failed import the app started', async ({
  app,
  page,
  harness,
  folder,
  consoleErrors,
}) => {
  const view = page.getByTestId('all-jobs-view');
  const path = join(folder, 'Run_Again.bak');
  await writeSampleDatabaseFile(path, 'bak', 256 * 1024);
  harness.emulator.faults.once('jobFail');
  await app.importFile({
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
