import type { TrackedJob } from '../../../shared/model/job-event';
import { mergeAnswer, phaseOf } from '../../services/jobs/tracked-job';
import type { CliEngine } from './engine';
import { EXIT } from '../output/exit-codes';
import type { CliOutput } from '../output/transfer-output';
import { jobJson } from '../output/progress';

/** The job to follow: `jobs wait`'s, or the one an operation given `--wait` started. */
interface JobToFollow {
  readonly instanceName: string;
  readonly jobId: string;
}

/** What following a job needs of a CLI run: its connection, job watcher and audit of ends. */
export type JobFollowing = Pick<CliEngine, 'connection' | 'profileId' | 'watcher' | 'jobEnds'>;

/** How often the wait looks whether it should stop; the timer also keeps Node running. */
const KEEP_ALIVE_MS = 500;

/**
 * `jobs wait` (and an operation's `--wait`): reads the job once (a job or instance that does not exist is said at once,
 * with the CLI's advice), then follows it with the app's JobWatcher until it is final.
 * Exit code 0 when it succeeded, 5 when it failed, 1 when the service forgot it. How it
 * ended goes into the audit trail (`jobEnded`), as the app records the jobs it follows.
 */
export async function runJobsWait(
  command: JobToFollow,
  engine: JobFollowing,
  out: CliOutput,
  signal?: AbortSignal,
): Promise<number> {
  const { instanceName, jobId } = command;
  const detail = await engine.connection.client.call('jobs.getByInstance', {
    pathParams: { instanceName, jobId },
  });
  const base: TrackedJob = {
    profileId: engine.profileId,
    instanceName,
    jobId,
    status: detail.status,
    phase: 'running',
    startedByApp: false,
    updatedAt: new Date().toISOString(),
  };
  const read = mergeAnswer(base, detail, base.updatedAt);
  let job: TrackedJob = { ...read, phase: phaseOf(read.status) };
  out.progress.job(job);
  if (job.phase === 'running') job = await follow(command, engine, out, signal);
  // Followed to its end, the watcher's event recorded it; ended at the first read, it is
  // recorded here (the same record either way, once per job).
  else engine.jobEnds.ended(job);
  return concludeJob(job, out);
}

async function follow(
  command: JobToFollow,
  engine: JobFollowing,
  out: CliOutput,
  signal: AbortSignal | undefined,
): Promise<TrackedJob> {
  const { watcher, profileId } = engine;
  const { instanceName, jobId } = command;
  const unsubscribe = watcher.onDidChange((event) => {
    // `started` is the watcher's own first description of the job (Enqueued), older than the
    // read shown already: the service's answers follow.
    if (event.job.jobId === jobId && event.kind !== 'started') out.progress.job(event.job);
  });
  const keepAlive = setInterval(() => undefined, KEEP_ALIVE_MS);
  try {
    watcher.track({ profileId, instanceName, jobId });
    return await watcher.waitFor(jobId, signal);
  } finally {
    clearInterval(keepAlive);
    unsubscribe();
  }
}

function concludeJob(job: TrackedJob, out: CliOutput): number {
  if (job.phase === 'succeeded') {
    out.result(jobJson(job));
    return EXIT.ok;
  }
  if (job.phase === 'gone') {
    return out.error(
      'GONE',
      `The service no longer knows job ${job.jobId}; finished jobs are cleaned up after a while. Check the resource it worked on.`,
      EXIT.failed,
    );
  }
  const reason = (job.error ?? '').trim() || 'the service gave no reason';
  return out.error(
    'JOB_FAILED',
    `Job ${job.jobId}${job.type ? ` (${job.type})` : ''} failed on the service: ${reason.replace(/[.\s]+$/, '')}. Fix the cause, then start the operation again.`,
    EXIT.jobFailed,
  );
}
