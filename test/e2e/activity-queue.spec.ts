import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { writeSampleDatabaseFile } from '../support/sample-files';
import {
  dismissNotifications,
  openActivitySession,
  screenshotThemes,
  type ActivitySession,
} from './activity-helpers';
import { importFile } from '../support/import-file';

/*
 * The transfer queue in the activity panel: with one transfer at once, two imports wait in
 * order under the running one; Down and Start now change the order; Pause all and Resume all.
 * Slow requests (emulator latency) keep the first upload going while the test clicks.
 */
test.describe.configure({ mode: 'serial' });

const DEV = 'sql-eu-dev-01';
const MiB = 1024 * 1024;
let session: ActivitySession;
let folder: string;

test.beforeAll(async ({ browser }) => {
  session = await openActivitySession(browser);
  folder = await mkdtemp(join(tmpdir(), 'databridge-queue-'));
});
test.afterAll(async () => {
  session?.harness.emulator.faults.reset();
  await session?.close();
  await rm(folder, { recursive: true, force: true });
});

const card = (name: string): Locator =>
  session.page.getByTestId('transfer-card').filter({ hasText: name }).first();

test('queued imports wait in order; Down, Start now, Pause all and Resume all', async () => {
  const { page, harness } = session;
  await harness.services.settings.update({ transfersAtOnce: 1 });
  const profileId = harness.services.profiles.list().find((p) => p.isEmulator)?.id ?? '';
  const names = ['Queue_A', 'Queue_B', 'Queue_C'];
  const paths = names.map((name) => join(folder, `${name}.bak`));
  for (const path of paths) await writeSampleDatabaseFile(path, 'bak', 16 * MiB);
  harness.emulator.faults.set({ latencyMs: 3000 });
  for (const [i, name] of names.entries()) {
    await importFile(harness.services.transfers, {
      profileId,
      instanceName: DEV,
      databaseName: name,
      sourcePath: paths[i] ?? '',
    });
  }
  const panel = page.getByTestId('activity-panel');
  if (!(await panel.isVisible())) await page.getByTestId('toggle-activity').click();
  await expect(card('Queue_A')).toHaveAttribute('data-state', 'uploading');
  await expect(card('Queue_B')).toHaveAttribute('data-state', 'queued');
  await expect(card('Queue_B').getByTestId('transfer-queue-position')).toHaveText(
    'Next in the queue',
  );
  await expect(card('Queue_C').getByTestId('transfer-queue-position')).toHaveText(
    'Number 2 in the queue',
  );
  // The queue reads top down: the next one first, at the end of the list.
  const order = page
    .getByTestId('transfer-card')
    .filter({ has: page.getByTestId('transfer-queue') });
  await expect(order).toHaveCount(2);
  await expect(order.nth(0)).toContainText('Queue_B');
  await expect(card('Queue_C').getByTestId('transfer-move-down')).toBeDisabled();
  // The monitor's blocking alerts (demo data) sit over the panel's bottom right.
  await dismissNotifications(page);
  await screenshotThemes(page, 'activity-queue');

  await card('Queue_B').getByTestId('transfer-move-down').click();
  await expect(card('Queue_C').getByTestId('transfer-queue-position')).toHaveText(
    'Next in the queue',
  );
  await expect(order.nth(0)).toContainText('Queue_C');
  await card('Queue_B').getByTestId('transfer-start-now').click();
  await expect(card('Queue_B')).toHaveAttribute('data-state', 'uploading');
  await expect(card('Queue_C')).toHaveAttribute('data-state', 'queued');

  await dismissNotifications(page);
  await page.getByTestId('activity-pause-all').click();
  for (const name of names) await expect(card(name)).toHaveAttribute('data-state', 'paused');
  // Only what applies is offered: nothing runs, so only Resume all.
  await expect(page.getByTestId('activity-pause-all')).toHaveCount(0);
  harness.emulator.faults.reset();
  await page.getByTestId('activity-resume-all').click();
  for (const name of names) {
    await expect(card(name)).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  }
  expect(session.consoleErrors).toEqual([]);
});
