import type { Locator, Page } from '@playwright/test';

/** The Monitor view: one row per watched instance. */
export class MonitorPage {
  constructor(readonly page: Page) {}

  get view(): Locator {
    return this.page.getByTestId('monitor-view');
  }

  get rows(): Locator {
    return this.view.getByTestId('monitor-row');
  }

  /** The row of an instance. */
  row(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }
}
