import { View } from './view';

/** The Databases view of an instance. */
export class DatabasesPage extends View {
  protected readonly viewId = 'database-table';
  protected readonly tableId = 'database-table';

  /** A database's row by its name. */
  row(name: string) {
    return this.rowByKey(name);
  }
}
