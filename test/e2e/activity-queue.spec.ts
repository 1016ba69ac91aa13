import { join } from 'node:path';
import { writeSampleDatabaseFile } from '../support/sample-files';
import { dismissNotifications } from '../support/e2e/alerts';
import { expect, SMALL_PARTS, test } from '../support/e2e/fixtures';
import { screenshotThemes } from '../support/e2e/screenshots';

/*
 * The transfer queue in the activity panel: with one transfer at once, two imports wait in
 * order under the running one; Down and Start now change the order; Pause all and Resume all.
 * Slow requests (emulator latency) keep the first upload going while the test clicks.
 */
test.describe.configure({ mode: 'serial' });
// Imports of a few MiB run several parts.
test.use({ transfers: SMALL_PARTS });

const DEV = 'sql-eu-dev-01';
const MiB = 1024 * 1024;

test('queued imports wait in order; Down, Start now, Pause all and Resume all', async ({
  app,
  page,
  harness,
  folder,
  consoleErrors,
}) => {
  await harness.services.settings.update({ transfersAtOnce: 1 });
  const names = ['Queue_A', 'Queue_B', 'Queue_C'];
  const paths = names.map((name) => join(folder, `${name}.bak`));
  for (const path of paths) await writeSampleDatabaseFile(path, 'bak', 16 * MiB);
  harness.emulator.faults.set({ latencyMs: 3000 });
  for (const [i, name] of names.entries()) {
    await app.importFile({ instanceName: DEV, databaseName: name, sourcePath: paths[i] ?? '' });
  }
  const panel = page.getByTestId('activity-panel');
  if (!(await panel.isVisible())) await page.getByTestId('toggle-activity').click();
  await expect(app.activity.transferCard('Queue_A')).toHaveAttribute('data-state', 'uploading');
  await expect(app.activity.transferCard('Queue_B')).toHaveAttribute('data-state', 'queued');
  await expect(
    app.activity.transferCard('Queue_B').getByTestId('transfer-queue-position'),
  ).toHaveText('Next in the queue');
  await expect(
    app.activity.transferCard('Queue_C').getByTestId('transfer-queue-position'),
  ).toHaveText('Number 2 in the queue');
  // The queue reads top down: the next one first, at the end of the list.
  const order = page
    .getByTestId('transfer-card')
    .filter({ has: page.getByTestId('transfer-queue') });
  await expect(order).toHaveCount(2);
  await expect(order.nth(0)).toContainText('Queue_B');
  await expect(
    app.activity.transferCard('Queue_C').getByTestId('transfer-move-down'),
  ).toBeDisabled();
  // The monitor's blocking alerts (demo data) sit over the panel's bottom right.
  await dismissNotifications(page);
  await screenshotThemes(page, 'activity-queue');

  await app.activity.transferCard('Queue_B').getByTestId('transfer-move-down').click();
  await expect(
    app.activity.transferCard('Queue_C').getByTestId('transfer-queue-position'),
  ).toHaveText('Next in the queue');
  await expect(order.nth(0)).toContainText('Queue_C');
  await app.activity.transferCard('Queue_B').getByTestId('transfer-start-now').click();
  await expect(app.activity.transferCard('Queue_B')).toHaveAttribute('data-state', 'uploading');
  await expect(app.activity.transferCard('Queue_C')).toHaveAttribute('data-state', 'queued');

  await dismissNotifications(page);
  await page.getByTestId('activity-pause-all').click();
  for (const name of names)
    await expect(app.activity.transferCard(name)).toHaveAttribute('data-state', 'paused');
  // Only what applies is offered: nothing runs, so only Resume all.
  await expect(page.getByTestId('activity-pause-all')).toHaveCount(0);
  harness.emulator.faults.reset();
  await page.getByTestId('activity-resume-all').click();
  for (const name of names) {
    await expect(app.activity.transferCard(name)).toHaveAttribute('data-state', 'done', {
      timeout: 60_000,
    });
  }
  expect(consoleErrors).toEqual([]);
});
