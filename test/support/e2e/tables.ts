import { expect, type Locator, type Page } from '@playwright/test';
import { boxOf } from './geometry';

/* Resource tables: their rows, and the parts the density specs measure. */

/** The data rows of a resource table (its test id). */
export function tableRows(page: Page, tableTestId: string): Locator {
  return page.getByTestId(tableTestId).locator('tbody tr.n-data-table-tr');
}

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

/** The texts of the `key` column's cells that do not fit their cell (cut with an ellipsis). */
export async function cutCells(table: Locator, key: string): Promise<string[]> {
  type Box = { scrollWidth: number; clientWidth: number };
  type Cell = Box & { textContent: string | null; querySelectorAll(selector: string): Box[] };
  return table.locator(`tbody td[data-col-key="${key}"]`).evaluateAll((found) =>
    (found as unknown as Cell[]).flatMap((cell): string[] => {
      const parts: Box[] = [cell, ...cell.querySelectorAll('*')];
      const cut = parts.some(
        (part) => part.clientWidth > 0 && part.scrollWidth > part.clientWidth + 1,
      );
      return cut ? [cell.textContent ?? ''] : [];
    }),
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
