import { View } from './view';

/** The Jobs view of an instance. */
export class JobsPage extends View {
  protected readonly viewId = 'jobs-view';
  protected readonly tableId = 'job-table';
}
