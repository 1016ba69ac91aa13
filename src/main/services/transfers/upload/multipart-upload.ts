import { AppError, isAppError } from '../../../../shared/errors';
import { abortReason } from '../../common/sleep';
import { ActivePartsTracker } from './active-parts-tracker';
import type { ImportJournal } from '../journal-schema';
import { partRange } from '../part-plan';
import { PartUploader } from './part-uploader';
import { checkPresignedUrl, toTransferError } from '../presigned-http';
import { withRetries } from '../step-retry';
import type { PartEvent, TransferContext } from '../transfer-context';
import { reportRetry } from '../retry-notice';
import { readSourceOf } from './source-clone';

type ImportContext = TransferContext<ImportJournal>;

/** The path parameters every call of the multipart flow shares. */
function uploadParams(journal: ImportJournal) {
  return {
    instanceName: journal.instanceName,
    databaseName: journal.databaseName,
    fileExtension: journal.fileType,
  };
}

/** A part uploader with the run's settings; retries are logged without URLs. */
export function partUploaderFor(ctx: TransferContext<ImportJournal>): PartUploader {
  const { settings } = ctx;
  return new PartUploader({
    dispatcher: settings.dispatcher,
    retry: settings.retry,
    sleep: settings.sleep,
    random: settings.random,
    limiter: settings.bandwidth,
    onRetry: reportRetry(settings, ctx.journal.id, (step, notice) => ctx.retrying(step, notice)),
    onRecovered: (label) => ctx.retrying(label, undefined),
  });
}

/** True when the service (or the storage host) no longer knows the multipart upload. */
function isUploadGone(error: unknown): boolean {
  return (
    isAppError(error) &&
    error.code === 'NOT_FOUND' &&
    (error.operation === undefined || error.operation === 'uploads.getPartUrl')
  );
}

async function ensureUpload(ctx: ImportContext): Promise<string> {
  const journal = ctx.journal;
  if (journal.uploadId !== undefined) return journal.uploadId;
  const answer = await withRetries(ctx.retryContext('init-upload'), () =>
    ctx.client.call('uploads.init', { pathParams: uploadParams(journal) }, { signal: ctx.signal }),
  );
  journal.uploadId = answer.uploadId;
  journal.parts = {};
  journal.partMd5 = {};
  await ctx.save();
  return answer.uploadId;
}

/**
 * Told after each part is journaled; answers false to stop taking further parts (the parts
 * in flight still finish), e.g. once the source file is seen to change under the upload.
 */
export type AfterPart = () => Promise<boolean>;

/**
 * Uploads every part the journal does not hold yet, N at a time, then returns; returns early,
 * with parts still missing, once `afterPart` says to stop. A multipart upload the service has
 * forgotten (expired on its side, a restarted service) is started again once from the first
 * part: its parts are gone with it.
 */
export async function uploadMissingParts(
  ctx: ImportContext,
  afterPart: AfterPart = () => Promise.resolve(true),
): Promise<void> {
  for (let restarted = false; ; restarted = true) {
    const uploadId = await ensureUpload(ctx);
    try {
      await sendParts(ctx, uploadId, afterPart);
      return;
    } catch (error) {
      if (restarted || ctx.signal.aborted || !isUploadGone(error)) throw error;
      ctx.settings.logger.warn('The service no longer knows the upload; starting it again', {
        transferId: ctx.journal.id,
      });
      ctx.journal.uploadId = undefined;
      ctx.journal.parts = {};
      ctx.journal.partMd5 = {};
      await ctx.save();
    }
  }
}

function missingParts(journal: ImportJournal): number[] {
  const missing: number[] = [];
  for (let part = 1; part <= journal.partCount; part += 1) {
    if (journal.parts[String(part)] === undefined) missing.push(part);
  }
  return missing;
}

function bytesOfDoneParts(journal: ImportJournal): number {
  return Object.keys(journal.parts).reduce(
    (sum, part) => sum + partRange(journal.source.size, journal.partSize, Number(part)).length,
    0,
  );
}

/** What the workers of one {@link sendParts} share. */
interface PartRun {
  readonly ctx: ImportContext;
  readonly uploadId: string;
  readonly uploader: PartUploader;
  readonly tracker: ActivePartsTracker;
  /** The pool's signal: the run's, or the first failure of any worker. */
  readonly signal: AbortSignal;
}

/** Sends one part (its URL fetched just before), then journals its ETag. */
async function sendPart(run: PartRun, partNumber: number): Promise<void> {
  const { ctx, uploadId, tracker } = run;
  const { journal, settings } = ctx;
  const hook = (event: PartEvent): void => settings.onPartEvent?.(journal.id, event);
  const range = partRange(journal.source.size, journal.partSize, partNumber);
  tracker.start(partNumber, range.length);
  hook({ kind: 'start', partNumber, length: range.length });
  try {
    const result = await run.uploader.upload({
      path: readSourceOf(journal).path,
      range,
      signal: run.signal,
      getUrl: async (signal) =>
        checkPresignedUrl(
          await ctx.client.call(
            'uploads.getPartUrl',
            { pathParams: { ...uploadParams(journal), uploadId, partNumber } },
            { signal },
          ),
          `part ${partNumber}`,
        ),
      onRetry: () => tracker.change(partNumber, 0, true),
      onProgress: (delta) => {
        ctx.addBytes(delta);
        tracker.change(partNumber, delta, false);
        hook({ kind: 'progress', partNumber, deltaBytes: delta });
      },
    });
    journal.parts[String(partNumber)] = result.etag;
    (journal.partMd5 ??= {})[String(partNumber)] = result.md5Hex;
    await ctx.save({ frequent: true });
    hook({ kind: 'done', partNumber, etag: result.etag, bytesSent: result.bytesSent });
  } catch (error) {
    hook({ kind: 'failed', partNumber });
    throw error;
  } finally {
    tracker.end(partNumber);
  }
}

/**
 * The pool: `partsInFlight` workers take the next missing part, each fetching the part's URL
 * just before sending it. A worker writes the journal after its part and only then takes
 * another, so at any moment at most `partsInFlight` parts are sent but not journaled: that
 * bounds what a crash makes us send again. The first error stops the other workers; an
 * `afterPart` that answers false lets them finish their parts and take no more.
 */
async function sendParts(
  ctx: ImportContext,
  uploadId: string,
  afterPart: AfterPart,
): Promise<void> {
  const { journal, settings } = ctx;
  const uploader = partUploaderFor(ctx);
  const queue = missingParts(journal);
  const pool = new AbortController();
  const stopPool = (): void => pool.abort(abortReason(ctx.signal));
  ctx.signal.addEventListener('abort', stopPool, { once: true });
  const tracker = new ActivePartsTracker(ctx);
  const run: PartRun = { ctx, uploadId, uploader, tracker, signal: pool.signal };
  let failure: Error | undefined;
  let halted = false;
  ctx.setBytes(bytesOfDoneParts(journal), journal.source.size);
  tracker.show();

  const worker = async (): Promise<void> => {
    while (!halted && !pool.signal.aborted) {
      const part = queue.shift();
      if (part === undefined) return;
      await sendPart(run, part);
      if (!(await afterPart())) halted = true;
    }
  };

  const workers = Array.from({ length: Math.min(settings.partsInFlight(), queue.length) }, () =>
    worker().catch((error: unknown) => {
      failure ??= toTransferError(error);
      pool.abort(failure);
    }),
  );
  try {
    await Promise.all(workers);
  } finally {
    ctx.signal.removeEventListener('abort', stopPool);
  }
  if (ctx.signal.aborted) throw abortReason(ctx.signal);
  if (failure !== undefined) throw failure;
}

/**
 * Completes the upload from the journal's ETags. When complete-upload answers "not found"
 * after an earlier attempt was sent (its answer lost, or a crash right after it), the upload
 * was completed by that attempt and the import can go on.
 */
export async function completeUpload(ctx: ImportContext, sentBefore: boolean): Promise<void> {
  const journal = ctx.journal;
  const uploadId = journal.uploadId;
  if (uploadId === undefined) {
    throw new AppError({ code: 'INTERNAL', message: 'The upload has no id; start a new import.' });
  }
  let sent = sentBefore;
  await withRetries(ctx.retryContext('complete-upload'), async () => {
    try {
      await ctx.client.call(
        'uploads.complete',
        { pathParams: uploadParams(journal), body: { uploadId, etags: { ...journal.parts } } },
        { signal: ctx.signal },
      );
    } catch (error) {
      if (sent && isAppError(error) && error.code === 'NOT_FOUND') {
        ctx.settings.logger.info('complete-upload: the upload was already completed', {
          transferId: journal.id,
        });
        return;
      }
      throw error;
    } finally {
      sent = true;
    }
  });
}
