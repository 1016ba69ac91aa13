import { expect, type Locator, type Page } from '@playwright/test';
import { boxOf, type Box } from './geometry';
import { settled } from './screenshots';

/* The window's alerts (the strip above the status bar) and toast notifications. */

/**
 * Unfolds the window's alert strip, where several alerts fold into one line (the newest, with
 * their count), so that each one shows. Nothing to do with one alert or none.
 */
async function unfoldAlerts(page: Page): Promise<void> {
  const toggle = page.getByTestId('alert-dock-toggle');
  if ((await toggle.count()) === 0) return;
  // A DOM click: an open dialog's mask lies over the strip.
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.dispatchEvent('click');
}

/**
 * Expects `alert` shown in the alert strip, and returns its box once nothing moves: others may
 * come (and fold it away) at any moment, even between two looks, so the strip is unfolded and
 * the alert measured until both hold at once.
 */
export async function expectAlertShown(page: Page, alert: Locator): Promise<Box> {
  let box: Box | undefined;
  await expect(async () => {
    await unfoldAlerts(page);
    await expect(alert).toBeVisible({ timeout: 1_000 });
    await settled(page);
    box = await boxOf(alert);
  }).toPass({ timeout: 15_000 });
  if (!box) throw new Error(`${alert.toString()} was never measured`);
  return box;
}

/**
 * Closes every toast notification (they sit over the bottom-right of the window). Main's
 * monitor may raise a blocking alert at any moment (the emulator's chains come and go), so
 * closing goes on until none is left.
 */
export async function dismissNotifications(page: Page): Promise<void> {
  const close = page.locator('.n-notification .n-base-close');
  const dismissAll = page.getByTestId('alert-dock-dismiss-all');
  await expect(async () => {
    // Several alerts: "Dismiss all" (a DOM click: an open dialog's mask lies over the strip).
    if ((await dismissAll.count()) > 0) await dismissAll.dispatchEvent('click');
    else if ((await close.count()) > 0) await close.first().dispatchEvent('click');
    await expect(page.locator('.n-notification')).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
