import type { Page } from '@playwright/test';
import { expectAlertShown } from '../support/e2e/alerts';
import { expectAccessible } from '../support/e2e/axe';
import { expect, test } from '../support/e2e/fixtures';
import { boxOf, intersects } from '../support/e2e/geometry';
import { jumpTo } from '../support/e2e/menus';
import { screenshotAs, screenshotSizes, settled } from '../support/e2e/screenshots';

/*
 * Alerts never cover a dialog nor a table's rows: the monitor's blocking alert is
 * raised (as in blocking-alert-monitor.spec.ts: the threshold starts at an hour, then drops
 * to 30 s under the demo data's minute-old chains) while a dialog is open; it lands in the
 * frame's alert strip above the status bar, which pushes the view up instead of floating.
 */
test.describe.configure({ mode: 'serial' });
test.use({
  viewport: { width: 1024, height: 700 },
  // No alert at sign-in: the threshold drops under an open dialog.
  settings: { blockingAlertSeconds: 3600 },
});

const PROD = 'sql-eu-prod-01';

const alertOf = (page: Page, instanceName: string) =>
  page
    .getByTestId('alert-dock')
    .locator('.n-notification')
    .filter({ hasText: `on ${instanceName} blocks` })
    .first();

test('a blocking alert raised under an open dialog stays clear of it, docked above the status bar', async ({
  page,
  harness,
  consoleErrors,
}) => {
  await jumpTo(page, `databases ${PROD}`, 'database-table');
  await page.getByTestId('create-database').click();
  const dialog = page.getByTestId('create-database-dialog');
  await expect(dialog).toBeVisible();
  await settled(page);

  await harness.services.settings.update({ blockingAlertSeconds: 30 });
  const alert = alertOf(page, PROD);
  // Alerts of other instances may come with it: the strip folds them into one line.
  const alertBox = await expectAlertShown(page, alert);
  const dialogBox = await boxOf(dialog);
  expect(intersects(alertBox, dialogBox), 'the alert covers the dialog').toBe(false);
  // The dialog's buttons still take the pointer (nothing lies over them).
  await dialog.getByRole('button', { name: 'Cancel' }).click({ trial: true });
  await dialog.getByTestId('dialog-confirm').hover({ trial: true });
  await screenshotAs(page, 'alert-under-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Docked: between the view and the status bar, and the view ends where the strip begins.
  const dock = await boxOf(page.getByTestId('alert-dock'));
  const status = await boxOf(page.getByTestId('status-bar'));
  const pane = await boxOf(page.getByTestId('main-pane'));
  expect(Math.abs(dock.y + dock.height - status.y)).toBeLessThanOrEqual(1);
  expect(pane.y + pane.height).toBeLessThanOrEqual(dock.y + 1);
  const table = await boxOf(page.getByTestId('database-table'));
  const docked = await expectAlertShown(page, alert);
  expect(intersects(docked, table), 'the alert covers the table').toBe(false);
  await expectAccessible(page, 'the alert strip', ['[data-testid="alert-dock"]']);
  await screenshotSizes(page, 'views/alert');
  expect(consoleErrors).toEqual([]);
});

test('a toast sits in the band above a dialog, clear of it', async ({ page, consoleErrors }) => {
  await page.getByTestId('create-database').click();
  const dialog = page.getByTestId('create-database-dialog');
  await expect(dialog).toBeVisible();
  await settled(page);
  // A 512x350 window (200% zoom of 1024x700) is where a dialog comes closest to the toasts.
  for (const size of [
    { width: 1024, height: 700 },
    { width: 512, height: 350 },
  ]) {
    await page.setViewportSize(size);
    await settled(page);
    const card = await boxOf(dialog);
    // The toast band: naive-ui's messages at the top (8 px down, about 40 px tall).
    expect(card.y, `the dialog reaches the toast band at ${size.width}`).toBeGreaterThanOrEqual(48);
    expect(card.y + card.height).toBeLessThanOrEqual(size.height - 16);
  }
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(consoleErrors).toEqual([]);
});
