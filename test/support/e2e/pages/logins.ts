import type { Locator } from '@playwright/test';
import { pickMenuItem } from '../menus';
import { View } from './view';

/** The Logins view of an instance. */
export class LoginsPage extends View {
  protected readonly viewId = 'logins-view';
  protected readonly tableId = 'login-table';

  /** A login's row by its name. */
  row(name: string): Locator {
    return this.rowWith(name);
  }

  /** Picks `item` in the row menu of the login `name`. */
  async rowMenu(name: string, item: string): Promise<void> {
    await this.row(name).getByTestId('row-menu').click();
    await pickMenuItem(this.page, item);
  }
}
