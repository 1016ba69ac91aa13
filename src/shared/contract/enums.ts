import { z } from 'zod';

/*
 * Enumerations of the service. Request schemas use the closed `XxxSchema` enums (we only send
 * what we know). Response schemas use `openEnum` (see `schema-helpers.ts`) with the value lists
 * exported here, because the real service may add values (records.md, "Tolerance").
 */

/** File type codes shared by ExportToType and ImportFromType: `0` MDF, `1` BAK, `2` DACPAC. */
export const FileTypeCode = { MDF: 0, BAK: 1, DACPAC: 2 } as const;
/** Name of a file type code (`MDF`, `BAK`, `DACPAC`). */
export type FileTypeName = keyof typeof FileTypeCode;
/** A file type code (`0`, `1`, `2`). */
export type FileTypeValue = (typeof FileTypeCode)[FileTypeName];

/** Code to name, e.g. `fileTypeNames[1] === 'BAK'`. */
export const fileTypeNames: Readonly<Record<FileTypeValue, FileTypeName>> = {
  0: 'MDF',
  1: 'BAK',
  2: 'DACPAC',
};

/** The `{fileExtension}` path segment of the multipart upload paths. */
export const FileExtensionSchema = z.enum(['mdf', 'bak', 'dacpac'], {
  error: 'File extension must be mdf, bak or dacpac',
});
/** `mdf`, `bak` or `dacpac`. */
export type FileExtension = z.infer<typeof FileExtensionSchema>;

/** Code to file extension, e.g. `fileExtensionByType[2] === 'dacpac'`. */
export const fileExtensionByType: Readonly<Record<FileTypeValue, FileExtension>> = {
  0: 'mdf',
  1: 'bak',
  2: 'dacpac',
};

/** File extension to code, e.g. `fileTypeByExtension.bak === 1`. */
export const fileTypeByExtension: Readonly<Record<FileExtension, FileTypeValue>> = {
  mdf: 0,
  bak: 1,
  dacpac: 2,
};

const fileTypeMessage = 'must be 0 (MDF), 1 (BAK) or 2 (DACPAC)';

/**
 * The metadata of an enumeration sent as numeric codes: what each code means, by name. A
 * command line or a form reads it to take names (`bak`) where the wire takes codes (`1`).
 */
export interface CodeNamesMeta {
  readonly codeNames: Readonly<Record<string, number>>;
}

const fileTypeCodeNames = { codeNames: FileTypeCode } satisfies CodeNamesMeta;

/** Query `exportTo` of export: `0` MDF (default of the service), `1` BAK, `2` DACPAC. */
export const ExportToTypeSchema = z
  .literal([0, 1, 2], { error: `exportTo ${fileTypeMessage}` })
  .meta(fileTypeCodeNames);
/** An ExportToType code. */
export type ExportToType = z.infer<typeof ExportToTypeSchema>;

/** Query `importFrom` of prepare import and import; same values as ExportToType (records.md). */
export const ImportFromTypeSchema = z
  .literal([0, 1, 2], { error: `importFrom ${fileTypeMessage}` })
  .meta(fileTypeCodeNames);

/** Job status values; the service sends them as a string. */
export const JOB_STATUSES = [
  'Enqueued',
  'Scheduled',
  'Awaiting',
  'Processing',
  'Succeeded',
  'Failed',
  'Deleted',
] as const;
/** A known job status. */
type JobStatus = (typeof JOB_STATUSES)[number];
/** The statuses after which a job never changes again. */
const FINAL_JOB_STATUSES: readonly JobStatus[] = ['Succeeded', 'Failed', 'Deleted'];

/** True when a job in `status` will not change again. Unknown statuses are not final. */
export function isFinalJobStatus(status: string): boolean {
  return (FINAL_JOB_STATUSES as readonly string[]).includes(status);
}

/** Archive storage types. A `Temporary` archive is deleted on its expiration date. */
export const STORAGE_TYPES = ['Temporary', 'Permanent'] as const;
/** Closed schema of the storage types (ArchivePatch). */
export const StorageTypeSchema = z.enum(STORAGE_TYPES, {
  error: 'Storage type must be Temporary or Permanent',
});
/** `Temporary` or `Permanent`. */
export type StorageType = z.infer<typeof StorageTypeSchema>;
/** Numeric `storageTypeId` of archives (filterable, sortable). */
export const StorageTypeId = { Temporary: 0, Permanent: 1 } as const;

/** TLS protocol versions accepted by set server security. */
export const TLS_VERSIONS = ['1.0', '1.1', '1.2'] as const;
/** Closed schema of the TLS versions. */
export const TlsVersionSchema = z.enum(TLS_VERSIONS, {
  error: 'Minimum TLS version must be 1.0, 1.1 or 1.2',
});
/** `1.0`, `1.1` or `1.2`. */
export type TlsVersion = z.infer<typeof TlsVersionSchema>;

/** Roles of the service, from least to most powerful. */
export const ROLES = ['Consumer', 'Contributor', 'Admin'] as const;
/** `Consumer`, `Contributor` or `Admin`. */
export type Role = (typeof ROLES)[number];
/** Roles a login can be created with (an Admin login cannot be created through the service). */
export const LoginRoleSchema = z.enum(['Consumer', 'Contributor'], {
  error: 'Role must be Consumer or Contributor',
});

/** Data center regions; each hosts its own `{host}`. */
export const RegionSchema = z.enum(['EU', 'US']);
/** `EU` or `US`. */
export type Region = z.infer<typeof RegionSchema>;
/** The interface names the EU data center as the default. */
export const DEFAULT_REGION: Region = 'EU';

/** Values of `Database.databaseSchema`. */
export const DATABASE_SCHEMAS = ['Edm', 'Rdm', 'Unknown'] as const;
/** Values of `ArchivesDetail.databaseType` (upper case in the interface). */
export const ARCHIVE_DATABASE_TYPES = ['EDM', 'RDM', 'UNKNOWN'] as const;

/** Database statuses: `Ready`, `Inactive` are public, the rest are ours. */
export const DATABASE_STATUSES = [
  'Ready',
  'Inactive',
  'Creating',
  'Importing',
  'Exporting',
  'Offline',
  'Archiving',
  'Restoring',
  'Moving',
  'Shrinking',
] as const;

/** Session statuses (SQL Server's own values, lower case). */
export const SESSION_STATUSES = [
  'running',
  'runnable',
  'suspended',
  'sleeping',
  'background',
] as const;

/** Server instance statuses (ours). */
export const INSTANCE_STATUSES = ['Online', 'Offline', 'Starting', 'Stopping'] as const;

/** Job types (ours, in the style of the interface's `MOVE_DATABASE`). */
export const JOB_TYPES = [
  'CREATE_DATABASE',
  'DROP_DATABASE',
  'IMPORT_DATABASE',
  'EXPORT_DATABASE',
  'ARCHIVE_DATABASE',
  'RESTORE_ARCHIVE',
  'MOVE_DATABASE',
  'RENAME_DATABASE',
  'SHRINK_DATABASE',
  'CREATE_LOGIN',
  'DELETE_LOGIN',
] as const;
/** A known job type. */
export type JobType = (typeof JOB_TYPES)[number];

/** `resourceType` of a job summary. */
export const RESOURCE_TYPES = ['Database', 'Login', 'Archive', 'Instance'] as const;
/** A known job resource type. */
export type ResourceType = (typeof RESOURCE_TYPES)[number];
