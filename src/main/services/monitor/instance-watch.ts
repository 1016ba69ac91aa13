import type { Session } from '../../../shared/contract/records/sessions';
import { isAppError } from '../../../shared/errors';
import type {
  BlockingAlert,
  BlockingMark,
  HeadBlocker,
  InstanceMonitorState,
  MonitorInstanceRef,
  MonitorSessions,
} from '../../../shared/model/monitor';
import type { Timers } from '../time/timers';
import { InstanceSampler } from './instance-sampler';
import { sampleSessions, type JobCounts, type SessionSample } from './session-sample';
import type { SessionsRead } from './team-monitor-source';

/** What a watched instance needs from the monitor. */
export interface InstanceWatchDeps {
  readonly read: (signal: AbortSignal) => Promise<SessionsRead>;
  /** The team monitor the reads go to, when not the service (shown in the state). */
  readonly teamMonitorUrl?: string;
  readonly intervalMs: () => number;
  readonly thresholdSeconds: () => number;
  /** The instance's job counts now; `failed` counts jobs failed since the last call. */
  readonly takeJobCounts: () => JobCounts;
  readonly onState: (state: InstanceMonitorState, sample: SessionSample | undefined) => void;
  readonly onAlert: (alert: BlockingAlert, marks: readonly BlockingMark[]) => void;
  readonly timers: Timers;
  readonly now: () => number;
}

/** The key an alert is raised once for: a spid is reused by later logins. */
function alertKey(head: HeadBlocker): string {
  return `${head.sessionId}\n${head.loginTime ?? ''}`;
}

/**
 * One watched instance: its sampler, its last sessions and state, and its blocking alerts.
 * A head blocker that blocks past the threshold raises one alert while it keeps blocking;
 * once it stops (or drops below the threshold) a later chain of the same spid and login
 * alerts again.
 */
export class InstanceWatch {
  readonly ref: MonitorInstanceRef;
  readonly #deps: InstanceWatchDeps;
  readonly #sampler: InstanceSampler<SessionsRead>;
  #sessions: readonly Session[] = [];
  #takenAt: number | undefined;
  #state: InstanceMonitorState;
  #alerted = new Set<string>();

  constructor(ref: MonitorInstanceRef, deps: InstanceWatchDeps) {
    this.ref = ref;
    this.#deps = deps;
    this.#state = { ...ref, ...this.#via(), health: 'starting', heads: [] };
    this.#sampler = new InstanceSampler<SessionsRead>({
      read: deps.read,
      intervalMs: deps.intervalMs,
      timers: deps.timers,
      now: deps.now,
      onSample: (read, at) => this.#onRead(read, at),
      onFailure: (error, at, signedOut) => this.#onFailure(error, at, signedOut),
    });
  }

  get state(): InstanceMonitorState {
    return this.#state;
  }

  /** The sessions of the last sample. */
  sessions(): MonitorSessions {
    return {
      ...this.ref,
      health: this.#state.health,
      ...(this.#takenAt === undefined ? {} : { takenAt: this.#takenAt }),
      ...(this.#state.problem === undefined ? {} : { problem: this.#state.problem }),
      sessions: [...this.#sessions],
    };
  }

  start(): void {
    this.#sampler.start();
  }

  sampleNow(): void {
    this.#sampler.sampleNow();
  }

  /** Stops sampling; `signedOut` marks the state so (the profile was closed). */
  dispose(signedOut = false): void {
    this.#sampler.dispose();
    if (signedOut) this.#setState({ ...this.#state, health: 'signedOut' }, undefined);
  }

  #onRead(read: SessionsRead, at: number): void {
    // A team monitor that has not sampled since the last read: nothing new to record.
    if (read.takenAt !== undefined && read.takenAt === this.#takenAt) {
      this.#setState({ ...this.#state, ...this.#next() }, undefined);
      return;
    }
    this.#onSample(read.sessions, read.takenAt ?? at, read.jobs);
  }

  #onSample(sessions: readonly Session[], at: number, jobs: JobCounts | undefined): void {
    this.#sessions = sessions;
    this.#takenAt = at;
    const sampled = sampleSessions(sessions, at, jobs ?? this.#deps.takeJobCounts());
    const thresholdMs = this.#deps.thresholdSeconds() * 1000;
    const over = sampled.heads.filter((head) => head.blockingMs > thresholdMs);
    // Built anew: a good sample ends a stale period (no staleSince, no problem).
    const state: InstanceMonitorState = {
      ...this.ref,
      ...this.#via(),
      health: over.length > 0 ? 'blocking' : 'ok',
      latest: sampled.sample,
      heads: [...sampled.heads],
      ...this.#next(),
    };
    this.#setState(state, sampled);
    this.#alert(over, at);
  }

  #alert(over: readonly HeadBlocker[], at: number): void {
    const keys = new Set(over.map(alertKey));
    // A head that stopped blocking may alert again the next time it passes the threshold.
    for (const key of this.#alerted) if (!keys.has(key)) this.#alerted.delete(key);
    const fresh = over.filter((head) => !this.#alerted.has(alertKey(head)));
    if (fresh.length === 0) return;
    for (const head of fresh) this.#alerted.add(alertKey(head));
    const alert: BlockingAlert = {
      ...this.ref,
      thresholdSeconds: this.#deps.thresholdSeconds(),
      heads: fresh,
      at,
    };
    const marks = fresh.map((head) => ({
      at,
      sessionId: head.sessionId,
      blockedCount: head.blockedCount,
      blockingMs: head.blockingMs,
    }));
    this.#deps.onAlert(alert, marks);
  }

  #onFailure(error: unknown, at: number, signedOut: boolean): void {
    const problem = isAppError(error) ? error.message : 'The sessions could not be read.';
    this.#setState(
      {
        ...this.#state,
        health: signedOut ? 'signedOut' : 'stale',
        staleSince: this.#state.staleSince ?? at,
        problem,
        ...this.#next(),
      },
      undefined,
    );
  }

  #via(): { teamMonitorUrl?: string } {
    const url = this.#deps.teamMonitorUrl;
    return url === undefined ? {} : { teamMonitorUrl: url };
  }

  #next(): { nextSampleAt?: number } {
    const next = this.#sampler.nextSampleAt;
    return next === undefined ? {} : { nextSampleAt: next };
  }

  #setState(state: InstanceMonitorState, sample: SessionSample | undefined): void {
    this.#state = state;
    this.#deps.onState(state, sample);
  }
}
