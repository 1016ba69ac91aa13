import { z } from 'zod';
import { JobEventKindSchema, TrackedJobSchema } from '../model/job-event';
import {
  ImportPlanSchema,
  PlanImportInputSchema,
  StartArchiveDownloadInputSchema,
  StartExportInputSchema,
  StartImportInputSchema,
  MoveInQueueInputSchema,
  TransferIdInputSchema,
  TransferRecordSchema,
} from '../model/transfer';
import { defineChannel, NoInputSchema, NoOutputSchema } from './channel';

/**
 * A tracked job as the renderer sees it: without the pre-signed download URLs of an export,
 * which are bearer capabilities; the transfer engine in main downloads with them.
 */
export const IpcTrackedJobSchema = TrackedJobSchema.omit({ downloadUris: true });
export type IpcTrackedJob = z.infer<typeof IpcTrackedJobSchema>;

/** A job event as the renderer sees it (see {@link IpcTrackedJobSchema}). */
export const IpcJobEventSchema = z.object({ kind: JobEventKindSchema, job: IpcTrackedJobSchema });

const InstanceRefSchema = z.strictObject({
  profileId: z.string().min(1, { error: 'profileId is required' }),
  instanceName: z.string().min(1, { error: 'instanceName is required' }),
});

/** Job watching and transfer channels. */
export const activityChannels = {
  'jobs:list': defineChannel({
    input: NoInputSchema,
    output: z.array(IpcTrackedJobSchema),
    summary: 'The jobs the app follows',
  }),
  'jobs:watchInstance': defineChannel({
    input: InstanceRefSchema,
    output: NoOutputSchema,
    summary: 'Follow every job of an instance (while its jobs view is open)',
  }),
  'jobs:unwatchInstance': defineChannel({
    input: InstanceRefSchema,
    output: NoOutputSchema,
    summary: 'Stop following the jobs of an instance',
  }),
  'transfers:planImport': defineChannel({
    input: PlanImportInputSchema,
    output: ImportPlanSchema,
    summary: 'Check a file and say how its import would run, under a plan id to start it by',
  }),
  'transfers:startImport': defineChannel({
    input: StartImportInputSchema,
    output: TransferRecordSchema,
    summary: 'Upload the file of an import plan and import it into a database',
  }),
  'transfers:startExport': defineChannel({
    input: StartExportInputSchema,
    output: TransferRecordSchema,
    summary: 'Export a database and download its files into a folder',
  }),
  'transfers:startArchiveDownload': defineChannel({
    input: StartArchiveDownloadInputSchema,
    output: TransferRecordSchema,
    summary: "Download every file of an archive into a folder (the archive's download URIs)",
  }),
  'transfers:list': defineChannel({
    input: NoInputSchema,
    output: z.array(TransferRecordSchema),
    summary: 'Every transfer of this run and the unfinished ones of earlier runs',
  }),
  'transfers:listResumable': defineChannel({
    input: NoInputSchema,
    output: z.array(TransferRecordSchema),
    summary: 'Transfers left unfinished by an earlier run',
  }),
  'transfers:pause': defineChannel({
    input: TransferIdInputSchema,
    output: TransferRecordSchema,
    summary: 'Pause a transfer (its journal keeps it)',
  }),
  'transfers:resume': defineChannel({
    input: TransferIdInputSchema,
    output: TransferRecordSchema,
    summary: 'Resume a paused transfer',
  }),
  'transfers:cancel': defineChannel({
    input: TransferIdInputSchema,
    output: TransferRecordSchema,
    summary: 'Cancel a transfer',
  }),
  'transfers:retry': defineChannel({
    input: TransferIdInputSchema,
    output: TransferRecordSchema,
    summary: 'Start a failed transfer again from where it stopped',
  }),
  'transfers:moveInQueue': defineChannel({
    input: MoveInQueueInputSchema,
    output: TransferRecordSchema,
    summary: 'Move a queued transfer one place up or down',
  }),
  'transfers:startNow': defineChannel({
    input: TransferIdInputSchema,
    output: TransferRecordSchema,
    summary: 'Start a queued transfer now, past the limit of transfers at once',
  }),
  'transfers:pauseAll': defineChannel({
    input: NoInputSchema,
    output: z.array(TransferRecordSchema),
    summary: 'Pause every transfer that runs or waits',
  }),
  'transfers:resumeAll': defineChannel({
    input: NoInputSchema,
    output: z.array(TransferRecordSchema),
    summary: 'Resume every paused transfer (they queue behind the limit)',
  }),
} as const;
