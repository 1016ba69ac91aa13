import { jobIdFromLocation } from '../../../shared/contract/paths';
import type { Audit } from '../../services/audit/audit-setup';
import type { Connection } from '../../services/connection/connection';
import { JobWatcher } from '../../services/jobs/job-watcher';
import type { RedactingLogger } from '../../services/log/logger';
import { CliJobEndRecorder } from './job-audit';
import { runJobsWait } from './jobs-wait';
import { CliOutput } from '../output/transfer-output';
import type { OutputSettings } from '../output/output-args';

/*
 * `--wait` on an operation that starts a job: the job it answered is followed to its end with
 * what `jobs wait` runs (the app's job watcher, progress on stderr, the end recorded in the
 * audit trail), over the run's own connection; the job is printed and the exit code is the
 * job's (0 succeeded, 5 failed, 1 forgotten by the service).
 */

/** The job id an answer names: `jobId` in its body, or the job URL of its `Location` (move). */
export function startedJobId(answer: {
  readonly headers: Readonly<Record<string, string>>;
  readonly data: unknown;
}): string | undefined {
  const data = answer.data as { jobId?: unknown } | null | undefined;
  if (typeof data?.jobId === 'string' && data.jobId !== '') return data.jobId;
  const location = answer.headers['location'];
  return location ? jobIdFromLocation(location) : undefined;
}

/** What following a started job prints to and runs on. */
export interface OperationWaitIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** stderr is a terminal: progress is one line redrawn in place. */
  readonly isTty?: boolean;
  readonly output?: OutputSettings;
  readonly logger: RedactingLogger;
}

/** Follows job `jobId` of `instanceName` to its end; prints it and answers the exit code. */
export async function waitForStartedJob(
  job: { readonly instanceName: string; readonly jobId: string },
  made: { readonly connection: Connection; readonly audit: Audit },
  io: OperationWaitIo,
): Promise<number> {
  const { connection, audit } = made;
  const watcher = new JobWatcher({ clientFor: () => connection.client, logger: io.logger });
  const jobEnds = new CliJobEndRecorder(audit);
  jobEnds.observe(watcher);
  watcher.start();
  const out = new CliOutput({
    stdout: io.stdout,
    stderr: io.stderr,
    isTty: io.isTty ?? false,
    json: false,
    redact: (text) => io.logger.redact(text),
    ...(io.output ? { output: io.output } : {}),
  });
  out.note(
    `Started job ${job.jobId}; following it to its end (Ctrl+C stops following, not the job: "databridge jobs wait --instanceName ${job.instanceName} --jobId ${job.jobId}" follows it again).`,
  );
  try {
    const following = { connection, profileId: connection.profile.id, watcher, jobEnds };
    return await runJobsWait(job, following, out);
  } finally {
    watcher.dispose();
    await jobEnds.settled();
  }
}
