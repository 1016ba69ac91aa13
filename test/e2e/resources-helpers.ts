import type { Browser, Locator, Page } from '@playwright/test';
import type { Harness } from '../harness/server';
import { expect } from './fixtures';
import { takesScreenshots } from './screenshots';
import { openSignedInSession, type EmulatorSession } from './session-helpers';

export { jumpTo, pickMenuItem } from './session-helpers';

/*
 * Shared set-up of the resources-*.spec.ts files: ONE harness and page per file (the suite
 * shares two cores), signed in to the built-in emulator through the connection screen.
 */

export type ResourcesSession = EmulatorSession;

/** Starts a harness, opens the app and signs in to the local emulator (demo data). */
export function openEmulatorSession(browser: Browser): Promise<ResourcesSession> {
  return openSignedInSession(browser, {}, { clipboard: true });
}

/** The id of the emulator profile the session signed in with. */
function emulatorProfileId(harness: Harness): string {
  const profile = harness.services.profiles.list().find((p) => p.isEmulator);
  if (!profile) throw new Error('No emulator profile');
  return profile.id;
}

/**
 * Makes the emulator profile read-only, as the profile form would, and tells the page (main
 * emits the same event when a profile changes).
 */
export async function makeEmulatorProfileReadOnly(harness: Harness): Promise<void> {
  const { profiles, bus } = harness.services;
  const id = emulatorProfileId(harness);
  const profile = profiles.list().find((p) => p.id === id);
  if (!profile) throw new Error('No emulator profile');
  const { id: _id, createdAt: _c, updatedAt: _u, ...input } = profile;
  await profiles.update(id, { ...input, readOnly: true });
  bus.emit('profiles:onDidChange', { profiles: profiles.list() });
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
  if (!takesScreenshots) return;
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
