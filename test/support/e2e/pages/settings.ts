import type { Locator, Page } from '@playwright/test';

/** The Settings view. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  get view(): Locator {
    return this.page.getByTestId('settings-view');
  }

  /** The input of the setting with test id `testId`. */
  input(testId: string): Locator {
    return this.page.getByTestId(testId).locator('input');
  }

  get save(): Locator {
    return this.page.getByTestId('settings-save');
  }
}
