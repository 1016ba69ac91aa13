import type { Database, PinOrUnpinRequest } from '@shared/contract/records/databases';
import type { WindowAction } from '@shared/ipc/resource-channels';
import type { BulkAction } from '../common/bulk-action';
import { countOf, readOnlyReason } from '../common/bulk-words';

/**
 * The databases view's actions on selected databases: pin them (with no expiry; one
 * database's menu sets an expiry) or unpin them. A database already so is listed as skipped.
 */
export function databaseBulkActions(options: {
  readonly readOnly: boolean;
  readonly pin: (
    database: Database,
    body: PinOrUnpinRequest,
    action: WindowAction,
  ) => Promise<void>;
}): BulkAction<Database>[] {
  const disabledReason = readOnlyReason(options.readOnly);
  return [
    {
      key: 'pin',
      label: 'Pin',
      title: (count) => `Pin ${countOf(count, 'database')}`,
      warning: () => 'Pinned with no expiry: they stay pinned until unpinned.',
      disabledReason,
      skipReason: (row) => (row.pinned ? 'It is pinned already.' : undefined),
      run: async (row, action) => {
        await options.pin(row, { pinned: true }, action);
        return 'Pinned';
      },
    },
    {
      key: 'unpin',
      label: 'Unpin',
      title: (count) => `Unpin ${countOf(count, 'database')}`,
      disabledReason,
      skipReason: (row) => (row.pinned ? undefined : 'It is not pinned.'),
      run: async (row, action) => {
        await options.pin(row, { pinned: false }, action);
        return 'Unpinned';
      },
    },
  ];
}
