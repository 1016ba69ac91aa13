import { View } from './view';

/** The Audit view: the app's own trail of what it changed. */
export class AuditPage extends View {
  protected readonly viewId = 'audit-view';
  protected readonly tableId = 'audit-table';
}
