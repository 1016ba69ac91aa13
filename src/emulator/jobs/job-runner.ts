import { randomUUID } from 'node:crypto';
import type { JobType, ResourceType } from '../../shared/contract/enums';
import { jobProgress, type JobRecord, type JobStore } from '../state/jobs';

/**
 * The error a job's effect throws when the job fails for a reason the user can act on (no
 * uploaded file, a file of the wrong type); unlike other errors it is not logged as a bug.
 */
export class JobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobError';
  }
}

const EXPECTED_ERRORS = new Set(['JobError', 'EmulatorHttpError']);

/** A job to run: what it is about, and the effect that happens when it succeeds. */
export interface JobSpec {
  readonly type: JobType;
  readonly instance: string;
  readonly resourceName: string;
  readonly resourceType: ResourceType;
  readonly owner: string;
  /** Total duration in ms; defaults to the emulator's typical job duration. */
  readonly durationMs?: number;
  /** The effect, at the end of processing. Throwing fails the job with the error's message. */
  readonly run: (job: JobRecord) => void | Promise<void>;
  /** Undoes what starting the job did (a database back to Ready...) when it fails. */
  readonly onFail?: (job: JobRecord) => void;
}

/** A job that finished before the emulator started (demo history). */
export interface FinishedJobSpec {
  readonly type: JobType;
  readonly instance: string;
  readonly resourceName: string;
  readonly resourceType: ResourceType;
  readonly owner: string;
  readonly status: 'Succeeded' | 'Failed';
  readonly createTime: number;
  readonly endTime: number;
  readonly error?: string;
}

/** Options of {@link JobRunner}. */
export interface JobRunnerOptions {
  readonly store: JobStore;
  /** Typical job duration in ms. */
  readonly jobMs: number;
  readonly now: () => number;
  /** Where effects that break in an unexpected way are reported. */
  readonly log: (line: string) => void;
  /** True when the job starting now must fail when it ends (the `jobFail` fault switch). */
  readonly takeJobFault?: () => boolean;
}

/** The error of a job failed by the `jobFail` fault switch: what a full disk would say. */
export const INJECTED_JOB_ERROR =
  'The instance ran out of disk space while the job ran (emulator fault jobFail).';

/** Share of a job's duration spent Enqueued before Processing starts. */
const QUEUE_SHARE = 0.2;

/**
 * Moves jobs Enqueued → Processing → Succeeded or Failed on timers, and applies each job's
 * effect when it succeeds. Timers are unref'd (an idle emulator never holds a test process
 * open) and cleared by `close()`.
 */
export class JobRunner {
  readonly #options: JobRunnerOptions;
  readonly #timers = new Set<NodeJS.Timeout>();
  /** Jobs started while on hold: they do not end until `release()`. */
  readonly #held = new Set<JobRecord>();
  /** Held jobs that reached the end of their processing: what ends each, run at release. */
  readonly #parked = new Map<JobRecord, () => void>();
  #holding = false;
  #closed = false;

  constructor(options: JobRunnerOptions) {
    this.#options = options;
  }

  /** The typical job duration in ms. */
  get typicalMs(): number {
    return this.#options.jobMs;
  }

  /** True while jobs started now are held (see {@link hold}). */
  get holding(): boolean {
    return this.#holding;
  }

  /**
   * Jobs started from now on stay in Processing (progress below 100) until {@link release}:
   * a test that needs a job in flight holds it instead of making every job long.
   */
  hold(): void {
    this.#holding = true;
  }

  /** Ends the hold: held jobs finish (at once if their time is up) and new jobs run freely. */
  release(): void {
    this.#holding = false;
    this.#held.clear();
    const parked = [...this.#parked.values()];
    this.#parked.clear();
    for (const finish of parked) finish();
  }

  /** Creates the job (Enqueued) and schedules its course. */
  start(spec: JobSpec): JobRecord {
    const duration = Math.max(2, spec.durationMs ?? this.#options.jobMs);
    const queueMs = Math.round(duration * QUEUE_SHARE);
    // Taken when the job starts, so the job a test starts right after arming it is the one.
    const injectedFault = this.#options.takeJobFault?.() === true;
    const job: JobRecord = {
      id: randomUUID(),
      type: spec.type,
      status: 'Enqueued',
      resourceName: spec.resourceName,
      resourceType: spec.resourceType,
      instance: spec.instance,
      createTime: this.#options.now(),
      startTime: null,
      processingMs: duration - queueMs,
      endTime: null,
      owner: spec.owner,
      finalProgress: null,
      error: null,
      hasDownloads: false,
    };
    this.#options.store.add(job);
    if (this.#holding) this.#held.add(job);
    const finish = (): void => void this.#finish(job, spec, injectedFault);
    this.#after(queueMs, () => {
      job.status = 'Processing';
      job.startTime = this.#options.now();
      this.#after(job.processingMs, () => {
        if (this.#held.has(job)) this.#parked.set(job, finish);
        else finish();
      });
    });
    return job;
  }

  /** Records a job that already finished (no timers, no effect). */
  recordFinished(spec: FinishedJobSpec): JobRecord {
    const job: JobRecord = {
      id: randomUUID(),
      type: spec.type,
      status: spec.status,
      resourceName: spec.resourceName,
      resourceType: spec.resourceType,
      instance: spec.instance,
      createTime: spec.createTime,
      startTime: spec.createTime,
      processingMs: Math.max(1, spec.endTime - spec.createTime),
      endTime: spec.endTime,
      owner: spec.owner,
      finalProgress: spec.status === 'Failed' ? 40 : 100,
      error: spec.error ?? null,
      hasDownloads: false,
    };
    this.#options.store.add(job);
    return job;
  }

  /** Stops every pending transition; jobs stay as they are. */
  close(): void {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    this.#held.clear();
    this.#parked.clear();
  }

  #after(ms: number, action: () => void): void {
    if (this.#closed) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      if (!this.#closed) action();
    }, ms);
    timer.unref();
    this.#timers.add(timer);
  }

  async #finish(job: JobRecord, spec: JobSpec, injectedFault: boolean): Promise<void> {
    try {
      if (injectedFault) throw new JobError(INJECTED_JOB_ERROR);
      await spec.run(job);
      if (this.#closed) return;
      job.status = 'Succeeded';
      job.finalProgress = 100;
    } catch (error) {
      if (this.#closed) return;
      job.finalProgress = jobProgress(job, this.#options.now());
      job.status = 'Failed';
      job.error = error instanceof Error ? error.message : 'The job failed.';
      if (!(error instanceof Error) || !EXPECTED_ERRORS.has(error.name)) {
        this.#options.log(`job ${job.type} ${job.id} failed: ${String(error)}`);
      }
      spec.onFail?.(job);
    }
    job.endTime = this.#options.now();
  }
}
