import { StorageTypeId } from '@shared/contract/enums';
import type { ArchivesDetail, ArchivesResponse } from '@shared/contract/records/archives';
import {
  NEVER_EXPIRES,
  STORAGE_TYPE_LABELS,
  archiveDatabaseTypeLabel,
  storageTypeIdLabel,
} from '@shared/format/enum-labels';
import { formatDateTime, type TimeOptions } from '@shared/format/times';
import { formatSizeMiB } from '@shared/format/units';

/*
 * How archive fields read in the table and dialogs (sizes and dates: src/shared/format; the
 * names of codes: src/shared/format/enum-labels.ts).
 */

/** `Temporary` or `Permanent` from the name or, when absent, the id; else the raw value. */
export function storageTypeOf(archive: ArchivesResponse): string {
  const { storageType } = archive;
  if (storageType) {
    return (STORAGE_TYPE_LABELS as Readonly<Record<string, string>>)[storageType] ?? storageType;
  }
  return storageTypeIdLabel(archive.storageTypeId);
}

/**
 * True for a permanent archive. Permanence is the storage type (service-interface.md: only a
 * `Temporary` archive is deleted on its expiration date); the `expiryDate` a permanent archive
 * still carries is nominal and says nothing about when it goes.
 */
export function isPermanentArchive(archive: ArchivesResponse): boolean {
  if (archive.storageType) return archive.storageType === 'Permanent';
  return archive.storageTypeId === StorageTypeId.Permanent;
}

/**
 * An archive's expiry as written out (a table's search and export, the details): `Never
 * expires` for a permanent one, else the date and time in the user's clock.
 */
export function archiveExpiryText(archive: ArchivesResponse, options: TimeOptions = {}): string {
  if (isPermanentArchive(archive)) return NEVER_EXPIRES;
  return archive.expiryDate ? formatDateTime(archive.expiryDate, options) : '—';
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
  // The detail has no storage type: the list row says whether the expiry means anything.
  const expiry = row
    ? archiveExpiryText({ ...row, expiryDate: detail.expiryDate }, options)
    : formatDateTime(detail.expiryDate, options);
  return [
    { key: 'name', label: 'Name', value: orDash(detail.name) },
    { key: 'archiveId', label: 'Archive id', value: orDash(detail.archiveId), mono: true },
    { key: 'serverName', label: 'Server', value: orDash(detail.serverName) },
    {
      key: 'databaseType',
      label: 'Database type',
      value: orDash(archiveDatabaseTypeLabel(detail.databaseType)),
    },
    { key: 'sizeInMb', label: 'Size', value: formatSizeMiB(detail.sizeInMb) },
    { key: 'createDate', label: 'Created', value: formatDateTime(detail.createDate, options) },
    { key: 'expiryDate', label: 'Expires', value: expiry },
    { key: 'createdBy', label: 'Created by', value: orDash(detail.createdBy) },
    ...(storage ? [{ key: 'storageType', label: 'Storage type', value: storage }] : []),
    { key: 'thumbprint', label: 'Thumbprint', value: orDash(detail.thumbprint), mono: true },
  ];
}
