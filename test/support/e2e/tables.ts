import type { Locator, Page } from '@playwright/test';
import { settled } from './activity-helpers';
import { boxOf } from './calm-helpers';
import { expect } from './fixtures';
import { takesScreenshots } from './screenshots';

/*
 * What the density specs share: the parts of a resource table they measure, and screenshots
 * of a view at the window sizes the app is made for.
 */

const PROD = 'sql-eu-prod-01';

/** The header cells of a table's own columns (not the checkbox column, nor the menu's). */
function dataHeaders(table: Locator): Locator {
  return table.locator(
    'thead th:not(.resource-table__select-cell):not(.resource-table__menu-cell)',
  );
}

/** The header cell of the column `key`. */
export function headerOf(table: Locator, key: string): Locator {
  return table.locator(`thead th[data-col-key="${key}"]`);
}

/** The thumb of the table's sideways scrollbar: there only while the columns overflow. */
export function sidewaysThumb(table: Locator): Locator {
  return table.locator(
    '.n-data-table-base-table-body .n-scrollbar-rail--horizontal .n-scrollbar-rail__scrollbar',
  );
}

/** How many rows are whole in the table's scrolling body. */
export async function rowsInView(table: Locator): Promise<number> {
  const body = await boxOf(table.locator('.n-data-table-base-table-body'));
  const boxes = await table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        (row as unknown as { getBoundingClientRect(): DOMRectLike }).getBoundingClientRect(),
      ),
    );
  return boxes.filter((box) => box.top >= body.y - 1 && box.bottom <= body.y + body.height + 1)
    .length;
}

/** The little of a DOMRect the specs read (they compile without the DOM library). */
interface DOMRectLike {
  readonly top: number;
  readonly bottom: number;
}

/**
 * Expects every header cell of the table's own columns to end inside the table, left of its
 * menu column (fixed at the right edge): no column the user has not asked for is cut.
 */
export async function expectHeadersInside(table: Locator, place: string): Promise<void> {
  const menu = await boxOf(table.locator('thead th.resource-table__menu-cell'));
  const headers = dataHeaders(table);
  const count = await headers.count();
  expect(count, `${place}: no column shown`).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const header = headers.nth(index);
    const box = await boxOf(header);
    const title = (await header.innerText()).trim();
    expect(box.x + box.width, `${place}: ${title} is cut`).toBeLessThanOrEqual(menu.x + 1);
  }
}

/** Opens the table's column chooser; answers its list. */
export async function openChooser(page: Page, table: Locator): Promise<Locator> {
  await table.getByTestId('column-chooser').click();
  const list = page.getByTestId('column-chooser-list');
  await expect(list).toBeVisible();
  return list;
}

/** Closes the table's open column chooser (its button toggles it). */
export async function closeChooser(page: Page, table: Locator): Promise<void> {
  await table.getByTestId('column-chooser').click();
  await expect(page.getByTestId('column-chooser-list')).toBeHidden();
}

/**
 * Reloads the page. Main keeps the connection open, so the tree comes back by itself; should
 * it not, the emulator is signed in to again (what a test needs is the app, not the restore).
 */
export async function reloadSignedIn(page: Page): Promise<void> {
  await page.reload();
  const node = page.getByTestId('tree-node').filter({ hasText: PROD });
  const tryIt = page.getByTestId('try-emulator');
  await expect(node.or(tryIt).first()).toBeVisible();
  if (!(await node.first().isVisible())) {
    await tryIt.first().click();
    await expect(node.first()).toBeVisible();
  }
}

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const;

/**
 * With SCREENSHOTS=1, the page at 1280x800 and 1024x700, light and dark, to
 * `artifacts/screenshots/density/<name>-<width>-<theme>.png`; then back to 1280x800, light.
 */
export async function screenshotDensity(page: Page, name: string): Promise<void> {
  if (!takesScreenshots) return;
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId(`theme-${theme}`).dispatchEvent('click');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.mouse.move(0, 0);
      await settled(page);
      const file = `artifacts/screenshots/density/${name}-${size.width}-${theme}.png`;
      await page.screenshot({ path: file });
    }
  }
  await page.setViewportSize(SIZES[0]);
  await page.getByTestId('theme-light').dispatchEvent('click');
}
