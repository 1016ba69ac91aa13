import { expect, type Locator, type Page } from '@playwright/test';

/*
 * Screenshots kept as artifacts (`artifacts/screenshots/`, to look at), light and dark. They
 * assert nothing, and in `npm test` they cost minutes of theme switches and captures, so they
 * are taken only with `SCREENSHOTS=1` (`npm run screenshots`); otherwise every helper here
 * returns at once.
 */

/** Whether the e2e specs save their screenshots. */
export const takesScreenshots = process.env['SCREENSHOTS'] === '1';

const DIR = 'artifacts/screenshots';
type Theme = 'light' | 'dark';
const THEMES = ['light', 'dark'] as const;

/**
 * Switches the theme with the top bar's switch, by a DOM click so that an open dialog's mask
 * does not take it, and waits until the page shows it.
 */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await page.getByTestId(`theme-${theme}`).dispatchEvent('click');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/**
 * Waits until every CSS transition and finite animation has ended (a dialog has finished
 * fading in). A spinner turns for as long as its work runs, so endless animations are left.
 */
export async function settled(page: Page): Promise<void> {
  // What was just done (the mouse moved off a button) starts its transitions with the next
  // frame: two frames first, or the check below can find nothing moving yet.
  // A function, not a string: the app's CSP forbids evaluating strings in the page.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const world = globalThis as unknown as {
          requestAnimationFrame(this: void, callback: () => void): number;
        };
        const frame = world.requestAnimationFrame;
        frame(() => frame(() => resolve()));
      }),
  );
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

/** Shoots the page (or `target`) once the mouse is out of the way and nothing moves. */
async function shoot(page: Page, path: string, target?: Locator): Promise<void> {
  await page.mouse.move(0, 0);
  // A tooltip of what the mouse was on waits a moment before it fades: until then no
  // animation runs, and it would be shot over the view.
  await expect(page.locator('.n-tooltip:visible')).toHaveCount(0);
  await settled(page);
  await (target ? target.screenshot({ path }) : page.screenshot({ path }));
}

/** The page as it is to `artifacts/screenshots/<name>.png`. */
export async function screenshotAs(page: Page, name: string): Promise<void> {
  if (takesScreenshots) await shoot(page, `${DIR}/${name}.png`);
}

/**
 * The page (or `target`, a dialog) in light and dark to `<name>-<theme>.png`, once no table is
 * loading; leaves the light theme on.
 */
export async function screenshotThemes(page: Page, name: string, target?: Locator): Promise<void> {
  if (!takesScreenshots) return;
  for (const theme of THEMES) {
    await setTheme(page, theme);
    await expect(page.locator('.n-data-table .n-base-loading')).toHaveCount(0);
    await shoot(page, `${DIR}/${name}-${theme}.png`, target);
  }
  await setTheme(page, 'light');
}

/**
 * Something modal (a dialog, a drawer) in both themes: for each theme it is opened with
 * `show`, shot, and closed with `hide` (the theme switch sits under the mask).
 */
export async function screenshotModalThemes(
  page: Page,
  name: string,
  show: () => Promise<Locator>,
  hide: () => Promise<void>,
): Promise<void> {
  if (!takesScreenshots) return;
  for (const theme of THEMES) {
    await setTheme(page, theme);
    const shown = await show();
    await expect(shown).toBeVisible();
    await shoot(page, `${DIR}/${name}-${theme}.png`);
    await hide();
    await expect(shown).toBeHidden();
  }
  await setTheme(page, 'light');
}

/** A window size to shoot at. */
interface Size {
  readonly width: number;
  readonly height: number;
}

/** The smallest supported window, the window the specs run in, and a full HD screen. */
const VIEW_SIZES: readonly Size[] = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

/**
 * The page as it is at each size (default 1024x700, 1280x800 and 1920x1080), light and dark, to
 * `<name>-<width>x<height>-<theme>.png`; then back to the size and the light theme the specs
 * run in.
 */
export async function screenshotSizes(
  page: Page,
  name: string,
  sizes: readonly Size[] = VIEW_SIZES,
): Promise<void> {
  if (!takesScreenshots) return;
  const before = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(size);
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await shoot(page, `${DIR}/${name}-${size.width}x${size.height}-${theme}.png`);
    }
  }
  if (before) await page.setViewportSize(before);
  await setTheme(page, 'light');
}

/** The sizes the density specs look at: the window they run in, and a narrower one. */
export const DENSITY_SIZES: readonly Size[] = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
];
