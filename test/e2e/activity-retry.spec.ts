import { join } from 'node:path';
import { writeSampleDatabaseFile } from '../support/sample-files';
import { queueDialog } from '../support/e2e/files';
import { expect, SMALL_PARTS, test } from '../support/e2e/fixtures';
import { jumpTo } from '../support/e2e/menus';
import { screenshotThemes, takesScreenshots } from '../support/e2e/screenshots';

/*
 * A storage host that fails a part: the transfer's line says so while it waits to try again
 * ("storage host failing (HTTP 500), attempt 2 of 8, next in 10 s", counting down), in the
 * warning tone, and goes on to the end once the part is sent. The wait is made long and fixed
 * (the backoff's jitter at its top) so the notice can be read.
 */
test.use({
  transfers: {
    ...SMALL_PARTS,
    // Long enough to read the notice, and with SCREENSHOTS=1 to take it in both themes twice.
    retry: takesScreenshots
      ? { baseDelayMs: 10_000, maxDelayMs: 10_000 }
      : { baseDelayMs: 4_000, maxDelayMs: 4_000 },
    random: () => 0.999,
  },
});

const MiB = 1024 * 1024;

test('a part the storage host fails is tried again, and the line says so while it waits', async ({
  app,
  page,
  harness,
  folder,
  consoleErrors,
}) => {
  const file = join(folder, 'Flaky_Host.bak');
  // Above the single-stream threshold of SMALL_PARTS: sent in parts of 5 MiB.
  await writeSampleDatabaseFile(file, 'bak', 12 * MiB);
  await queueDialog(harness, { files: [file] });
  await jumpTo(page, 'sql-eu-dev-01', 'instance-overview');
  await page.getByTestId('toggle-activity').click();
  await page.getByTestId('activity-import').click();
  const sheet = page.getByTestId('import-sheet');
  await expect(sheet.getByTestId('import-plan')).toBeVisible();
  harness.emulator.faults.once('partPut500', 1);
  await sheet.getByTestId('import-start').click();

  const transfer = app.activity.transferCard('Flaky_Host');
  const notice = transfer.getByTestId('transfer-retrying');
  await expect(notice).toHaveText(
    /^storage host failing \(HTTP 500\), attempt 2 of 8, next in ([1-9]|10) s$/,
    { timeout: 20_000 },
  );
  await expect(notice).toHaveAttribute('role', 'status');
  await expect(notice).toHaveAttribute('title', /attempt 2 of 8/);
  await screenshotThemes(page, 'activity-transfer-retrying');
  // Opened, the card says it whole.
  await transfer.getByTestId('activity-line-toggle').click();
  await expect(transfer.getByTestId('transfer-retrying-details')).toHaveText(
    /^storage host failing \(HTTP 500\), attempt 2 of 8, (next in ([1-9]|10) s|now)$/,
  );
  await screenshotThemes(page, 'activity-transfer-retrying-open');
  await expect(transfer).toHaveAttribute('data-state', 'done', { timeout: 45_000 });
  await expect(notice).toBeHidden();
  await expect(transfer.getByTestId('transfer-retrying-details')).toBeHidden();
  expect(consoleErrors).toEqual([]);
});
