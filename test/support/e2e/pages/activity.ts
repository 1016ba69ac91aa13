import { expect, type Locator, type Page } from '@playwright/test';

/** The activity panel: the app's transfers and jobs, and the current instance's jobs. */
export class ActivityPanel {
  constructor(readonly page: Page) {}

  get panel(): Locator {
    return this.page.getByTestId('activity-panel');
  }

  /** Opens the panel unless it is open; answers it. */
  async open(): Promise<Locator> {
    if (!(await this.panel.isVisible())) await this.page.getByTestId('toggle-activity').click();
    await expect(this.panel).toBeVisible();
    return this.panel;
  }

  /** Clicks one of the panel's filters (All, Running, Failed, Finished). */
  async filterBy(name: string): Promise<void> {
    await this.panel
      .getByTestId('activity-filter')
      .getByText(new RegExp(`^${name}`))
      .click();
  }

  /** The newest card of a transfer whose text holds `text` (its file or database name). */
  transferCard(text: string): Locator {
    return this.page.getByTestId('transfer-card').filter({ hasText: text }).first();
  }

  /** The panel's cards of the current instance's jobs. */
  get instanceCards(): Locator {
    return this.panel.locator('[data-testid="job-card"][data-source="instance"]');
  }

  /** The import sheet (name, plan, start) that a chosen or dropped file opens. */
  get importSheet(): Locator {
    return this.page.getByTestId('import-sheet');
  }
}
