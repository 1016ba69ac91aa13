import type { Browser, Locator, Page } from '@playwright/test';
import { DIALOG_TOKEN_HEADER, type Harness } from '../harness/server';
import { expect } from './fixtures';
import { takesScreenshots } from './screenshots';
import { openSignedInSession, type EmulatorSession } from './session-helpers';

export { jumpTo } from './session-helpers';

/*
 * Shared set-up of the activity-*.spec.ts files: ONE harness and page per file (the suite
 * shares two cores), signed in to the built-in emulator through the connection screen.
 */

export type ActivitySession = EmulatorSession;

const MiB = 1024 * 1024;

/**
 * Starts a harness, opens the app and signs in to the local emulator (demo data). Jobs are
 * short and parts small, so an import of a few MiB runs several parts within a test.
 */
export function openActivitySession(browser: Browser): Promise<ActivitySession> {
  return openSignedInSession(browser, {
    emulator: { jobMs: 400 },
    transfers: {
      partPlan: { partSize: 5 * MiB, singleStreamThreshold: 6 * MiB },
      partsInFlight: 2,
    },
  });
}

/**
 * Waits until every CSS transition and finite animation has ended (a dialog has finished
 * fading in). A spinner turns for as long as its work runs, so endless animations are left.
 */
export async function settled(page: Page): Promise<void> {
  // A function, not a string: the app's CSP forbids evaluating strings in the page.
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as {
      document: {
        getAnimations(): Array<{ effect: { getComputedTiming(): { iterations?: number } } | null }>;
      };
    };
    return document
      .getAnimations()
      .every((a) => a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY);
  });
}

/** Switches the theme and waits until the page shows it. */
async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.getByTestId(`theme-${theme}`).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/**
 * Screenshots in light and dark theme to `artifacts/screenshots/<name>-<theme>.png`; leaves
 * the light theme on. `target` limits the shot to one element (a dialog), else the page.
 */
export async function screenshotThemes(page: Page, name: string, target?: Locator): Promise<void> {
  if (!takesScreenshots) return;
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.mouse.move(0, 0);
    await settled(page);
    const path = `artifacts/screenshots/${name}-${theme}.png`;
    await (target ? target.screenshot({ path }) : page.screenshot({ path }));
  }
  await setTheme(page, 'light');
}

/**
 * Screenshots of something modal (a dialog, a drawer) in both themes: for each theme it is
 * opened with `show`, shot, and closed with `hide` (the theme switch sits under the mask).
 */
export async function screenshotModalThemes(
  page: Page,
  name: string,
  show: () => Promise<Locator>,
  hide: () => Promise<void>,
): Promise<void> {
  if (!takesScreenshots) return;
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    const shown = await show();
    await expect(shown).toBeVisible();
    await settled(page);
    await page.screenshot({ path: `artifacts/screenshots/${name}-${theme}.png` });
    await hide();
    await expect(shown).toBeHidden();
  }
  await setTheme(page, 'light');
}

/** Queues the answer of the harness's next "choose files" dialog (or folder, with `folder`). */
export async function queueDialog(
  harness: Harness,
  answer: { files: string[] } | { folder: string | null },
): Promise<void> {
  const response = await fetch(`${harness.origin}/__harness/dialog`, {
    method: 'POST',
    // The runner's token: the page's own token is refused for dialog answers.
    headers: { 'content-type': 'application/json', [DIALOG_TOKEN_HEADER]: harness.dialogToken },
    body: JSON.stringify(answer),
  });
  if (response.status !== 204)
    throw new Error(`The harness refused the dialog answer: ${response.status}`);
}

/**
 * Drags a file named `name` over `target` the way a browser does (dragenter, dragover, with a
 * DataTransfer holding a File), without dropping it; answers the DataTransfer for the drop.
 */
export async function dragFileOver(page: Page, target: Locator, name: string) {
  // Written as page source: the spec compiles without the DOM library.
  const dataTransfer = await page.evaluateHandle(
    `(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array([0x54, 0x41, 0x50, 0x45])], ${JSON.stringify(name)}));
      return transfer;
    })()`,
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  return dataTransfer;
}

/**
 * Drops a file named `name` on `target` the way a browser does (dragover, then drop, with a
 * DataTransfer holding a File). The harness has no local path for it: the app asks the
 * dialog queue, so queue the prepared path first (see {@link queueDialog}).
 */
export async function dropFile(page: Page, target: Locator, name: string): Promise<void> {
  const dataTransfer = await dragFileOver(page, target, name);
  await target.dispatchEvent('drop', { dataTransfer });
}

/** The resource tree's node of a view under an instance, e.g. `treeNodeOf(page, 'databases', DEV)`. */
export function treeNodeOf(page: Page, kind: string, instanceName: string): Locator {
  return page.locator(`[data-node-key^="${kind}/"][data-node-key$="/${instanceName}"]`);
}

/**
 * Counts the file drops that reach the window (where ActivityHost's fallback listens), from
 * now on; answers a reader of the count.
 */
export async function countWindowDrops(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(
    `(() => {
      if (globalThis.__windowDrops === undefined) {
        globalThis.addEventListener('drop', () => { globalThis.__windowDrops += 1; });
      }
      globalThis.__windowDrops = 0;
    })()`,
  );
  return () => page.evaluate<number>('globalThis.__windowDrops');
}

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
 * Expects `alert` shown in the alert strip: others may come (and fold it away) at any moment,
 * so the strip is unfolded until it shows.
 */
export async function expectAlertShown(page: Page, alert: Locator): Promise<void> {
  await expect(async () => {
    await unfoldAlerts(page);
    await expect(alert).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
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
