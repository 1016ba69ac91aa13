import { expect, type Locator } from '@playwright/test';
import { View } from './view';

/**
 * The Audit view: the app's own trail of what it changed, one row per user action that opens
 * to show its API calls.
 */
export class AuditPage extends View {
  protected readonly viewId = 'audit-view';
  protected readonly tableId = 'audit-table';

  /** The actions' rows (not the rows their calls open in). */
  override get rows(): Locator {
    return this.table.locator('tbody tr.n-data-table-tr[data-row-key]');
  }

  /** The button that opens and closes an action's row on its calls. */
  expander(row: Locator): Locator {
    return row.getByTestId('row-expand');
  }

  /** The calls an open row shows, in the row under it. */
  calls(row: Locator): Locator {
    return row.locator('xpath=following-sibling::tr[1]').getByTestId('audit-call');
  }

  /** Opens every action's row on its calls; answers the calls shown. */
  async openAll(): Promise<Locator> {
    const closed = this.table.locator('[data-testid="row-expand"][aria-expanded="false"]');
    await expect(this.rows.first()).toBeVisible();
    while ((await closed.count()) > 0) {
      const before = await closed.count();
      await closed.first().click();
      await expect(closed).toHaveCount(before - 1);
    }
    return this.table.getByTestId('audit-call');
  }
}
