import { expect, type Locator, type Page } from '@playwright/test';
import type { Harness } from '../../../harness/server';
import { dismissNotifications } from '../alerts';
import { queueDialog } from '../files';
import { View } from './view';

/** The Archives view of an instance (90 archives on sql-eu-prod-01 in the demo data). */
export class ArchivesPage extends View {
  protected readonly viewId = 'archives-view';
  protected readonly tableId = 'archive-table';

  constructor(
    page: Page,
    readonly harness: Harness,
  ) {
    super(page);
  }

  /** The details drawer of the archive opened. */
  get details(): Locator {
    return this.page.getByTestId('archive-details');
  }

  /**
   * Downloads the archive `name`, open in the details drawer, into `folder` (the folder
   * dialog's answer); answers its transfer card once the download is done.
   */
  async download(name: string, folder: string): Promise<Locator> {
    await queueDialog(this.harness, { folder });
    await dismissNotifications(this.page);
    await this.page.getByTestId('archive-download').click();
    await expect(this.details).toBeHidden();
    const card = this.page
      .getByTestId('transfer-card')
      .filter({ hasText: `Download archive ${name}` });
    await expect(card).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(card.getByTestId('transfer-state')).toHaveText('Downloaded');
    return card;
  }
}
