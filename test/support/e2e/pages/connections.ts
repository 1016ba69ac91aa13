import type { Locator, Page } from '@playwright/test';

/** The connection screen and the profile form (first run, or the dialog of a new one). */
export class ConnectionsPage {
  constructor(readonly page: Page) {}

  /** The first-run screen's profile form. */
  get form(): Locator {
    return this.page.getByTestId('profile-form');
  }

  /** Fills a profile form (`form`, default the first-run one) for an API key on a custom URL. */
  async fillApiKeyProfile(
    profile: { name: string; baseUrl: string; apiKey: string },
    form: Locator = this.form,
  ): Promise<void> {
    await form.getByTestId('profile-name').locator('input').fill(profile.name);
    await form.getByTestId('profile-target').getByText('Custom URL').click();
    await form.getByTestId('profile-base-url').locator('input').fill(profile.baseUrl);
    await form.getByTestId('profile-api-key').locator('input').fill(profile.apiKey);
  }
}
