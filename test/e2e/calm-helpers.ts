import type { Locator, Page } from '@playwright/test';
import { setTheme, settled } from './activity-helpers';

/*
 * Shared by the specs of issue 17 (a calmer window): screenshots at the two window sizes
 * admins use, and box geometry.
 */

/** Shots of the window at 1024x700 and 1920x1080, light and dark, to /tmp/a17-<name>-*.png. */
export async function screenshotSizes(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  for (const size of [
    { width: 1024, height: 700 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await page.mouse.move(0, 0);
      await settled(page);
      await page.screenshot({ path: `/tmp/a17-${name}-${theme}-${size.width}.png` });
    }
  }
  await setTheme(page, 'light');
  if (before) await page.setViewportSize(before);
}

/** A box on the page. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The element's box; fails when it is not rendered. */
export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return box;
}

/** True when the two boxes share some area (touching edges do not count). */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
