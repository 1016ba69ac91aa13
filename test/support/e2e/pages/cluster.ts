import type { Locator } from '@playwright/test';
import { View } from './view';

/** The Cluster view: the ACL and TLS. */
export class ClusterPage extends View {
  protected readonly viewId = 'cluster-view';
  protected readonly tableId = 'acl-table';

  /** The ACL row of an address block. */
  row(block: string): Locator {
    return this.rowWith(block);
  }
}
