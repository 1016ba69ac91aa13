import type { Page } from '@playwright/test';
import { settled } from './activity-helpers';
import { expect } from './fixtures';
import { takesScreenshots } from './screenshots';

/** The window sizes every view is looked at in: the smallest supported and a full HD screen. */
const SIZES = [
  { width: 1024, height: 700 },
  { width: 1920, height: 1080 },
] as const;

/**
 * With SCREENSHOTS=1, screenshots of the page as it is, at 1024x700 and 1920x1080, light and
 * dark, to `artifacts/screenshots/views/<name>-<width>x<height>-<theme>.png`; then the size
 * and the light theme the specs run in. Nothing without SCREENSHOTS=1 (see screenshots.ts).
 */
export async function screenshotViewSizes(page: Page, name: string): Promise<void> {
  if (!takesScreenshots) return;
  const before = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      // A DOM click, so an open dialog's mask does not take it.
      await page.getByTestId(`theme-${theme}`).dispatchEvent('click');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.mouse.move(0, 0);
      await settled(page);
      const file = `${name}-${size.width}x${size.height}-${theme}.png`;
      await page.screenshot({ path: `artifacts/screenshots/views/${file}` });
    }
  }
  if (before) await page.setViewportSize(before);
  await page.getByTestId('theme-light').dispatchEvent('click');
}
