import type { Locator, Page } from '@playwright/test';

/** What every view's page object has: the page, the view, and its resource table's rows. */
export abstract class View {
  constructor(readonly page: Page) {}

  /** The view's root (its test id). */
  protected abstract readonly viewId: string;
  /** Its resource table's test id. */
  protected abstract readonly tableId: string;

  get view(): Locator {
    return this.page.getByTestId(this.viewId);
  }

  get table(): Locator {
    return this.page.getByTestId(this.tableId);
  }

  /** The table's data rows. */
  get rows(): Locator {
    return this.table.locator('tbody tr.n-data-table-tr');
  }

  /** The row whose key (`data-row-key`: a name, a spid) is `key`. */
  rowByKey(key: string): Locator {
    return this.table.locator(`tr[data-row-key="${key}"]`);
  }

  /** The row with a cell reading `text` exactly. */
  rowWith(text: string): Locator {
    return this.rows.filter({ has: this.page.getByText(text, { exact: true }) });
  }

  /** The table's search box. */
  get search(): Locator {
    return this.table.getByTestId('table-search').locator('input');
  }

  /** The table's "n of m" count. */
  get rowCount(): Locator {
    return this.table.getByTestId('row-count');
  }
}
