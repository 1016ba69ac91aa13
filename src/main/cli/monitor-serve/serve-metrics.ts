import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type {
  InstanceMonitorState,
  MonitorInstanceRef,
  MonitorSample,
} from '../../../shared/model/monitor';
import type { MonitorCall } from '../../services/monitor/serve/counted-client';
import { sampleAgeMs } from '../../services/monitor/serve/served-state';
import { ConnectionHealth } from './serve-connection-health';

/*
 * The headless monitor's /metrics, with prom-client on a registry of its own. The gauges are
 * read from the monitor's last states when Prometheus scrapes (a scrape never reads the
 * service); the counters are counted as the monitor samples and calls the service. Names
 * follow Prometheus's guide: the `databridge_` prefix, base units (seconds), `_total` on
 * counters, and one label set per instance (`profile`, `instance`, `region`).
 */

const INSTANCE_LABELS = ['profile', 'instance', 'region'] as const;
type InstanceLabel = (typeof INSTANCE_LABELS)[number];

/** The gauges read from an instance's last sample: name, help, value. */
const SAMPLE_GAUGES: readonly [string, string, (sample: MonitorSample) => number][] = [
  ['databridge_sessions', 'Sessions of the instance at the last sample.', (s) => s.sessions],
  ['databridge_sessions_running', 'Sessions running a request.', (s) => s.running],
  ['databridge_sessions_blocked', 'Sessions waiting on another session.', (s) => s.blocked],
  [
    'databridge_blocking_heads',
    'Head blockers: sessions that block others and wait on none.',
    (s) => s.headBlockers,
  ],
  [
    'databridge_blocking_longest_wait_seconds',
    'The longest wait of a blocked session.',
    (s) => s.longestWaitMs / 1000,
  ],
  [
    'databridge_blocking_chain_depth',
    'The deepest blocking chain (0 when none).',
    (s) => s.chainDepth,
  ],
  ['databridge_jobs_running', 'Jobs of the instance running.', (s) => s.jobsRunning],
  [
    'databridge_jobs_failed_last_interval',
    'Jobs that ended Failed in the last interval.',
    (s) => s.jobsFailed,
  ],
];

/** What the metrics read of the monitor when scraped. */
export interface MetricsSource {
  /** The configured connections (the `profile` label), reported up or down from the start. */
  readonly connections: readonly string[];
  /** Instances the configuration expects: `databridge_instance_up 0` while one is not watched. */
  readonly expected?: readonly MonitorInstanceRef[];
  /**
   * Instances a connection had when it last listed them (an earlier run): `0` while not
   * watched, until the connection lists its instances in this run.
   */
  readonly lastKnown?: readonly MonitorInstanceRef[];
  readonly watched: () => readonly InstanceMonitorState[];
  readonly regionOf: (profileId: string) => string;
  readonly now: () => number;
  readonly intervalSeconds: number;
}

/** The registry of `/metrics` and the counters the server feeds. */
export class ServeMetrics {
  readonly registry = new Registry();
  readonly #source: MetricsSource;
  readonly #lastSampleAt = new Map<string, number>();
  #snapshot: readonly InstanceMonitorState[] | undefined;
  readonly #samples: Counter<InstanceLabel>;
  readonly #jobsFailed: Counter<InstanceLabel>;
  readonly #pollErrors: Counter<InstanceLabel | 'code'>;
  readonly #serviceRequests: Counter<'profile' | 'region' | 'operation'>;
  readonly #httpRequests: Counter<'handler' | 'code'>;
  readonly #connections: ConnectionHealth;
  readonly #listed = new Set<string>();

  constructor(source: MetricsSource) {
    this.#source = source;
    const registers = [this.registry];
    for (const [name, help, pick] of SAMPLE_GAUGES) this.#sampleGauge(name, help, pick);
    this.#stateGauges();
    this.#connections = new ConnectionHealth(source.connections, this.registry, source.regionOf);
    const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
      new Counter<L>({ name, help, labelNames, registers });
    this.#samples = counter(
      'databridge_monitor_samples_total',
      'Good samples taken.',
      INSTANCE_LABELS,
    );
    this.#jobsFailed = counter(
      'databridge_jobs_failed_total',
      'Jobs of the instance that ended Failed.',
      INSTANCE_LABELS,
    );
    this.#pollErrors = counter(
      'databridge_monitor_poll_errors_total',
      'Reads of the service that failed, by error code.',
      [...INSTANCE_LABELS, 'code'],
    );
    this.#serviceRequests = counter(
      'databridge_monitor_service_requests_total',
      'Requests the monitor made of the service.',
      ['profile', 'region', 'operation'],
    );
    this.#httpRequests = counter(
      'databridge_monitor_http_requests_total',
      'Requests this server answered, by handler and status.',
      ['handler', 'code'],
    );
    collectDefaultMetrics({ register: this.registry });
  }

  /** The text of a scrape and its content type. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    // One read of the monitor's states for every gauge of this scrape.
    this.#snapshot = this.#source.watched();
    try {
      return { text: await this.registry.metrics(), contentType: this.registry.contentType };
    } finally {
      this.#snapshot = undefined;
    }
  }

  /** The states the gauges read: the scrape's snapshot, or the monitor's now. */
  #watched(): readonly InstanceMonitorState[] {
    return this.#snapshot ?? this.#source.watched();
  }

  /** An instance's state changed: a new sample counts, with its failed jobs. */
  noteState(state: InstanceMonitorState): void {
    const at = state.latest?.at;
    const key = `${state.profileId}\n${state.instanceName}`;
    if (at === undefined || this.#lastSampleAt.get(key) === at) return;
    this.#lastSampleAt.set(key, at);
    const labels = this.#labels(state);
    this.#samples.inc(labels);
    // Counted from zero on the first sample, so increase() sees the first failed job too.
    this.#jobsFailed.inc(labels, state.latest?.jobsFailed ?? 0);
  }

  /** The monitor called the service for a connection. */
  noteCall(profileId: string, call: MonitorCall): void {
    const region = this.#source.regionOf(profileId);
    this.#serviceRequests.inc({ profile: profileId, region, operation: call.operation });
    this.#connections.note(profileId, call);
    if (call.operation === 'instances.list' && call.errorCode === undefined) {
      this.#listed.add(profileId);
    }
    if (call.errorCode === undefined) return;
    const instance = call.instanceName ?? '';
    this.#pollErrors.inc({ profile: profileId, instance, region, code: call.errorCode });
  }

  /** The connections that listed their instances in this run. */
  get listed(): ReadonlySet<string> {
    return this.#listed;
  }

  /** This server answered a request. */
  noteHttp(handler: string, status: number): void {
    this.#httpRequests.inc({ handler, code: String(status) });
  }

  #labels(ref: { profileId: string; instanceName: string }): Record<InstanceLabel, string> {
    return {
      profile: ref.profileId,
      instance: ref.instanceName,
      region: this.#source.regionOf(ref.profileId),
    };
  }

  #sampleGauge(name: string, help: string, pick: (sample: MonitorSample) => number): void {
    const watched = (): readonly InstanceMonitorState[] => this.#watched();
    const labelsOf = (state: InstanceMonitorState) => this.#labels(state);
    new Gauge<InstanceLabel>({
      name,
      help,
      labelNames: INSTANCE_LABELS,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const state of watched()) {
          if (state.latest) this.set(labelsOf(state), pick(state.latest));
        }
      },
    });
  }

  #stateGauges(): void {
    const source = this.#source;
    const watched = (): readonly InstanceMonitorState[] => this.#watched();
    const labelsOf = (ref: { profileId: string; instanceName: string }) => this.#labels(ref);
    const listed = this.#listed;
    const registers = [this.registry];
    new Gauge<InstanceLabel>({
      name: 'databridge_last_sample_age_seconds',
      help: 'Age of the last good sample of the instance.',
      labelNames: INSTANCE_LABELS,
      registers,
      collect() {
        this.reset();
        const now = source.now();
        for (const state of watched()) {
          const age = sampleAgeMs(state, now);
          if (age !== undefined) this.set(labelsOf(state), age / 1000);
        }
      },
    });
    new Gauge<InstanceLabel>({
      name: 'databridge_instance_up',
      help: 'Whether the last read of the instance succeeded (1) or not (0).',
      labelNames: INSTANCE_LABELS,
      registers,
      collect() {
        this.reset();
        const seen = new Set<string>();
        for (const state of watched()) {
          const up = state.health === 'ok' || state.health === 'blocking' ? 1 : 0;
          this.set(labelsOf(state), up);
          seen.add(`${state.profileId}\n${state.instanceName}`);
        }
        const lastKnown = (source.lastKnown ?? []).filter((ref) => !listed.has(ref.profileId));
        for (const ref of [...(source.expected ?? []), ...lastKnown]) {
          if (!seen.has(`${ref.profileId}\n${ref.instanceName}`)) this.set(labelsOf(ref), 0);
        }
      },
    });
    new Gauge({
      name: 'databridge_monitor_interval_seconds',
      help: 'How often each instance is read.',
      registers,
      collect() {
        this.set(source.intervalSeconds);
      },
    });
  }
}
