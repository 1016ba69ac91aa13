import { expect, type Locator, type Page } from '@playwright/test';

/* Reaching things: jump-to, the command palette, dropdown menus and selects. */

/**
 * Opens a view through jump-to (Ctrl+P), e.g. `archives prod`; answers the view. With `label`,
 * Enter waits until the item it picks reads so: jump-to lists what the stores have loaded, and
 * until then another object may match the query first.
 */
export async function jumpTo(
  page: Page,
  query: string,
  view: string,
  label?: string,
): Promise<Locator> {
  await page.keyboard.press('Control+p');
  const picker = page.getByTestId('jump-to');
  await picker.getByTestId('quick-pick-input').locator('input').fill(query);
  if (label !== undefined) {
    await expect(picker.locator('.quick-pick__item--active .quick-pick__label')).toHaveText(label);
  }
  await page.keyboard.press('Enter');
  // The pick closes the palette and navigates in one update: once it is gone, the view shown
  // is the new one (from one instance's view to another's, the old one matches `view` too).
  await expect(page.getByTestId('jump-to')).toBeHidden();
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

/** Picks an option of a naive-ui select. */
export async function pickOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page.locator('.n-base-select-option:visible').filter({ hasText: label }).first().click();
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
