import type { JobSummary } from '../../../shared/contract/records/jobs';
import { isAppError, type AppError } from '../../../shared/errors';
import type { TrackedJob } from '../../../shared/model/job-event';
import type { ServiceClient } from '../http/service-client';
import { isFinalJobStatus } from '../../../shared/contract/enums';
import { mergeAnswer, needsDetail, phaseOf } from './tracked-job';

/** What polling needs of a profile's connection: its catalogue-typed call (`jobs.*` operations). */
export type JobsClient = Pick<ServiceClient, 'call'>;

/** One instance's poll: what to ask about and what the watcher already knows. */
export interface PollInput {
  readonly client: JobsClient;
  readonly instanceName: string;
  readonly profileId: string;
  /** Jobs of this instance not final yet. */
  readonly running: readonly TrackedJob[];
  /** Ids of every job of this instance the watcher has seen (tracked or ignored). */
  readonly seen: ReadonlySet<string>;
  /** Discover new jobs (the instance is watched); `firstPoll` ignores its finished history. */
  readonly discover: boolean;
  readonly firstPoll: boolean;
  /** Most running jobs whose progress is read one by one, per poll. */
  readonly progressBudget: number;
  /** When each job's detail was last read (ms), to share the progress budget fairly. */
  readonly lastDetail: Map<string, number>;
  readonly now: () => Date;
  readonly signal?: AbortSignal;
}

/** What a poll found. */
export interface PollOutput {
  /** Jobs that changed, with their new phase (compare with the old to emit events). */
  readonly updates: TrackedJob[];
  /** Jobs of a watched instance seen for the first time. */
  readonly discovered: TrackedJob[];
  /** Every job id the list answered. */
  readonly listed: string[];
  /** Why the poll could not read the instance (network, service down, signed out...). */
  readonly error?: AppError;
}

/**
 * Polls one instance: ONE list request answers the status of all its jobs, so a hundred jobs
 * cost one request; the detail of a job is read only when it is missing from the list, when it
 * ended and its error or download URIs are needed, or (within a small budget) for progress.
 */
export async function pollInstance(input: PollInput): Promise<PollOutput> {
  const opts = input.signal ? { signal: input.signal } : {};
  const stamp = input.now().toISOString();
  let list: JobSummary[];
  try {
    list = await input.client.call(
      'jobs.listByInstance',
      { pathParams: { instanceName: input.instanceName } },
      opts,
    );
  } catch (error) {
    if (isAppError(error) && error.code === 'GONE') {
      // 410 on the list: the service no longer knows the instance, nor its jobs.
      const updates = input.running.map((job) => ({
        ...job,
        phase: 'gone' as const,
        updatedAt: stamp,
      }));
      return { updates, discovered: [], listed: [] };
    }
    if (isAppError(error)) return { updates: [], discovered: [], listed: [], error };
    throw error;
  }
  const byId = new Map(list.map((summary) => [summary.id, summary]));
  const updates: TrackedJob[] = [];
  const progressWanted: TrackedJob[] = [];
  const mustRead: TrackedJob[] = [];
  for (const job of input.running) {
    const summary = byId.get(job.jobId);
    if (!summary) {
      mustRead.push(job);
      continue;
    }
    const merged = mergeAnswer(job, summary, stamp);
    const progressListed = typeof (summary as { progress?: unknown }).progress === 'number';
    if (isFinalJobStatus(merged.status) && needsDetail(merged)) mustRead.push(merged);
    else if (!isFinalJobStatus(merged.status) && !progressListed && wantsProgress(merged)) {
      progressWanted.push(merged);
      updates.push({ ...merged, phase: phaseOf(merged.status) });
    } else updates.push({ ...merged, phase: phaseOf(merged.status) });
  }
  const budget = pickFairly(progressWanted, input.lastDetail, input.progressBudget);
  for (const job of [...mustRead, ...budget]) {
    const read = await readDetail(input, job, stamp, opts);
    if (read) replace(updates, read);
  }
  return {
    updates,
    discovered: discover(input, list, stamp),
    listed: list.map((summary) => summary.id),
  };
}

function wantsProgress(job: TrackedJob): boolean {
  return job.startedByApp && job.status === 'Processing';
}

function pickFairly(jobs: TrackedJob[], last: Map<string, number>, budget: number): TrackedJob[] {
  return [...jobs]
    .sort((a, b) => (last.get(a.jobId) ?? -Infinity) - (last.get(b.jobId) ?? -Infinity))
    .slice(0, Math.max(0, budget));
}

/** The job after reading its detail; undefined when the read failed for now (try next poll). */
async function readDetail(
  input: PollInput,
  job: TrackedJob,
  stamp: string,
  opts: { signal?: AbortSignal },
): Promise<TrackedJob | undefined> {
  input.lastDetail.set(job.jobId, input.now().getTime());
  try {
    const detail = await input.client.call(
      'jobs.getByInstance',
      { pathParams: { instanceName: input.instanceName, jobId: job.jobId } },
      opts,
    );
    const merged = mergeAnswer(job, detail, stamp);
    // A failed job whose detail has no error still fails; say so rather than wait forever.
    if (merged.status === 'Failed' && (merged.error ?? null) === null) merged.error = null;
    if (merged.status === 'Succeeded' && merged.downloadUris === undefined)
      merged.downloadUris = [];
    return { ...merged, phase: phaseOf(merged.status) };
  } catch (error) {
    if (isAppError(error) && error.code === 'GONE')
      return { ...job, phase: 'gone', updatedAt: stamp };
    return undefined;
  }
}

function replace(updates: TrackedJob[], job: TrackedJob): void {
  const index = updates.findIndex((item) => item.jobId === job.jobId);
  if (index >= 0) updates[index] = job;
  else updates.push(job);
}

function discover(input: PollInput, list: JobSummary[], stamp: string): TrackedJob[] {
  if (!input.discover) return [];
  const found: TrackedJob[] = [];
  for (const summary of list) {
    if (input.seen.has(summary.id)) continue;
    // On the first look at an instance its finished history is not news.
    if (input.firstPoll && isFinalJobStatus(summary.status)) continue;
    const base: TrackedJob = {
      profileId: input.profileId,
      instanceName: input.instanceName,
      jobId: summary.id,
      status: summary.status,
      phase: 'running',
      startedByApp: false,
      updatedAt: stamp,
    };
    const merged = mergeAnswer(base, summary, stamp);
    found.push({ ...merged, phase: phaseOf(merged.status) });
  }
  return found;
}
