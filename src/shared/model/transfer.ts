import { z } from 'zod';
import { ExportToTypeSchema, FileExtensionSchema } from '../contract/enums';
import { pathText } from '../contract/operation';

/*
 * Transfers (imports and exports) as the UI sees them. The transfer engine in main owns them
 * and keeps a journal per transfer; the renderer only reads these records and asks for
 * actions by id. Paths are local file-system paths of the user's machine.
 */

/**
 * An import uploads a local file; an export downloads the files of an export job; an archive
 * download downloads the files of an existing archive (no job).
 */
const TransferKindSchema = z.enum(['import', 'export', 'archive']);
export type TransferKind = z.infer<typeof TransferKindSchema>;

/** Where a transfer is; `done`, `failed` and `cancelled` are final. */
const TransferStateSchema = z.enum([
  'queued',
  /** A resumed import re-reads the parts it sent before and checks them against their ETags. */
  'verifying',
  'uploading',
  'completing',
  'importing',
  'exporting',
  'downloading',
  'paused',
  'done',
  'failed',
  'cancelled',
]);
export type TransferState = z.infer<typeof TransferStateSchema>;

/** The states after which a transfer never changes again (except by `transfers:retry`). */
const FINAL_TRANSFER_STATES: readonly TransferState[] = ['done', 'failed', 'cancelled'];

/** True when a transfer in `state` is finished (successfully or not). */
export function isFinalTransferState(state: TransferState): boolean {
  return FINAL_TRANSFER_STATES.includes(state);
}

/**
 * Why a transfer is paused: the user, an expired sign-in, the network, the app quitting, or a
 * full disk (it resumes once the user has freed space).
 */
export const PausedReasonSchema = z.enum([
  'user',
  'auth-expired',
  'network',
  'app-quit',
  'disk-full',
]);
export type PausedReason = z.infer<typeof PausedReasonSchema>;

/** A part being sent: its bytes sent so far and its retries (a retried part starts over). */
const ActivePartSchema = z.object({
  partNumber: z.number().int().positive(),
  bytesSent: z.number().nonnegative(),
  length: z.number().int().nonnegative(),
  retries: z.number().int().nonnegative(),
});
export type ActivePart = z.infer<typeof ActivePartSchema>;

/**
 * A step being tried again: what is wrong in words ("storage host not answering"), the
 * attempt to come and how many there are at most, and when it starts (ISO time). Cleared once
 * bytes move again.
 */
const TransferRetryingSchema = z.object({
  /** The step tried again (`part 3`, `download`, `complete-upload`). */
  step: z.string(),
  what: z.string(),
  attempt: z.number().int().positive(),
  of: z.number().int().positive(),
  at: z.string(),
});
export type TransferRetrying = z.infer<typeof TransferRetryingSchema>;

/** One import or export. */
export const TransferRecordSchema = z.object({
  id: z.string(),
  kind: TransferKindSchema,
  profileId: z.string(),
  instanceName: z.string(),
  databaseName: z.string(),
  fileType: FileExtensionSchema,
  /** Import: the local file. */
  sourcePath: z.string().optional(),
  /**
   * Import: true while the upload reads a copy-on-write clone of the file (a snapshot taken
   * when it started, which no writer of the file can change) instead of the file itself.
   */
  readsClone: z.boolean().optional(),
  /** Export and archive download: the folder the files go to. */
  destinationFolder: z.string().optional(),
  /** Archive download: the archive's id (`databaseName` holds the archive's name). */
  archiveId: z.string().optional(),
  /** Export and archive download: the downloaded files, when done. */
  files: z.array(z.string()).optional(),
  /**
   * When done: true when every byte that arrived (or was sent) was checked against an MD5 the
   * storage host gave as its ETag. Absent when a host's ETag is no MD5 (multipart objects,
   * encrypting hosts): there was nothing to compare with.
   */
  md5Verified: z.boolean().optional(),
  mode: z.enum(['multipart', 'single']).optional(),
  state: TransferStateSchema,
  pausedReason: PausedReasonSchema.optional(),
  bytesDone: z.number().nonnegative(),
  totalBytes: z.number().nonnegative(),
  /** Smoothed throughput in bytes per second. */
  throughputBps: z.number().nonnegative().optional(),
  etaSeconds: z.number().nonnegative().optional(),
  parts: z
    .object({
      total: z.number().int().nonnegative(),
      done: z.number().int().nonnegative(),
      inFlight: z.number().int().nonnegative(),
      partSize: z.number().int().positive(),
      /** The parts being sent now: bytes sent of each, and how often it was sent again. */
      active: z.array(ActivePartSchema).optional(),
      /** Parts sent again: retried, or changed on disk after they were sent. */
      resent: z.number().int().nonnegative().optional(),
    })
    .optional(),
  jobId: z.string().optional(),
  jobStatus: z.string().optional(),
  /** While `queued`: its place in the queue of the app's transfers (1 starts next). */
  queuePosition: z.number().int().positive().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  retrying: TransferRetryingSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransferRecord = z.infer<typeof TransferRecordSchema>;

/**
 * What the UI sends to start an import: the plan `transfers:planImport` answered for the file
 * (main keeps the file's path, type and identity under its id, so the file is read once).
 */
export const StartImportInputSchema = z.strictObject({
  profileId: z.string().min(1),
  instanceName: z.string().min(1),
  databaseName: z.string().min(1),
  planId: z.string().min(1, { error: 'Choose a file to import' }),
  groupIds: z.array(z.string()).optional(),
});
export type StartImportInput = z.infer<typeof StartImportInputSchema>;

/** What the UI sends to export a database into a local folder. */
export const StartExportInputSchema = z.strictObject({
  profileId: z.string().min(1),
  instanceName: z.string().min(1),
  databaseName: z.string().min(1),
  exportTo: ExportToTypeSchema,
  detachOnly: z.boolean().optional(),
  destinationFolder: z.string().min(1, { error: 'Choose a folder for the exported files' }),
});
export type StartExportInput = z.infer<typeof StartExportInputSchema>;

/**
 * What the UI sends to download every file of an archive into a local folder. The archive is
 * named as `archives.get` names it (the contract's path parameters).
 */
export const StartArchiveDownloadInputSchema = z.strictObject({
  profileId: z.string().min(1),
  instanceName: pathText('instanceName'),
  archiveId: pathText('archiveId'),
  destinationFolder: z.string().min(1, { error: "Choose a folder for the archive's files" }),
});
export type StartArchiveDownloadInput = z.infer<typeof StartArchiveDownloadInputSchema>;

/**
 * What `transfers:planImport` answers before an import starts: how it would run, and the id
 * `transfers:startImport` takes to start it (kept in main for a while, for that profile and
 * that file as it was when planned).
 */
export const ImportPlanSchema = z.object({
  planId: z.string(),
  fileType: FileExtensionSchema,
  sizeBytes: z.number().nonnegative(),
  mode: z.enum(['multipart', 'single']),
  partSize: z.number().int().positive(),
  partCount: z.number().int().nonnegative(),
  typeCheck: z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true) }),
    z.object({ ok: z.literal(false), message: z.string() }),
  ]),
});
export type ImportPlan = z.infer<typeof ImportPlanSchema>;

/** The argument of the actions on one transfer (pause, resume, cancel, retry). */
export const TransferIdInputSchema = z.strictObject({ id: z.string().min(1) });

/** Moves a queued transfer one place up or down. */
export const MoveInQueueInputSchema = z.strictObject({
  id: z.string().min(1),
  direction: z.enum(['up', 'down']),
});

/** What `transfers:planImport` takes: the file, and the profile it would go to. */
export const PlanImportInputSchema = z.strictObject({
  profileId: z.string().min(1),
  sourcePath: z.string().min(1, { error: 'Choose a file to import' }),
  /** Taken from the file name's extension when absent. */
  fileType: FileExtensionSchema.optional(),
});
export type PlanImportInput = z.infer<typeof PlanImportInputSchema>;
