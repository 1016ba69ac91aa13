import { AppError, isAppError } from '../../../shared/errors';
import type { JobEvent, TrackedJob } from '../../../shared/model/job-event';
import { Emitter, type Subscription } from '../common/emitter';
import { silentLogger, type Logger } from '../log/logger';
import { systemTimers, type Timers } from '../time/timers';
import { pollInstance, type JobsClient } from './instance-poll';
import { waitForFinal } from './wait-for-job';
import { nextDelay, type PollChange, type PollDelayBounds } from './poll-delay';
import { describedBy, eventFor, isFinal, type TrackRequest } from './tracked-job';

/** Options of {@link JobWatcher}. */
export interface JobWatcherOptions {
  /** The client of a profile's connection; may throw AUTH_REQUIRED when it is not connected. */
  readonly clientFor: (profileId: string) => JobsClient;
  readonly now?: () => Date;
  readonly timers?: Timers;
  /** Delay after a change (default 1 s). */
  readonly minDelayMs?: number;
  /** Longest delay, reached when nothing changes or the service does not answer (default 15 s). */
  readonly maxDelayMs?: number;
  /** Longest delay while only progress moves (default 5 s). */
  readonly progressDelayMs?: number;
  /** Growth of the delay per quiet poll (default 1.5). */
  readonly growth?: number;
  /**
   * Delay between discovery polls of an instance watched only in the background (the
   * monitor) while none of its jobs runs (default: `maxDelayMs`). Read before each such wait.
   */
  readonly backgroundDiscoveryMs?: () => number;
  /** Running jobs per instance whose progress is read one by one per poll (default 3). */
  readonly progressBudget?: number;
  readonly logger?: Logger;
}

/**
 * How a watcher follows an instance's jobs: `view` (a jobs view on screen) at the watcher's
 * pace; `background` (the monitor) slower while nothing runs there.
 */
export type WatchPace = 'view' | 'background';

interface Group {
  readonly profileId: string;
  readonly instanceName: string;
  /** Who watches the instance, per pace: discovery runs while any does. */
  readonly watchers: Record<WatchPace, number>;
  firstPoll: boolean;
  delay: number;
  timer: unknown;
  /** When the pending timer fires (ms since epoch by the watcher's clock). */
  dueAt: number;
  polling: boolean;
  readonly seen: Set<string>;
}

const groupKey = (profileId: string, instanceName: string): string =>
  `${profileId}\u0000${instanceName.toLowerCase()}`;

/**
 * Follows the jobs the app started (and, when asked, every job of watched instances). Jobs
 * are polled per instance with ONE list request (see pollInstance), with a delay that starts
 * at about 1 s after a change and grows to about 15 s while nothing changes or the service
 * does not answer; so it rides out network loss and a signed-out connection and resumes when
 * answers come back. Events: started, progress, succeeded, failed, gone.
 */
export class JobWatcher {
  readonly #options: JobWatcherOptions;
  readonly #now: () => Date;
  readonly #timers: Timers;
  readonly #logger: Logger;
  readonly #min: number;
  readonly #bounds: PollDelayBounds;
  readonly #jobs = new Map<string, TrackedJob>();
  readonly #groups = new Map<string, Group>();
  readonly #lastDetail = new Map<string, number>();
  readonly #onDidChange = new Emitter<JobEvent>();
  readonly #abort = new AbortController();
  #started = false;

  constructor(options: JobWatcherOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#timers = options.timers ?? systemTimers;
    this.#logger = options.logger ?? silentLogger;
    this.#min = options.minDelayMs ?? 1000;
    this.#bounds = {
      minMs: this.#min,
      maxMs: options.maxDelayMs ?? 15_000,
      progressCapMs: options.progressDelayMs ?? 5000,
      growth: options.growth ?? 1.5,
    };
  }

  /**
   * Follows a job the app started, described by main when the operation that started it
   * answered (the catalogue's job declaration); emits `started`. A job is described once:
   * tracking a job the app already follows changes nothing and emits nothing.
   */
  track(request: TrackRequest): TrackedJob {
    const existing = this.#jobs.get(request.jobId);
    if (existing) return { ...this.#adopt(existing, request) };
    const job: TrackedJob = {
      profileId: request.profileId,
      instanceName: request.instanceName,
      jobId: request.jobId,
      ...describedBy(request),
      status: 'Enqueued',
      phase: 'running',
      startedByApp: true,
      updatedAt: this.#now().toISOString(),
    };
    this.#jobs.set(job.jobId, job);
    const group = this.#group(request.profileId, request.instanceName);
    group.seen.add(job.jobId);
    this.#emit('started', job);
    this.#hurry(group);
    return { ...job };
  }

  /**
   * A poll of a watched instance can list a job the app just started before main has tracked
   * it (the two cross on the wire). Such a job is adopted: it takes the app's description,
   * once, with one update. A job the app already tracked keeps its first description.
   */
  #adopt(job: TrackedJob, request: TrackRequest): TrackedJob {
    if (job.startedByApp) return job;
    const adopted: TrackedJob = { ...job, ...describedBy(request), startedByApp: true };
    this.#jobs.set(job.jobId, adopted);
    this.#emit('progress', adopted);
    return adopted;
  }

  /**
   * Follows every job of an instance, including those started elsewhere, until each watcher
   * (the monitor, a jobs view) has called {@link unwatchInstance} once: a view that closes
   * does not stop the monitor's watch.
   */
  watchInstance(profileId: string, instanceName: string, pace: WatchPace = 'view'): void {
    const group = this.#group(profileId, instanceName);
    group.watchers[pace] += 1;
    this.#hurry(group);
  }

  /** One watcher less; discovery stops with the last (jobs already tracked are still followed). */
  unwatchInstance(profileId: string, instanceName: string, pace: WatchPace = 'view'): void {
    const group = this.#groups.get(groupKey(profileId, instanceName));
    if (group) group.watchers[pace] = Math.max(0, group.watchers[pace] - 1);
  }

  /** Every tracked job, final ones included, newest first. */
  list(): TrackedJob[] {
    return [...this.#jobs.values()].reverse().map((job) => ({ ...job }));
  }

  get(jobId: string): TrackedJob | undefined {
    const job = this.#jobs.get(jobId);
    return job ? { ...job } : undefined;
  }

  /** Drops a final job from the list (the user cleared it). */
  forget(jobId: string): void {
    const job = this.#jobs.get(jobId);
    if (job && isFinal(job)) this.#jobs.delete(jobId);
  }

  /** Resolves with the job once it is final (succeeded, failed or gone). */
  waitFor(jobId: string, signal?: AbortSignal): Promise<TrackedJob> {
    const job = this.#jobs.get(jobId);
    if (!job) {
      return Promise.reject(
        new AppError({ code: 'NOT_FOUND', message: `Job ${jobId} is not being watched.` }),
      );
    }
    if (isFinal(job)) return Promise.resolve({ ...job });
    return waitForFinal({
      jobId,
      onDidChange: (listener) => this.onDidChange(listener),
      signals: [signal, this.#abort.signal],
    });
  }

  /** Calls `listener` for every job event; returns unsubscribe. */
  onDidChange(listener: (event: JobEvent) => void): Subscription {
    return this.#onDidChange.event(listener);
  }

  /** Starts polling (jobs tracked before are polled from now on). */
  start(): void {
    if (this.#started || this.#abort.signal.aborted) return;
    this.#started = true;
    for (const group of this.#groups.values()) this.#schedule(group, 0);
  }

  /** Stops every timer and request; waiting callers get CANCELLED. */
  dispose(): void {
    this.#abort.abort();
    for (const group of this.#groups.values()) this.#timers.clearTimeout(group.timer);
    this.#groups.clear();
    this.#onDidChange.dispose();
  }

  #group(profileId: string, instanceName: string): Group {
    const key = groupKey(profileId, instanceName);
    let group = this.#groups.get(key);
    if (!group) {
      group = {
        profileId,
        instanceName,
        watchers: { view: 0, background: 0 },
        firstPoll: true,
        delay: this.#min,
        timer: undefined,
        dueAt: 0,
        polling: false,
        seen: new Set(),
      };
      this.#groups.set(key, group);
    }
    return group;
  }

  /** Something new on this instance: poll it within the shortest delay (a burst coalesces). */
  #hurry(group: Group): void {
    group.delay = this.#min;
    if (group.polling) return;
    const now = this.#now().getTime();
    if (group.timer === undefined) this.#schedule(group, 0);
    else if (group.dueAt > now + this.#min) this.#schedule(group, this.#min);
  }

  #schedule(group: Group, ms: number): void {
    if (!this.#started || this.#abort.signal.aborted) return;
    this.#timers.clearTimeout(group.timer);
    group.dueAt = this.#now().getTime() + ms;
    group.timer = this.#timers.setTimeout(() => {
      group.timer = undefined;
      void this.#poll(group);
    }, ms);
  }

  async #poll(group: Group): Promise<void> {
    const running = this.#running(group);
    const discover = group.watchers.view + group.watchers.background > 0;
    if (running.length === 0 && !discover) {
      this.#groups.delete(groupKey(group.profileId, group.instanceName));
      return;
    }
    group.polling = true;
    let change: PollChange = 'none';
    let retryAfterMs: number | undefined;
    try {
      const client = this.#options.clientFor(group.profileId);
      const output = await pollInstance({
        client,
        instanceName: group.instanceName,
        profileId: group.profileId,
        running,
        seen: group.seen,
        discover,
        firstPoll: group.firstPoll,
        progressBudget: this.#options.progressBudget ?? 3,
        lastDetail: this.#lastDetail,
        now: this.#now,
        signal: this.#abort.signal,
      });
      if (output.error) {
        retryAfterMs = output.error.retryAfterMs;
        this.#logger.debug('Job poll failed; will retry', {
          instance: group.instanceName,
          code: output.error.code,
        });
      } else group.firstPoll = false;
      for (const id of output.listed) group.seen.add(id);
      change = this.#apply(output.updates, output.discovered);
    } catch (error) {
      // Not connected (AUTH_REQUIRED from clientFor) or a bug: keep the jobs, try again later.
      this.#logger.debug('Job poll skipped', {
        instance: group.instanceName,
        code: isAppError(error) ? error.code : 'INTERNAL',
      });
    } finally {
      group.polling = false;
    }
    const next = nextDelay(group.delay, change, this.#bounds, retryAfterMs);
    group.delay = next.delay;
    this.#schedule(
      group,
      this.#isBackgroundIdle(group, change) ? this.#backgroundWait(next.wait) : next.wait,
    );
  }

  #running(group: Group): TrackedJob[] {
    const key = groupKey(group.profileId, group.instanceName);
    return [...this.#jobs.values()].filter(
      (job) => !isFinal(job) && groupKey(job.profileId, job.instanceName) === key,
    );
  }

  /**
   * Only the monitor watches the instance, nothing runs there and the last poll changed
   * nothing: the next discovery can wait the background delay (a job started meanwhile is seen
   * then, and followed closely from there on).
   */
  #isBackgroundIdle(group: Group, change: PollChange): boolean {
    return change === 'none' && group.watchers.view === 0 && this.#running(group).length === 0;
  }

  #backgroundWait(wait: number): number {
    return Math.max(wait, this.#options.backgroundDiscoveryMs?.() ?? this.#bounds.maxMs);
  }

  #apply(updates: TrackedJob[], discovered: TrackedJob[]): PollChange {
    let change: PollChange = 'none';
    for (const job of discovered) {
      if (this.#jobs.has(job.jobId)) continue;
      this.#jobs.set(job.jobId, job);
      this.#emit('started', { ...job, phase: 'running' });
      if (isFinal(job)) this.#emit(job.phase as JobEvent['kind'], job);
      change = 'status';
    }
    for (const job of updates) {
      const before = this.#jobs.get(job.jobId);
      if (!before || isFinal(before)) continue;
      this.#jobs.set(job.jobId, job);
      const kind = eventFor(before, job);
      if (kind) this.#emit(kind, job);
      if (job.status !== before.status || job.phase !== before.phase) change = 'status';
      else if (kind && change === 'none') change = 'progress';
      if (isFinal(job)) this.#lastDetail.delete(job.jobId);
    }
    return change;
  }

  #emit(kind: JobEvent['kind'], job: TrackedJob): void {
    this.#onDidChange.fire({ kind, job: { ...job } });
  }
}
