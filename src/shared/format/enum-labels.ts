import {
  StorageTypeId,
  type ARCHIVE_DATABASE_TYPES,
  type DATABASE_SCHEMAS,
  type JobType,
  type StorageType,
} from '../contract/enums';

/*
 * The readable name of each code the service answers, one map per enumeration, so a table,
 * a details pane, a filter and a CSV export all say the same words ("EDM", "Export database",
 * "Temporary") where the service says `Edm`, `EXPORT_DATABASE` or `0`. The enumerations are
 * open (records.md, "Tolerance"): a code not in a map is shown as it came.
 */

/** A code that may be absent or unknown. */
type Code = string | number | null | undefined;

/** The label of `code` in `labels`; an unknown code as it came, an absent one as ''. */
function labelOf(labels: Readonly<Record<string | number, string>>, code: Code): string {
  if (code === null || code === undefined) return '';
  return labels[code] ?? String(code);
}

/** Names of the archive storage types (`storageType`). */
export const STORAGE_TYPE_LABELS: Readonly<Record<StorageType, string>> = {
  Temporary: 'Temporary',
  Permanent: 'Permanent',
};

/** Names of the numeric storage type ids (`storageTypeId`: 0 temporary, 1 permanent). */
export const STORAGE_TYPE_ID_LABELS: Readonly<Record<number, string>> = {
  [StorageTypeId.Temporary]: STORAGE_TYPE_LABELS.Temporary,
  [StorageTypeId.Permanent]: STORAGE_TYPE_LABELS.Permanent,
};

/** What an archive was made from (`sourceTypeId`, records.md "Archives"). */
const SOURCE_TYPE_LABELS: Readonly<Record<number, string>> = {
  0: 'Deleted database',
  1: 'Snapshot',
  2: 'Archive',
};

/** `Database.databaseSchema` (`Edm`, `Rdm`, `Unknown`): the product names in capitals. */
const DATABASE_SCHEMA_LABELS: Readonly<Record<(typeof DATABASE_SCHEMAS)[number], string>> = {
  Edm: 'EDM',
  Rdm: 'RDM',
  Unknown: 'Unknown',
};

/** `ArchivesDetail.databaseType` (`EDM`, `RDM`, `UNKNOWN`), in the same words as the schema. */
const ARCHIVE_DATABASE_TYPE_LABELS: Readonly<
  Record<(typeof ARCHIVE_DATABASE_TYPES)[number], string>
> = {
  EDM: 'EDM',
  RDM: 'RDM',
  UNKNOWN: 'Unknown',
};

/** Job types (`EXPORT_DATABASE`) as words. */
export const JOB_TYPE_LABELS: Readonly<Record<JobType, string>> = {
  CREATE_DATABASE: 'Create database',
  DROP_DATABASE: 'Drop database',
  IMPORT_DATABASE: 'Import database',
  EXPORT_DATABASE: 'Export database',
  ARCHIVE_DATABASE: 'Archive database',
  RESTORE_ARCHIVE: 'Restore archive',
  MOVE_DATABASE: 'Move database',
  RENAME_DATABASE: 'Rename database',
  SHRINK_DATABASE: 'Shrink database',
  CREATE_LOGIN: 'Create login',
  DELETE_LOGIN: 'Delete login',
};

/** `Temporary` or `Permanent` for a storage type id; another id as its number. */
export function storageTypeIdLabel(id: number | null | undefined): string {
  return labelOf(STORAGE_TYPE_ID_LABELS, id);
}

/** What an archive was made from; an unknown `sourceTypeId` as its number. */
export function sourceTypeLabel(id: number | null | undefined): string {
  return labelOf(SOURCE_TYPE_LABELS, id);
}

/** `EDM`, `RDM` or `Unknown` for a database's schema. */
export function databaseSchemaLabel(schema: string | null | undefined): string {
  return labelOf(DATABASE_SCHEMA_LABELS, schema);
}

/** `EDM`, `RDM` or `Unknown` for an archive's database type. */
export function archiveDatabaseTypeLabel(type: string | null | undefined): string {
  return labelOf(ARCHIVE_DATABASE_TYPE_LABELS, type);
}

/**
 * A job type as words: `EXPORT_DATABASE` → `Export database`. A type this app does not know
 * yet is written the same way from its code (`PURGE_LOGS` → `Purge logs`); none is `Job`.
 */
export function jobTypeLabel(type: string | null | undefined): string {
  if (!type) return 'Job';
  const known = (JOB_TYPE_LABELS as Readonly<Record<string, string>>)[type];
  if (known !== undefined) return known;
  const words = type.toLowerCase().split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a permanent archive's expiry reads as: the service keeps it, whatever date it carries. */
export const NEVER_EXPIRES = 'Never expires';
