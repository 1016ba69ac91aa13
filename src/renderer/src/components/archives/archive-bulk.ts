import type { ArchivesResponse } from '@shared/contract/records/archives';
import type { WindowAction } from '@shared/ipc/resource-channels';
import type { BulkAction } from '../common/bulk-action';
import { countOf, readOnlyReason } from '../common/bulk-words';

/** The archives view's actions on selected archives: delete them, after typing the title. */
export function archiveBulkActions(options: {
  readonly readOnly: boolean;
  readonly remove: (archive: ArchivesResponse, action: WindowAction) => Promise<void>;
}): BulkAction<ArchivesResponse>[] {
  return [
    {
      key: 'delete',
      label: 'Delete…',
      title: (count) => `Delete ${countOf(count, 'archive')}`,
      warning: (rows) =>
        `${rows.length === 1 ? 'This archive is' : 'These archives are'} deleted for good: they can no longer be restored or downloaded.`,
      danger: true,
      typed: true,
      disabledReason: readOnlyReason(options.readOnly),
      skipReason: (row) =>
        row.archiveId ? undefined : 'It has no archive id yet; refresh the list.',
      run: async (row, action) => {
        await options.remove(row, action);
        return 'Deleted';
      },
    },
  ];
}
