import { z } from 'zod';
import { DATABASE_SCHEMAS, DATABASE_STATUSES } from '../enums';
import {
  DatabaseNameSchema,
  IsoDateStringSchema,
  ResponseNumberSchema,
  nullable,
  openEnum,
  ours,
  requiredText,
} from '../primitives';
import { JobIdResponseSchema } from './common';

/** A security group of a database. */
const DatabaseGroupSchema = z.looseObject({
  groupId: z.string(),
  groupName: nullable(z.string()),
});

/**
 * A database [public]. Field types and nullability are not published; we read `error`,
 * `pinExpiration`, `lastIndexUpdate` and `exposureSetId` as nullable because their meaning
 * has a "none" state (no error, pinned forever, never indexed, not exposed), and
 * `databaseVersion` as string or number because its type is not known.
 */
export const DatabaseSchema = z.looseObject({
  name: z.string(),
  status: openEnum(DATABASE_STATUSES),
  error: nullable(z.string()),
  sizeInMb: ResponseNumberSchema,
  createdAt: IsoDateStringSchema,
  pinned: z.boolean(),
  pinExpiration: nullable(IsoDateStringSchema),
  databaseSchema: openEnum(DATABASE_SCHEMAS),
  databaseVersion: nullable(z.union([z.string(), z.number()])),
  lastIndexUpdate: nullable(IsoDateStringSchema),
  registered: z.boolean(),
  exposureSetId: nullable(z.string()),
  owner: z.string(),
  secured: z.boolean(),
  groups: z.array(DatabaseGroupSchema),
});
/** See {@link DatabaseSchema}. */
export type Database = z.infer<typeof DatabaseSchema>;

const GroupIdsSchema = z.array(requiredText('Group id'));
const GroupNamesSchema = z.array(requiredText('Group name'));

/** Body of create database [public]. */
export const CreateDatabaseRequestSchema = z.strictObject({
  databaseName: DatabaseNameSchema,
  groupIds: GroupIdsSchema.optional(),
  groupNames: GroupNamesSchema.optional(),
});

/** Answer of create database: a JobIdResponse (records.md), although it comes with 200. */
export const CreateDatabaseResponseSchema = JobIdResponseSchema;

/** Body of pin [public]: pinned with no expiration means pinned until unpinned. */
export const PinOrUnpinRequestSchema = z.strictObject({
  pinned: z.boolean({ error: 'Pinned must be true or false' }),
  pinExpiration: z.iso
    .datetime({
      offset: true,
      local: true,
      error: 'Pin expiration must be an ISO 8601 date and time',
    })
    .nullable()
    .optional(),
});
/** See {@link PinOrUnpinRequestSchema}. */
export type PinOrUnpinRequest = z.infer<typeof PinOrUnpinRequestSchema>;

/** Body of rename [public]: the new name, same rules as create; it must not exist yet. */
export const RenameDatabaseRequestSchema = z.strictObject({ name: DatabaseNameSchema });

/** Body of shrink [public]; `truncateLogsOnly` defaults to false on the service. */
export const ShrinkDatabaseRequestSchema = z.strictObject({
  truncateLogsOnly: z.boolean().optional(),
});

/**
 * Body of move [ours]: the destination instance. The field name comes from the interface's
 * own error text "serverName does not exist in the tenant."
 */
export const MoveDatabaseRequestSchema = z.strictObject({
  serverName: requiredText('Destination server'),
});

/** Answer of export (and, oddly, of shrink, as the interface says): a JobIdResponse. */
export const ExportDatabaseResponseSchema = JobIdResponseSchema;

/**
 * Answer of GET `.../import` [public hint]: a pre-signed URL to PUT the whole file to,
 * `mdfUri` for importFrom 0 and `backupUri` for 1 or 2, so either may be missing.
 */
export const ImportDatabasePrepareResponseSchema = z.looseObject({
  mdfUri: nullable(z.string()),
  backupUri: nullable(z.string()),
  expiresAt: ours(IsoDateStringSchema),
});
/** See {@link ImportDatabasePrepareResponseSchema}. */
export type ImportDatabasePrepareResponse = z.infer<typeof ImportDatabasePrepareResponseSchema>;

/**
 * Body of import [public]. The file imported is the last completed upload for that
 * instance, database name and file type [ours].
 */
export const ImportDatabaseRequestSchema = z.strictObject({
  groupIds: GroupIdsSchema.nullable().optional(),
});

/** Answer of import and of restore: a JobIdResponse. */
export const ImportDatabaseResponseSchema = JobIdResponseSchema;

/** Answer of archive database: `jobId` [public] and the new `archiveId` [ours]. */
export const ArchiveDatabaseResponseSchema = z.looseObject({
  jobId: z.string(),
  archiveId: ours(z.string()),
});
