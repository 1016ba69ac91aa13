import { operationById } from '../../../shared/contract/catalogue';
import { isFinalJobStatus } from '../../../shared/contract/enums';
import { describeJob } from '../../../shared/contract/job-declaration';
import type { OperationInput } from '../../../shared/contract/operation-types';
import { AppError, isAppError } from '../../../shared/errors';
import type { TrackedJob } from '../../../shared/model/job-event';
import type { TransferJournal } from './journal-schema';
import { withRetries } from './step-retry';
import type { TransferContext } from './transfer-context';

/** What a transfer's job is, for the job watcher and for finding it again. */
export interface JobMeta {
  type: 'IMPORT_DATABASE' | 'EXPORT_DATABASE';
  label: string;
}

/** The operations that start a transfer's job. */
type TransferJobOperation = 'databases.import' | 'databases.export';

/**
 * The job `id` starts when called with `input`, as the catalogue declares it (type and
 * label), so a transfer's job is named as the same operation started from a view is.
 */
export function jobMetaOf<Id extends TransferJobOperation>(
  id: Id,
  input: OperationInput<Id>,
): JobMeta {
  const job = describeJob(operationById(id), input);
  if (job?.type !== 'IMPORT_DATABASE' && job?.type !== 'EXPORT_DATABASE') {
    throw new Error(`${id} declares no import or export job`);
  }
  return { type: job.type, label: job.label };
}

/** How far the service's clock may be behind ours when a job is matched to a transfer. */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The job an earlier attempt of this transfer's POST started, if any. Used when a retried
 * POST answers 409: the first attempt did reach the service and started the job, only its
 * answer was lost, so that job is the one to follow (never a second one). The newest
 * unfinished job of `type` on the transfer's database is it; failing that, a job that
 * already ended (a quick import finishes before the resumed run asks) counts when it was
 * created after the transfer began, so a colleague's older import is never taken for ours.
 */
async function findStartedJob(
  ctx: TransferContext<TransferJournal>,
  type: JobMeta['type'],
): Promise<string | undefined> {
  const { journal } = ctx;
  const jobs = await ctx.client.call(
    'jobs.listByInstance',
    { pathParams: { instanceName: journal.instanceName } },
    { signal: ctx.signal },
  );
  const name = journal.databaseName.toLowerCase();
  const ours = jobs
    .filter((job) => job.type === type && job.resourceName.toLowerCase() === name)
    .sort((a, b) => b.createTime.localeCompare(a.createTime));
  const running = ours.find((job) => !isFinalJobStatus(job.status));
  if (running) return running.id;
  const began = Date.parse(journal.createdAt) - CLOCK_SKEW_MS;
  return ours.find((job) => Date.parse(job.createTime) >= began)?.id;
}

/**
 * Sends the POST that starts the transfer's job (import or export), retrying what the service
 * says it did not do (429, 5xx, a broken connection), and answers the job id. A 409 after an
 * attempt that may have reached the service (a retry, or a run that crashed before journaling
 * the job id: `sentBefore`) adopts the job that attempt started.
 */
export async function startJob(
  ctx: TransferContext<TransferJournal>,
  meta: JobMeta,
  send: () => Promise<{ jobId: string }>,
  sentBefore: boolean,
): Promise<string> {
  let mayHaveSent = sentBefore;
  return withRetries(ctx.retryContext(meta.type), async () => {
    try {
      return (await send()).jobId;
    } catch (error) {
      if (mayHaveSent && isAppError(error) && error.code === 'CONFLICT') {
        const adopted = await findStartedJob(ctx, meta.type);
        if (adopted !== undefined) return adopted;
      }
      throw error;
    } finally {
      mayHaveSent = true;
    }
  });
}

/**
 * Follows the transfer's job with the job watcher until it is final. Answers the succeeded
 * job; throws with the job's own error when it failed, or GONE when the service forgot it.
 */
export async function followJob(
  ctx: TransferContext<TransferJournal>,
  jobId: string,
  meta: JobMeta,
): Promise<TrackedJob> {
  const { journal, settings } = ctx;
  const tracked = settings.jobs.track({
    profileId: journal.profileId,
    instanceName: journal.instanceName,
    jobId,
    type: meta.type,
    label: meta.label,
    resourceName: journal.databaseName,
  });
  ctx.patch({ jobId, jobStatus: tracked.status });
  const final = await settings.jobs.waitFor(jobId, ctx.signal);
  ctx.patch({ jobStatus: final.status });
  if (final.phase === 'succeeded') return final;
  const what = meta.type === 'IMPORT_DATABASE' ? 'import' : 'export';
  if (final.phase === 'gone') {
    throw new AppError({
      code: 'GONE',
      message: `The service no longer knows the ${what} job ${jobId}; check the database, then start a new ${what}.`,
    });
  }
  const reason = final.error?.trim() || 'the service gave no reason';
  throw new AppError({
    code: 'JOB_FAILED',
    message: `The ${what} job failed on the service: ${reason.replace(/[.\s]+$/, '')}.`,
    details: `job ${jobId}`,
  });
}
