import { join } from 'node:path';
import { writeSampleDatabaseFile } from '../support/sample-files';
import type { Locator, Page } from '@playwright/test';
import { dismissNotifications } from '../support/e2e/alerts';
import { expectAccessible } from '../support/e2e/axe';
import { expect, SMALL_PARTS, test } from '../support/e2e/fixtures';
import { boxOf } from '../support/e2e/geometry';
import { jumpTo } from '../support/e2e/menus';
import { screenshotSizes } from '../support/e2e/screenshots';

/*
 * The activity panel as a compact list: one line of about 30 px per transfer or
 * job, with its state, a thin bar, the duration or the error, and the main action; the line
 * opens its full card in place (click, Enter or Space; Escape closes it). Demo data:
 * sql-eu-prod-01 has a failed export of Finance_Ledger and two finished jobs.
 */
test.describe.configure({ mode: 'serial' });
// Imports of a few MiB run several parts.
test.use({ transfers: SMALL_PARTS });

const PROD = 'sql-eu-prod-01';
const DEV = 'sql-eu-dev-01';
const MiB = 1024 * 1024;
/** The tallest a closed line may be. */
const LINE_MAX = 36;

const heightOf = async (locator: Locator): Promise<number> => (await boxOf(locator)).height;

/**
 * In the narrowest window, with a transfer running (Pause all shown), the panel's head still
 * shows Import…: its one line scrolls sideways when too full, and would hide it.
 */
async function expectHeadButtonsInSight(page: Page, panel: Locator): Promise<void> {
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(panel.getByTestId('activity-pause-all')).toBeVisible();
  const imports = await boxOf(panel.getByTestId('activity-import'));
  const collapse = await boxOf(panel.getByTestId('activity-collapse'));
  expect(imports.x + imports.width, 'Import… ends before the collapse button').toBeLessThanOrEqual(
    collapse.x,
  );
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('each job is one line; Enter opens its card in place, Escape closes it', async ({
  app,
  page,
  consoleErrors,
}) => {
  await jumpTo(page, PROD, 'instance-overview');
  const panel = await app.activity.open();
  await panel.getByTestId('activity-scope-instance').click();
  const lines = panel.locator('[data-testid="job-card"][data-source="instance"]');
  await expect(lines).toHaveCount(3);
  for (const line of await lines.all()) expect(await heightOf(line)).toBeLessThanOrEqual(LINE_MAX);

  // The failed job's line says so and carries the error, without opening anything.
  const failed = lines.filter({ hasText: 'Finance_Ledger' });
  await expect(failed.getByTestId('job-status')).toHaveText('Failed');
  await expect(failed.getByTestId('job-error')).toBeVisible();
  await expect(failed.getByTestId('job-error')).toHaveAttribute('title', /export storage is full/);
  // A finished job's line shows how long it took.
  const done = lines.filter({ has: page.getByText('Succeeded') }).first();
  await expect(done.getByTestId('duration-text').first()).toHaveText(/^\d+ (s|min|h|d)\b/);

  const toggle = failed.getByTestId('activity-line-toggle');
  const body = failed.getByTestId('activity-line-body');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(body).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(body).toBeVisible();
  await expect(body).toContainText('Started');
  await expect(body).toContainText('export storage is full');
  await expect(body.getByTestId('time-text').first()).toHaveAttribute('title', /\d/);
  expect(await heightOf(failed)).toBeGreaterThan(LINE_MAX + 20);
  // The other lines stay lines.
  expect(await heightOf(lines.filter({ hasNotText: 'Finance_Ledger' }).first())).toBeLessThan(
    LINE_MAX + 1,
  );
  await expectAccessible(page, 'the activity panel with a line open', [
    '[data-testid="activity-slot"]',
  ]);

  // The check switched themes: focus goes back into the open line, where Escape closes it.
  await toggle.focus();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(body).toBeHidden();
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(body).toBeVisible();
  await toggle.click();
  await expect(body).toBeHidden();
  await panel.getByTestId('activity-scope-app').click();
  expect(consoleErrors).toEqual([]);
});

test('a transfer is one line with its bar, percent and main actions; its card has the rest', async ({
  app,
  page,
  harness,
  folder,
  consoleErrors,
}) => {
  const path = join(folder, 'Line_Import.bak');
  await writeSampleDatabaseFile(path, 'bak', 24 * MiB);
  // Slow requests keep the upload going while the test looks at it.
  harness.emulator.faults.set({ latencyMs: 1500 });
  await app.importFile({ instanceName: DEV, databaseName: 'Line_Import', sourcePath: path });
  const panel = await app.activity.open();
  const line = panel.getByTestId('transfer-card').filter({ hasText: 'Line_Import' }).first();
  await expect(line).toHaveAttribute('data-state', 'uploading', { timeout: 20_000 });
  await expect(line.getByRole('progressbar')).toBeVisible();
  await expect(line.getByTestId('transfer-line-detail')).toHaveText(/^\d+%/);
  await expect(line.getByTestId('transfer-pause')).toBeVisible();
  await expect(line.getByTestId('transfer-cancel')).toBeVisible();
  expect(await heightOf(line)).toBeLessThanOrEqual(LINE_MAX);
  await line.getByTestId('activity-line-toggle').click();
  await expect(line.getByTestId('transfer-stages')).toBeVisible();
  await expect(line.getByTestId('transfer-details')).toContainText(' of ');
  await dismissNotifications(page);
  await screenshotSizes(page, 'views/activity');
  await expectHeadButtonsInSight(page, panel);
  await line.getByTestId('activity-line-toggle').click();
  harness.emulator.faults.reset();
  await expect(line).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(line.getByTestId('transfer-open-database')).toBeVisible();
  await expect(line.getByTestId('duration-text').first()).toHaveText(/^\d+ (s|min)/);
  expect(await heightOf(line)).toBeLessThanOrEqual(LINE_MAX);
  expect(consoleErrors).toEqual([]);
});
