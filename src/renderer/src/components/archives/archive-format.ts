import { StorageTypeId } from '../../../../shared/contract/enums';
import type { ArchivesResponse } from '../../../../shared/contract/records/archives';
import { formatDateTime } from '../../display/format';

/*
 * How archive fields read in the table and dialogs (sizes and dates: display/format.ts).
 */

/** `Temporary` or `Permanent` from the name or, when absent, the id; else the raw value. */
export function storageTypeOf(archive: ArchivesResponse): string {
  if (archive.storageType) return archive.storageType;
  if (archive.storageTypeId === StorageTypeId.Temporary) return 'Temporary';
  if (archive.storageTypeId === StorageTypeId.Permanent) return 'Permanent';
  return archive.storageTypeId === null || archive.storageTypeId === undefined
    ? ''
    : String(archive.storageTypeId);
}

const SOURCE_LABELS: Readonly<Record<number, string>> = {
  0: 'Deleted database',
  1: 'Snapshot',
  2: 'Archive',
};

/** What an archive was made from (`sourceTypeId`), or the raw number when unknown. */
export function sourceTypeLabel(id: number | null | undefined): string {
  if (id === null || id === undefined) return '';
  return SOURCE_LABELS[id] ?? String(id);
}

/** A name for an archive in titles and messages. */
export function archiveTitle(archive: ArchivesResponse): string {
  const name = archive.name ?? archive.archiveId ?? 'Archive';
  return archive.createDate ? `${name} (${formatDateTime(archive.createDate)})` : name;
}
