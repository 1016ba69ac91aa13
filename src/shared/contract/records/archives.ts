import { z } from 'zod';
import { ARCHIVE_DATABASE_TYPES, STORAGE_TYPES, StorageTypeSchema } from '../enums';
import {
  DatabaseNameSchema,
  ExpirationTimestampSchema,
  IsoDateStringSchema,
  ResponseNumberSchema,
  nullable,
  openEnum,
  ours,
  requiredText,
} from '../primitives';

/** Answer of get archive (the interface lists every field). */
export const ArchivesDetailSchema = z.looseObject({
  archiveId: nullable(z.string()),
  serverName: nullable(z.string()),
  name: nullable(z.string()),
  databaseType: nullable(openEnum(ARCHIVE_DATABASE_TYPES)),
  sizeInMb: ResponseNumberSchema,
  createDate: IsoDateStringSchema,
  expiryDate: IsoDateStringSchema,
  createdBy: nullable(z.string()),
  downloadUris: nullable(z.array(z.string())),
  thumbprint: z.string(),
});
/** See {@link ArchivesDetailSchema}. */
export type ArchivesDetail = z.infer<typeof ArchivesDetailSchema>;

/**
 * An element of the archive list. The interface shows the fields up to `createDate`; the
 * rest are ours, hence optional. `storageTypeId` is 0 temporary, 1 permanent; `sourceTypeId`
 * is 0 deleted database, 1 snapshot, 2 archive (see `enums.ts`).
 */
export const ArchivesResponseSchema = z.looseObject({
  archiveId: nullable(z.string()),
  serverName: nullable(z.string()),
  name: nullable(z.string()),
  sizeInMb: ResponseNumberSchema,
  createDate: IsoDateStringSchema,
  expiryDate: ours(IsoDateStringSchema),
  createdBy: ours(z.string()),
  storageTypeId: ours(ResponseNumberSchema),
  storageType: ours(openEnum(STORAGE_TYPES)),
  sourceTypeId: ours(ResponseNumberSchema),
  databaseType: ours(openEnum(ARCHIVE_DATABASE_TYPES)),
});
/** See {@link ArchivesResponseSchema}. */
export type ArchivesResponse = z.infer<typeof ArchivesResponseSchema>;

/** Body of archive database; without `expirationDate` the service picks the expiry. */
export const ArchiveRequestSchema = z.strictObject({
  expirationDate: ExpirationTimestampSchema.optional(),
});

/**
 * Body of update archive. Making an archive `Temporary` needs an `expirationDate` (the state
 * table: Permanent to Temporary is triggered by storageType plus expirationDate).
 */
export const ArchivePatchSchema = z
  .strictObject({
    storageType: StorageTypeSchema.optional(),
    expirationDate: ExpirationTimestampSchema.optional(),
  })
  .refine((patch) => patch.storageType !== 'Temporary' || patch.expirationDate !== undefined, {
    error: 'A temporary archive needs an expiration date',
    path: ['expirationDate'],
  });
/** See {@link ArchivePatchSchema}. */
export type ArchivePatch = z.infer<typeof ArchivePatchSchema>;

/**
 * Body of restore [ours, from public error texts]: the database to create from the archive.
 * A name that exists answers 409; an expired archive cannot be restored.
 */
export const RestoreArchiveRequestSchema = z.strictObject({
  databaseName: DatabaseNameSchema,
  groupIds: z.array(requiredText('Group id')).optional(),
  skipRegister: z.boolean().optional(),
});
