import { Emitter, type Listener, type Subscription } from '../common/emitter';
import type { OperationId } from '../../../shared/contract/catalogue';
import type { OperationInput, OperationOutput } from '../../../shared/contract/operation-types';
import { AppError } from '../../../shared/errors';
import type { TrackedJob } from '../../../shared/model/job-event';
import {
  MONITOR_RANGE_MS,
  type BlockingAlert,
  type InstanceMonitorState,
  type MonitorHistory as MonitorHistoryData,
  type MonitorInstanceRef,
  type MonitorRange,
  type MonitorSessions,
} from '../../../shared/model/monitor';
import type { Settings, SettingsPatch } from '../../../shared/model/settings';
import type { MonitorList } from '../../../shared/ipc/monitor-channels';
import { silentLogger, type Logger } from '../log/logger';
import { systemTimers, type Timers } from '../time/timers';
import { downsample } from './downsample';
import { InstanceWatch } from './instance-watch';
import type { MonitorHistory } from './monitor-history';
import { ProfileWatchList } from './profile-watch-list';
import type { JobCounts } from './session-sample';
import type { SessionSource, SessionsRead } from './team-monitor-source';

/** The client calls the monitor makes (the catalogue-typed `ServiceClient.call`). */
export interface MonitorClient {
  call<Id extends OperationId>(
    id: Id,
    input: OperationInput<Id>,
    options?: { signal?: AbortSignal },
  ): Promise<OperationOutput<Id>>;
}

/**
 * While nothing runs on a watched instance, the job watcher lists its jobs once per this
 * many intervals (125 s at the default 5 s): a colleague's job is seen within about two
 * minutes and then followed closely, and the job lists add at most 1/25 (4%) to the monitor's
 * one session read per instance per interval.
 */
export const JOB_DISCOVERY_INTERVALS = 25;

/** What the monitor needs of the job watcher. */
interface MonitorJobs {
  watchInstance(profileId: string, instanceName: string, pace: 'background'): void;
  unwatchInstance(profileId: string, instanceName: string, pace: 'background'): void;
  list(): readonly TrackedJob[];
}

/** Options of {@link MonitorService}. */
export interface MonitorServiceOptions {
  /** The client of a signed-in profile (throws AUTH_REQUIRED otherwise). */
  readonly clientFor: (profileId: string) => MonitorClient;
  /**
   * Where a profile's sessions are read instead of the service (a team monitor), asked when
   * the profile opens; undefined (or none given): the service.
   */
  readonly sourceFor?: (profileId: string) => SessionSource | undefined;
  readonly jobs: MonitorJobs;
  readonly settings: {
    get(): Settings;
    update(patch: SettingsPatch): Promise<Settings>;
  };
  readonly history: MonitorHistory;
  readonly timers?: Timers;
  readonly now?: () => number;
  readonly logger?: Logger;
  /** How often an open profile's instance list is read again (default 5 min). */
  readonly rediscoverMs?: number;
  /** How often the history is written to disk (default 30 s). */
  readonly flushMs?: number;
}

/**
 * The always-on monitor, in main: for every open profile it watches instances (by default all
 * of them; the user leaves some out, kept in settings per profile), reads each one's sessions
 * once per interval whoever is looking, keeps the last sample and a bounded history, raises
 * blocking alerts past the threshold, and has the job watcher follow every job of a watched
 * instance. Views, the tray and notifications read its state and events; none of them asks
 * the service. Requests and memory grow with the instances watched, not with time.
 */
export class MonitorService {
  readonly #options: MonitorServiceOptions;
  readonly #timers: Timers;
  readonly #now: () => number;
  readonly #logger: Logger;
  readonly #profiles = new Map<string, ProfileWatchList>();
  readonly #watches = new Map<string, InstanceWatch>();
  /** The team monitor each open profile reads, when it does not read the service. */
  readonly #sources = new Map<string, SessionSource>();
  /** Jobs that ended Failed since an instance's last sample, by instance key. */
  readonly #failedSince = new Map<string, number>();
  readonly #onDidChangeInstance = new Emitter<InstanceMonitorState>();
  readonly #onDidRaiseBlockingAlert = new Emitter<BlockingAlert>();
  #flushTimer: unknown;
  #disposed = false;

  constructor(options: MonitorServiceOptions) {
    this.#options = options;
    this.#timers = options.timers ?? systemTimers;
    this.#now = options.now ?? Date.now;
    this.#logger = options.logger ?? silentLogger;
    this.#scheduleFlush();
  }

  /** A profile signed in: watch its instances. */
  openProfile(profileId: string): void {
    if (this.#disposed || this.#profiles.has(profileId)) return;
    const source = this.#options.sourceFor?.(profileId);
    if (source) this.#sources.set(profileId, source);
    const list = new ProfileWatchList({
      profileId,
      listInstances: (signal) => this.#listInstances(profileId, signal),
      isLeftOut: (name) => this.#isLeftOut(profileId, name),
      onWatch: (name) => this.#watch({ profileId, instanceName: name }),
      onUnwatch: (name) => this.#unwatch({ profileId, instanceName: name }, true),
      timers: this.#timers,
      rediscoverMs: this.#options.rediscoverMs ?? 5 * 60_000,
      logger: this.#logger,
    });
    this.#profiles.set(profileId, list);
    list.start();
  }

  /** A profile signed out or was closed: its instances show "signed out" and stop. */
  closeProfile(profileId: string): void {
    const list = this.#profiles.get(profileId);
    if (!list) return;
    this.#profiles.delete(profileId);
    list.dispose();
    for (const watch of [...this.#watches.values()]) {
      if (watch.ref.profileId !== profileId) continue;
      watch.dispose(true);
      this.#forgetWatch(watch.ref);
    }
    this.#sources.delete(profileId);
  }

  /** A profile's source changed (its team monitor URL or token): reads it anew if it is open. */
  refreshSource(profileId: string): void {
    if (!this.#profiles.has(profileId)) return;
    this.closeProfile(profileId);
    this.openProfile(profileId);
  }

  /** A job event of the job watcher: counts failed jobs into the next sample. */
  noteJob(kind: string, job: TrackedJob): void {
    if (kind !== 'failed') return;
    const key = keyOf(job);
    if (!this.#watches.has(key)) return;
    this.#failedSince.set(key, (this.#failedSince.get(key) ?? 0) + 1);
  }

  /** The watched instances' states, and the instances left out. */
  list(): MonitorList {
    const unwatched = [...this.#profiles.values()].flatMap((list) =>
      list.leftOut().map((instanceName) => ({ profileId: list.profileId, instanceName })),
    );
    return { watched: [...this.#watches.values()].map((watch) => watch.state), unwatched };
  }

  /** The sessions of an instance's last sample. */
  sessions(ref: MonitorInstanceRef): MonitorSessions {
    return this.#require(ref).sessions();
  }

  /**
   * An instance's samples and blocking marks over a range, thinned to what a chart can show
   * (bucket maxima, see {@link downsample}): a day at 5 s is 17,280 samples, and sending them
   * all costs the window more than drawing them.
   */
  async history(ref: MonitorInstanceRef, range: MonitorRange): Promise<MonitorHistoryData> {
    const content = await this.#options.history.range(ref, MONITOR_RANGE_MS[range]);
    return { ...ref, range, samples: downsample(content.samples), marks: content.marks };
  }

  /** Samples an instance now. */
  sampleNow(ref: MonitorInstanceRef): void {
    this.#require(ref).sampleNow();
  }

  /** Watches an instance again, or leaves it out; kept in settings per profile. */
  async setWatched(ref: MonitorInstanceRef, watched: boolean): Promise<void> {
    const current = this.#options.settings.get().unwatchedInstances;
    const left = new Set(current[ref.profileId] ?? []);
    if (watched) left.delete(ref.instanceName);
    else left.add(ref.instanceName);
    const next = { ...current, [ref.profileId]: [...left].sort() };
    if (left.size === 0) delete next[ref.profileId];
    await this.#options.settings.update({ unwatchedInstances: next });
    this.#profiles.get(ref.profileId)?.refresh();
  }

  /** Calls `listener` with an instance's state after every sample or change. */
  onDidChangeInstance(listener: Listener<InstanceMonitorState>): Subscription {
    return this.#onDidChangeInstance.event(listener);
  }

  /** Calls `listener` when head blockers pass the threshold (once per chain). */
  onDidRaiseBlockingAlert(listener: Listener<BlockingAlert>): Subscription {
    return this.#onDidRaiseBlockingAlert.event(listener);
  }

  /** Stops every sampler and writes what the history holds. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    this.#timers.clearTimeout(this.#flushTimer);
    for (const profileId of [...this.#profiles.keys()]) this.closeProfile(profileId);
    this.#onDidChangeInstance.dispose();
    this.#onDidRaiseBlockingAlert.dispose();
    await this.#options.history.flush();
  }

  #watch(ref: MonitorInstanceRef): void {
    const key = keyOf(ref);
    if (this.#watches.has(key)) return;
    const source = this.#sources.get(ref.profileId);
    const watch = new InstanceWatch(ref, {
      read: (signal) => this.#readSessions(ref, signal, source),
      ...(source ? { teamMonitorUrl: source.url } : {}),
      intervalMs: () => this.#options.settings.get().sessionRefreshSeconds * 1000,
      thresholdSeconds: () => this.#options.settings.get().blockingAlertSeconds,
      takeJobCounts: () => this.#takeJobCounts(ref),
      onState: (state, sampled) => {
        if (sampled) this.#options.history.addSample(ref, sampled.sample);
        this.#onDidChangeInstance.fire(state);
      },
      onAlert: (alert, marks) => {
        this.#options.history.addMarks(ref, marks);
        this.#onDidRaiseBlockingAlert.fire(alert);
      },
      timers: this.#timers,
      now: this.#now,
    });
    this.#watches.set(key, watch);
    // A team monitor's samples carry its job counts: following the jobs here would read the
    // service for them.
    if (!source) this.#options.jobs.watchInstance(ref.profileId, ref.instanceName, 'background');
    watch.start();
  }

  #unwatch(ref: MonitorInstanceRef, gone: boolean): void {
    const watch = this.#watches.get(keyOf(ref));
    if (!watch) return;
    watch.dispose(false);
    this.#forgetWatch(ref);
    if (gone) this.#options.history.forget(ref);
  }

  #forgetWatch(ref: MonitorInstanceRef): void {
    const key = keyOf(ref);
    this.#watches.delete(key);
    this.#failedSince.delete(key);
    if (this.#sources.has(ref.profileId)) return;
    this.#options.jobs.unwatchInstance(ref.profileId, ref.instanceName, 'background');
  }

  #takeJobCounts(ref: MonitorInstanceRef): JobCounts {
    const key = keyOf(ref);
    const failed = this.#failedSince.get(key) ?? 0;
    this.#failedSince.set(key, 0);
    let running = 0;
    for (const job of this.#options.jobs.list()) {
      if (job.phase === 'running' && keyOf(job) === key) running += 1;
    }
    return { running, failed };
  }

  async #readSessions(
    ref: MonitorInstanceRef,
    signal: AbortSignal,
    source: SessionSource | undefined,
  ): Promise<SessionsRead> {
    if (source) return source.readSessions(ref.instanceName, signal);
    const client = this.#options.clientFor(ref.profileId);
    const pathParams = { instanceName: ref.instanceName };
    return { sessions: await client.call('sessions.list', { pathParams }, { signal }) };
  }

  async #listInstances(profileId: string, signal: AbortSignal): Promise<string[]> {
    const instances = await this.#options
      .clientFor(profileId)
      .call('instances.list', {}, { signal });
    return instances.map((instance) => instance.name);
  }

  #isLeftOut(profileId: string, instanceName: string): boolean {
    return (this.#options.settings.get().unwatchedInstances[profileId] ?? []).includes(
      instanceName,
    );
  }

  #require(ref: MonitorInstanceRef): InstanceWatch {
    const watch = this.#watches.get(keyOf(ref));
    if (watch) return watch;
    throw new AppError({
      code: 'NOT_FOUND',
      message: `The monitor does not watch ${ref.instanceName}. Watch it from the Monitor view or the tree's menu.`,
    });
  }

  #scheduleFlush(): void {
    if (this.#disposed) return;
    this.#flushTimer = this.#timers.setTimeout(() => {
      void this.#options.history.flush().finally(() => this.#scheduleFlush());
    }, this.#options.flushMs ?? 30_000);
  }
}

function keyOf(ref: { profileId: string; instanceName: string }): string {
  return `${ref.profileId}\n${ref.instanceName}`;
}
