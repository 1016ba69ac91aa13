import type { CidrEntryResponse } from '@shared/contract/records/cluster';
import type { WindowAction } from '@shared/ipc/resource-channels';
import type { BulkAction } from '../common/bulk-action';
import { countOf, readOnlyReason } from '../common/bulk-words';
import { lockoutRisk } from '@renderer/model/cluster/acl-changes';

/** The access control list's actions on selected entries: remove them, warned of a lockout. */
export function aclBulkActions(options: {
  readonly readOnly: boolean;
  readonly entries: () => readonly CidrEntryResponse[];
  readonly myIp: () => string | undefined;
  readonly remove: (cidrBlock: string, action: WindowAction) => Promise<void>;
}): BulkAction<CidrEntryResponse>[] {
  return [
    {
      key: 'remove',
      label: 'Remove…',
      title: (count) => `Remove ${countOf(count, 'entry', 'entries')}`,
      warning: (rows) => {
        const blocks = rows.map((row) => row.cidrBlock);
        const risk = lockoutRisk(options.entries(), blocks, options.myIp());
        const base = 'Clients connecting from these addresses are refused.';
        if (risk.locksYouOut) {
          return `${base} Among them are all the entries that let your address ${options.myIp() ?? ''} in: after removing them, this machine can no longer connect to the cluster's databases.`;
        }
        return risk.removesYourEntry
          ? `${base} One of them lets your address ${options.myIp() ?? ''} in; another entry still does.`
          : base;
      },
      danger: true,
      disabledReason: readOnlyReason(options.readOnly),
      run: async (row, action) => {
        await options.remove(row.cidrBlock, action);
        return 'Removed';
      },
    },
  ];
}
