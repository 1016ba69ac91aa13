import type { Browser, Locator, Page } from '@playwright/test';
import { startHarness, type Harness } from '../harness/server';
import { expect } from './fixtures';

/*
 * Shared set-up of the resources-*.spec.ts files: ONE harness and page per file (the suite
 * shares two cores), signed in to the built-in emulator through the connection screen.
 */

/** A harness with a page signed in to the emulator, and the page's console errors. */
export interface ResourcesSession {
  readonly harness: Harness;
  readonly page: Page;
  readonly consoleErrors: string[];
  close(): Promise<void>;
}

/** Starts a harness, opens the app and signs in to the local emulator (demo data). */
export async function openEmulatorSession(browser: Browser): Promise<ResourcesSession> {
  const harness = await startHarness();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  // The clipboard is used by "copy"; granting it keeps the copy toast a success.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: harness.origin,
  });
  await page.goto(harness.url);
  await page.getByTestId('try-emulator').first().click();
  await expect(page.getByTestId('tree-node').filter({ hasText: 'sql-eu-prod-01' })).toBeVisible();
  return {
    harness,
    page,
    consoleErrors,
    close: async () => {
      await page.close();
      await harness.close();
    },
  };
}

/** The id of the emulator profile the session signed in with. */
export function emulatorProfileId(harness: Harness): string {
  const profile = harness.services.profiles.list().find((p) => p.isEmulator);
  if (!profile) throw new Error('No emulator profile');
  return profile.id;
}

/** Opens a view through jump-to (Ctrl+P), e.g. `archives prod` or `my ip`. */
export async function jumpTo(page: Page, query: string, view: string): Promise<Locator> {
  await page.keyboard.press('Control+p');
  const input = page.getByTestId('jump-to').getByTestId('quick-pick-input').locator('input');
  await input.fill(query);
  await page.keyboard.press('Enter');
  const shown = page.getByTestId(view);
  await expect(shown).toBeVisible();
  return shown;
}

/** Runs a command of the palette (Ctrl+Shift+P) by its title. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByTestId('command-palette');
  await palette.getByTestId('quick-pick-input').locator('input').fill(title);
  await expect(palette.getByTestId('quick-pick-item').first()).toContainText(title);
  await page.keyboard.press('Enter');
}

/** The dialog (naive-ui card) with this test id. */
export function dialog(page: Page, testId: string): Locator {
  return page.getByTestId(testId);
}

/** Picks an option of a naive-ui select. */
export async function pickOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page.locator('.n-base-select-option:visible').filter({ hasText: label }).first().click();
}

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  // A DOM click, so an open dialog's mask does not take it (dialogs are screenshotted too).
  await page.getByTestId(`theme-${theme}`).dispatchEvent('click');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/**
 * Screenshots of the page in light and dark theme, kept as `artifacts/screenshots/<view>-<theme>.png`,
 * once nothing is loading any more. Leaves the light theme on.
 */
export async function screenshotThemes(page: Page, view: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await expect(page.locator('.n-data-table .n-base-loading')).toHaveCount(0);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `artifacts/screenshots/${view}-${theme}.png` });
  }
  await setTheme(page, 'light');
}

/** The rows of a ResourceTable (its test id). */
export function tableRows(page: Page, tableTestId: string): Locator {
  return page.getByTestId(tableTestId).locator('tbody tr.n-data-table-tr');
}
