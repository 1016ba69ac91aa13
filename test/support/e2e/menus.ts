import type { Browser, Locator, Page } from '@playwright/test';
import { startHarness, type Harness, type HarnessOptions } from '../harness/server';
import { expect } from './fixtures';

/*
 * What the resources-*.spec.ts and activity-*.spec.ts files share: ONE harness and page per
 * file (the suite shares two cores), signed in to the built-in emulator through the connection
 * screen, and jump-to for reaching a view.
 */

/** A harness with a page signed in to the emulator, and the page's console errors. */
export interface EmulatorSession {
  readonly harness: Harness;
  readonly page: Page;
  readonly consoleErrors: string[];
  close(): Promise<void>;
}

/**
 * Starts a harness with `options`, opens the app and signs in to the local emulator (demo
 * data). With `clipboard`, the page may use the clipboard ("copy" then toasts a success).
 */
export async function openSignedInSession(
  browser: Browser,
  options: HarnessOptions = {},
  { clipboard = false }: { clipboard?: boolean } = {},
): Promise<EmulatorSession> {
  const harness = await startHarness(options);
  // A context of its own (not browser.newPage): the accessibility check opens a page beside it.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  if (clipboard) {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: harness.origin,
    });
  }
  await page.goto(harness.url);
  await page.getByTestId('try-emulator').first().click();
  await expect(page.getByTestId('tree-node').filter({ hasText: 'sql-eu-prod-01' })).toBeVisible();
  return {
    harness,
    page,
    consoleErrors,
    close: async () => {
      await context.close();
      await harness.close();
    },
  };
}

/** Opens a view through jump-to (Ctrl+P), e.g. `archives prod` or `sessions dev`. */
export async function jumpTo(page: Page, query: string, view: string): Promise<Locator> {
  await page.keyboard.press('Control+p');
  const input = page.getByTestId('jump-to').getByTestId('quick-pick-input').locator('input');
  await input.fill(query);
  await page.keyboard.press('Enter');
  // The pick closes the palette and navigates in one update: once it is gone, the view shown
  // is the new one (from one instance's view to another's, the old one matches `view` too).
  await expect(page.getByTestId('jump-to')).toBeHidden();
  const shown = page.getByTestId(view);
  await expect(shown).toBeVisible();
  return shown;
}

/**
 * Clicks the item of the open dropdown menu that reads `text`, once the menu has finished
 * scaling in: naive-ui's menus grow from 0.85 to full size, and on a busy machine Playwright
 * may find the item "stable" between two delayed frames, then press where it was and release
 * where the next item is (a click on neither: the menu stays open, nothing runs).
 */
export async function pickMenuItem(page: Page, text: string | RegExp): Promise<void> {
  const option = page.locator('.n-dropdown-option:visible').filter({ hasText: text }).first();
  await expect(option).toBeVisible();
  await option.evaluate(async (element: unknown) => {
    // The test's TypeScript has no DOM types: the little of it used here.
    interface Animated {
      closest(selector: string): Animated | null;
      getAnimations(options: { subtree: boolean }): { finished: Promise<unknown> }[];
    }
    const item = element as Animated;
    const menu = item.closest('.n-dropdown-menu') ?? item;
    const running = menu.getAnimations({ subtree: true }).map((animation) => animation.finished);
    await Promise.all(running).catch(() => undefined);
  });
  await option.click();
}

/**
 * The Sessions view's "Kill log" opens the audit trail on its session kills: each session of
 * `spids` is there, as a kill that went through.
 */
export async function expectInKillLog(page: Page, spids: readonly string[]): Promise<void> {
  await page.getByTestId('session-kill-log').click();
  await expect(page.getByTestId('audit-view')).toBeVisible();
  await expect(page.getByTestId('audit-kills-only')).toHaveAttribute('aria-checked', 'true');
  const rows = page.getByTestId('audit-table').locator('tbody tr');
  for (const spid of spids) {
    // A row's text runs its cells together: the spid is the target's end, no digit after it.
    const row = rows.filter({ hasText: new RegExp(` / ${spid}(?!\\d)`) }).first();
    await expect(row).toContainText('sessions kill');
    await expect(row).toContainText(/Done · 20[04]/);
  }
}
