import type { JobType, ResourceType } from '../../shared/contract/enums';
import type { JobDetail, JobSummary } from '../../shared/contract/records/jobs';
import { EmulatorHttpError } from '../http-error';
import { iso } from '../random';

/** A background job; times are epoch milliseconds. */
export interface JobRecord {
  readonly id: string;
  readonly type: JobType;
  status: 'Enqueued' | 'Processing' | 'Succeeded' | 'Failed';
  readonly resourceName: string;
  readonly resourceType: ResourceType;
  /** The instance whose job list shows it. */
  readonly instance: string;
  readonly createTime: number;
  /** When it entered Processing, and how long processing takes (for progress). */
  startTime: number | null;
  processingMs: number;
  endTime: number | null;
  readonly owner: string;
  /** Progress when it stopped (a failed job keeps where it broke). */
  finalProgress: number | null;
  error: string | null;
  /** True for an export job whose files the blob store holds under the job id. */
  hasDownloads: boolean;
}

/** Every job, by id. Unknown ids answer 410 (the interface's job operations say Gone). */
export class JobStore {
  readonly #byId = new Map<string, JobRecord>();

  add(record: JobRecord): void {
    this.#byId.set(record.id.toLowerCase(), record);
  }

  /** The job, or 410. */
  require(id: string): JobRecord {
    const record = this.#byId.get(id.toLowerCase());
    if (!record) throw new EmulatorHttpError(410, `Job ${id} does not exist.`);
    return record;
  }

  /** Jobs of `instance`, newest first. */
  listByInstance(instance: string): JobRecord[] {
    const wanted = instance.toLowerCase();
    return [...this.#byId.values()]
      .filter((job) => job.instance.toLowerCase() === wanted)
      .sort((a, b) => b.createTime - a.createTime || a.id.localeCompare(b.id));
  }
}

/** Progress 0..100 of a job at `now`. */
export function jobProgress(job: JobRecord, now: number): number {
  if (job.status === 'Succeeded') return 100;
  if (job.finalProgress !== null) return job.finalProgress;
  if (job.status !== 'Processing' || job.startTime === null) return 0;
  const fraction = (now - job.startTime) / Math.max(1, job.processingMs);
  // Stays below 100 until the job's effect has really happened.
  return Math.max(0, Math.min(99, Math.floor(fraction * 100)));
}

/** The row of an instance's job list. */
export function toJobSummary(job: JobRecord): JobSummary {
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    resourceName: job.resourceName,
    resourceType: job.resourceType,
    createTime: iso(job.createTime),
    endTime: job.endTime === null ? null : iso(job.endTime),
    owner: job.owner,
  };
}

/** The job detail; `downloadUris` are fresh pre-signed URLs for a succeeded export. */
export function toJobDetail(job: JobRecord, now: number, downloadUris: string[]): JobDetail {
  return {
    ...toJobSummary(job),
    progress: jobProgress(job, now),
    error: job.error,
    downloadUris,
  };
}
