import { isFinalJobStatus } from '../../../shared/contract/enums';
import type { JobDetail, JobSummary } from '../../../shared/contract/records/jobs';
import type { JobEventKind, TrackedJob, TrackedJobPhase } from '../../../shared/model/job-event';

/** A job to follow, as the caller that started it knows it. */
export interface TrackRequest {
  readonly profileId: string;
  readonly instanceName: string;
  readonly jobId: string;
  readonly type?: string;
  readonly label?: string;
  readonly resourceName?: string;
}

/** The fields of a tracked job that the app's description sets. */
export function describedBy(
  request: TrackRequest,
): Pick<TrackedJob, 'type' | 'label' | 'resourceName'> {
  return {
    ...(request.type === undefined ? {} : { type: request.type }),
    ...(request.label === undefined ? {} : { label: request.label }),
    ...(request.resourceName === undefined ? {} : { resourceName: request.resourceName }),
  };
}

/** The watcher's phase for a service status: Succeeded, Failed/Deleted, or still running. */
export function phaseOf(status: string): TrackedJobPhase {
  if (status === 'Succeeded') return 'succeeded';
  if (isFinalJobStatus(status)) return 'failed';
  return 'running';
}

/** True when nothing about the job will change any more. */
export function isFinal(job: TrackedJob): boolean {
  return job.phase !== 'running';
}

/** Extra fields a list element may carry beyond JobSummary (loose schemas keep them). */
interface SummaryExtras {
  readonly progress?: unknown;
  readonly error?: unknown;
  readonly downloadUris?: unknown;
}

/**
 * The job updated with a list element or a job detail. `phase` is NOT changed here: a final
 * status may still need its details (error, download URIs) before it is reported.
 */
export function mergeAnswer(
  job: TrackedJob,
  answer: JobSummary | JobDetail,
  updatedAt: string,
): TrackedJob {
  const extras = answer as SummaryExtras;
  const next: TrackedJob = {
    ...job,
    status: answer.status,
    type: answer.type,
    resourceName: answer.resourceName,
    createTime: answer.createTime,
    endTime: answer.endTime ?? null,
    updatedAt,
  };
  if (typeof extras.progress === 'number') next.progress = extras.progress;
  if (typeof extras.error === 'string') next.error = extras.error;
  if (Array.isArray(extras.downloadUris)) {
    next.downloadUris = extras.downloadUris.filter((u): u is string => typeof u === 'string');
  }
  return next;
}

/** True when a job that reached `status` needs its detail before it is reported. */
export function needsDetail(job: TrackedJob): boolean {
  if (job.status === 'Failed') return job.error === undefined || job.error === null;
  // A succeeded export is only useful with its download URIs.
  if (job.status === 'Succeeded' && job.type === 'EXPORT_DATABASE') {
    return job.downloadUris === undefined;
  }
  return false;
}

/** The event to emit for a change from `before` to `after`, if any. */
export function eventFor(before: TrackedJob, after: TrackedJob): JobEventKind | undefined {
  if (after.phase !== before.phase && after.phase !== 'running') return after.phase;
  if (after.phase !== 'running') return undefined;
  return after.status !== before.status || after.progress !== before.progress
    ? 'progress'
    : undefined;
}
