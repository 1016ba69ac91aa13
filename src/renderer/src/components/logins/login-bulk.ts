import type { Login } from '@shared/contract/records/logins';
import type { WindowAction } from '@shared/ipc/resource-channels';
import type { BulkAction } from '../common/bulk-action';
import { countOf, readOnlyReason } from '../common/bulk-words';

/** The logins view's actions on selected logins: delete them, after typing the title. */
export function loginBulkActions(options: {
  readonly readOnly: boolean;
  readonly remove: (
    loginName: string,
    action: WindowAction,
  ) => Promise<{ jobId: string } | undefined>;
}): BulkAction<Login>[] {
  return [
    {
      key: 'delete',
      label: 'Delete…',
      title: (count) => `Delete ${countOf(count, 'login')}`,
      warning: (rows) =>
        `Applications and people that sign in as ${rows.length === 1 ? 'this login' : 'these logins'} can no longer connect.`,
      danger: true,
      typed: true,
      disabledReason: readOnlyReason(options.readOnly),
      run: async (row, action) => {
        const job = await options.remove(row.name, action);
        return job ? `Deleting (job ${job.jobId})` : 'Deleted';
      },
    },
  ];
}
