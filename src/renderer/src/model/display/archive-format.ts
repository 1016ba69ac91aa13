import { StorageTypeId } from '@shared/contract/enums';
import type { ArchivesDetail, ArchivesResponse } from '@shared/contract/records/archives';
import { formatDateTime, type TimeOptions } from '@shared/format/times';
import { formatSizeMiB } from '@shared/format/units';

/*
 * How archive fields read in the table and dialogs (sizes and dates: src/shared/format).
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

/** A name for an archive in titles and messages; `options`: the user's clock. */
export function archiveTitle(archive: ArchivesResponse, options: TimeOptions = {}): string {
  const name = archive.name ?? archive.archiveId ?? 'Archive';
  return archive.createDate ? `${name} (${formatDateTime(archive.createDate, options)})` : name;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A download URI as shown: its host and file name (`store.example.net/…/Sales.bak`), never
 * its query string, which is the signature of a pre-signed URL (main already leaves it out).
 */
export function shortDownloadUri(uri: string): string {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return decoded(uri.split(/[?#]/)[0]?.split('/').pop() ?? '');
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const file = segments.pop();
  if (file === undefined) return url.host;
  return `${url.host}/${segments.length > 0 ? '…/' : ''}${decoded(file)}`;
}

/** One line of an archive's details: its label, the text shown, and a test id. */
export interface ArchiveDetailRow {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  /** Identifiers read better in a fixed-width font. */
  readonly mono?: boolean;
}

const orDash = (value: string | null | undefined): string =>
  value === null || value === undefined || value === '' ? '—' : value;

/**
 * Every field of ArchivesDetail but the download URIs (listed apart), in reading order; the
 * storage type comes from the list row, where the service gives it. `options`: the user's clock.
 */
export function archiveDetailRows(
  detail: ArchivesDetail,
  row: ArchivesResponse | undefined,
  options: TimeOptions = {},
): ArchiveDetailRow[] {
  const storage = row ? storageTypeOf(row) : '';
  return [
    { key: 'name', label: 'Name', value: orDash(detail.name) },
    { key: 'archiveId', label: 'Archive id', value: orDash(detail.archiveId), mono: true },
    { key: 'serverName', label: 'Server', value: orDash(detail.serverName) },
    { key: 'databaseType', label: 'Database type', value: orDash(detail.databaseType) },
    { key: 'sizeInMb', label: 'Size', value: formatSizeMiB(detail.sizeInMb) },
    { key: 'createDate', label: 'Created', value: formatDateTime(detail.createDate, options) },
    { key: 'expiryDate', label: 'Expires', value: formatDateTime(detail.expiryDate, options) },
    { key: 'createdBy', label: 'Created by', value: orDash(detail.createdBy) },
    ...(storage ? [{ key: 'storageType', label: 'Storage type', value: storage }] : []),
    { key: 'thumbprint', label: 'Thumbprint', value: orDash(detail.thumbprint), mono: true },
  ];
}
