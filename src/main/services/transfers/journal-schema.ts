import { z } from 'zod';
import { FileExtensionSchema } from '../../../shared/contract/enums';
import { PausedReasonSchema } from '../../../shared/model/transfer';
import { FileIdentitySchema } from './file-identity';

/*
 * What a transfer writes to disk so that it survives a crash, a restart or a lost token. No
 * secret and no pre-signed URL is stored (a URL is a credential until it expires; fresh ones
 * are asked for on resume).
 */

/** Transfer ids name journal files, so they are kept to a safe alphabet. */
export const TransferIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/);

/** Whether the transfer should run, is paused, or stopped on an error the user must look at. */
const JournalStatusSchema = z.enum(['active', 'paused', 'failed']);

const common = {
  version: z.literal(1),
  id: TransferIdSchema,
  profileId: z.string().min(1),
  instanceName: z.string().min(1),
  databaseName: z.string().min(1),
  fileType: FileExtensionSchema,
  status: JournalStatusSchema,
  /** Why it is paused; `user` pauses stay paused across a restart, the others resume. */
  pausedReason: PausedReasonSchema.optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  jobId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** Journal of an import: the source's identity, the upload, and every finished part's ETag. */
const ImportJournalSchema = z.object({
  ...common,
  kind: z.literal('import'),
  phase: z.enum(['uploading', 'completing', 'importing']),
  sourcePath: z.string().min(1),
  source: FileIdentitySchema,
  mode: z.enum(['multipart', 'single']),
  partSize: z.number().int().positive(),
  partCount: z.number().int().positive(),
  uploadId: z.string().optional(),
  /** Part number (as a string) → ETag as the service returned it. */
  parts: z.record(z.string().regex(/^[1-9]\d*$/), z.string().min(1)),
  /**
   * Part number → MD5 (hex) of the bytes sent, computed while sending: a resume reads each
   * sent part again and compares (absent in journals of older versions: the ETag is used).
   */
  partMd5: z.record(z.string().regex(/^[1-9]\d*$/), z.string().regex(/^[0-9a-f]{32}$/)).optional(),
  /**
   * Parts sent again: retried after a failed attempt, or dropped because the file's bytes
   * changed after they were sent (a single-stream upload counts as one part).
   */
  resentParts: z.number().int().nonnegative().optional(),
  groupIds: z.array(z.string()).optional(),
  /**
   * A copy-on-write clone of the source (see upload/source-clone.ts), beside it, that the
   * upload reads instead: a snapshot no writer of the source can change. Journaled once it is
   * whole and matched the source; `identity` is the clone's.
   */
  clone: z.object({ path: z.string().min(1), identity: FileIdentitySchema }).optional(),
});
/** See {@link ImportJournalSchema}. */
export type ImportJournal = z.infer<typeof ImportJournalSchema>;

/** One file of an export: where it goes and how far its download got. */
export const ExportFileSchema = z.object({
  /** The file's name on the service (the last segment of its URL), to match fresh URLs. */
  remoteName: z.string().min(1),
  /** Final path in the destination folder; the download goes to `<dest>.part` first. */
  dest: z.string().min(1),
  /** ETag of the remote file when the download started; a different one restarts it. */
  etag: z.string().optional(),
  totalBytes: z.number().int().nonnegative().optional(),
  bytesWritten: z.number().int().nonnegative(),
  done: z.boolean(),
  /** True once the finished file's bytes matched the MD5 its ETag gave. */
  md5Verified: z.boolean().optional(),
  /**
   * A download in byte ranges over several connections (absent: one stream, and the `.part`
   * file's size is how far it got): the file is cut into segments of `segmentBytes`, and
   * `done[i]` counts the bytes of segment i on disk from its start. A resume asks for the rest
   * of each segment; the `.part` file has the file's full size from the start.
   */
  ranges: z
    .object({
      segmentBytes: z.number().int().positive(),
      done: z.array(z.number().int().nonnegative()),
    })
    .optional(),
});
/** See {@link ExportFileSchema}. */
export type ExportFile = z.infer<typeof ExportFileSchema>;

/** Journal of an export: the job, then the download of each of its files. */
const ExportJournalSchema = z.object({
  ...common,
  kind: z.literal('export'),
  phase: z.enum(['exporting', 'downloading']),
  exportTo: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  detachOnly: z.boolean(),
  destinationFolder: z.string().min(1),
  files: z.array(ExportFileSchema),
});
/** See {@link ExportJournalSchema}. */
export type ExportJournal = z.infer<typeof ExportJournalSchema>;

/**
 * Journal of an archive download: the archive (`databaseName` holds its name) and the
 * download of each of its files. No job: the files exist as long as the archive does.
 */
const ArchiveJournalSchema = z.object({
  ...common,
  kind: z.literal('archive'),
  phase: z.literal('downloading'),
  archiveId: z.string().min(1),
  destinationFolder: z.string().min(1),
  files: z.array(ExportFileSchema),
});
/** See {@link ArchiveJournalSchema}. */
export type ArchiveJournal = z.infer<typeof ArchiveJournalSchema>;

/** A journal that downloads files into a folder (an export or an archive download). */
export type DownloadJournal = ExportJournal | ArchiveJournal;

/** Any journal, told apart by `kind`. */
export const TransferJournalSchema = z.discriminatedUnion('kind', [
  ImportJournalSchema,
  ExportJournalSchema,
  ArchiveJournalSchema,
]);
/** See {@link TransferJournalSchema}. */
export type TransferJournal = z.infer<typeof TransferJournalSchema>;
