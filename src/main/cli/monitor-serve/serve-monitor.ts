import { readFile } from 'node:fs/promises';
import type { Dispatcher } from 'undici';
import { defaultSettings, type Settings } from '../../../shared/model/settings';
import type { InstanceMonitorState, MonitorInstanceRef } from '../../../shared/model/monitor';
import { createDispatcher } from '../../services/http/dispatcher';
import { cliNetworkOptions } from '../connection/network';
import { JobWatcher } from '../../services/jobs/job-watcher';
import type { Logger } from '../../services/log/logger';
import { MonitorHistory } from '../../services/monitor/monitor-history';
import { JOB_DISCOVERY_INTERVALS, MonitorService } from '../../services/monitor/monitor-service';
import { countedClient, type MonitorCall } from '../../services/monitor/serve/counted-client';
import type { SecretStore } from '../../services/secrets/secret-store';
import { UsageError } from '../args/operation-args';
import type { ServeSettings } from './serve-args';
import { connectAll, type ServeConnection } from './serve-connections';
import { startServeHttp } from './serve-http';
import { checkExposure } from './serve-listen';
import { readToken } from './serve-token';
import { ServeMetrics } from './serve-metrics';
import { serveApi } from './serve-api';
import {
  KnownInstancesFile,
  knownInstancesFile,
  readKnownInstances,
} from './serve-known-instances';

/** What the headless monitor needs from its process. */
export interface ServeDeps {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly logger: Logger;
  readonly secretStore: () => SecretStore;
  readonly now?: () => number;
}

/** A running headless monitor. */
export interface RunningServe {
  readonly url: string;
  /** Stops serving and sampling, and leaves the history whole on disk. */
  close(): Promise<void>;
}

async function readTls(tls: NonNullable<ServeSettings['tls']>) {
  try {
    return { cert: await readFile(tls.cert), key: await readFile(tls.key) };
  } catch (error) {
    throw new UsageError(`TLS: ${(error as Error).message}`);
  }
}

/** The monitor's settings: fixed for the run, from the command line and the file. */
function fixedSettings(settings: ServeSettings): { get(): Settings; update(): Promise<Settings> } {
  const value: Settings = {
    ...defaultSettings(),
    sessionRefreshSeconds: settings.intervalSeconds,
    blockingAlertSeconds: settings.blockingAlertSeconds,
    unwatchedInstances: Object.fromEntries(
      settings.connections.map((c) => [c.name, [...(c.exclude ?? [])]]),
    ),
  };
  return { get: () => value, update: () => Promise.resolve(value) };
}

/** The monitor's parts for a run, wired: its service, job watcher, history and metrics. */
interface ServeMonitor {
  readonly monitor: MonitorService;
  readonly jobs: JobWatcher;
  readonly metrics: ServeMetrics;
  /** Stops sampling and writes the history whole. */
  stop(): Promise<void>;
}

/** The instances the configuration says each connection has. */
function expectedInstances(settings: ServeSettings) {
  return settings.connections.flatMap((c) =>
    (c.instances ?? []).map((instanceName) => ({ profileId: c.name, instanceName })),
  );
}

/** Each connection's client, counting its calls into `note`, by connection name. */
function countedClients(
  connections: ReadonlyMap<string, ServeConnection>,
  note: (name: string, call: MonitorCall) => void,
) {
  const clients = new Map(
    [...connections.values()].map((c) => [
      c.name,
      countedClient(c.client, (call) => note(c.name, call)),
    ]),
  );
  return (name: string) => {
    const client = clients.get(name);
    if (!client) throw new Error(`No connection named ${name}.`);
    return client;
  };
}

function buildMonitor(
  settings: ServeSettings,
  connections: ReadonlyMap<string, ServeConnection>,
  deps: {
    logger: Logger;
    now: () => number;
    regionOf: (name: string) => string;
    lastKnown: readonly MonitorInstanceRef[];
  },
): ServeMonitor {
  const { logger, now, regionOf, lastKnown } = deps;
  const noted: { metrics?: ServeMetrics } = {};
  const clientFor = countedClients(connections, (name, call) =>
    noted.metrics?.noteCall(name, call),
  );
  const jobs = new JobWatcher({
    clientFor,
    backgroundDiscoveryMs: () => settings.intervalSeconds * 1000 * JOB_DISCOVERY_INTERVALS,
    logger,
  });
  const history = new MonitorHistory({ dir: settings.historyDir, logger });
  const monitor = new MonitorService({
    clientFor,
    jobs,
    settings: fixedSettings(settings),
    history,
    logger,
    now,
  });
  const metrics = new ServeMetrics({
    connections: [...connections.keys()],
    expected: expectedInstances(settings),
    lastKnown,
    watched: () => monitor.list().watched,
    regionOf,
    now,
    intervalSeconds: settings.intervalSeconds,
  });
  noted.metrics = metrics;
  const known = keepKnownInstances(monitor, metrics, { ...settings, lastKnown, logger });
  const stops = [
    known,
    jobs.onDidChange((event) => monitor.noteJob(event.kind, event.job)),
    monitor.onDidChangeInstance((state) => metrics.noteState(state)),
    logHealth(monitor, logger),
    logAlerts(monitor, logger),
  ];
  return {
    monitor,
    jobs,
    metrics,
    stop: async () => {
      // The list while the instances are still watched: disposing the monitor empties it.
      await known.flush();
      for (const stop of stops) stop.dispose();
      await monitor.dispose();
      jobs.dispose();
      await history.flushWhole();
    },
  };
}

/** Keeps the list of known instances in step with what the monitor watches. */
function keepKnownInstances(
  monitor: MonitorService,
  metrics: ServeMetrics,
  given: { historyDir: string; lastKnown: readonly MonitorInstanceRef[]; logger: Logger },
) {
  const file = new KnownInstancesFile(
    knownInstancesFile(given.historyDir),
    given.lastKnown,
    given.logger,
  );
  const note = (): void => file.note(monitor.list().watched, metrics.listed);
  const watching = monitor.onDidChangeInstance(note);
  return {
    dispose: () => watching.dispose(),
    flush: async () => {
      note();
      await file.settled();
    },
  };
}

/** Connects every connection; the dispatcher is closed again when one cannot be made. */
async function connect(settings: ServeSettings, deps: ServeDeps) {
  const dispatcher: Dispatcher = createDispatcher(
    cliNetworkOptions({
      options: {
        ...(settings.proxy ? { proxy: settings.proxy } : {}),
        ...(settings.proxyPac ? { 'proxy-pac': settings.proxyPac } : {}),
      },
      env: deps.env,
      logger: deps.logger,
      secretStore: deps.secretStore,
    }),
  );
  try {
    return { dispatcher, connections: await connectAll(settings, { ...deps, dispatcher }) };
  } catch (error) {
    await dispatcher.close();
    throw error;
  }
}

/**
 * Starts the headless monitor: the app's own monitor service, job watcher and history over
 * the configured connections (one session read per instance per interval, as in the app),
 * with the HTTP server in front that only reads what the monitor holds.
 */
export async function startServe(settings: ServeSettings, deps: ServeDeps): Promise<RunningServe> {
  const { logger } = deps;
  const guarded = { token: settings.token !== undefined, tls: settings.tls !== undefined };
  checkExposure(settings.listen, guarded);
  const token = settings.token ? await readToken(settings.token, deps.env) : undefined;
  if (token) logger.addSecret?.(token);
  const tls = settings.tls ? await readTls(settings.tls) : undefined;
  const now = deps.now ?? Date.now;
  const { dispatcher, connections } = await connect(settings, deps);
  const regionOf = (name: string): string => connections.get(name)?.region ?? 'custom';
  const lastKnown = await readKnownInstances(settings.historyDir, [...connections.keys()], logger);
  const parts = buildMonitor(settings, connections, { logger, now, regionOf, lastKnown });
  const stopAll = async (): Promise<void> => {
    await parts.stop();
    for (const connection of connections.values()) connection.dispose();
    await dispatcher.close();
  };
  let http: Awaited<ReturnType<typeof startServeHttp>>;
  try {
    http = await startServeHttp({
      listen: settings.listen,
      ...(token ? { token } : {}),
      ...(tls ? { tls } : {}),
      metrics: parts.metrics,
      limits: { maxConnections: settings.maxConnections },
      api: serveApi({
        monitor: parts.monitor,
        regionOf,
        now,
        intervalSeconds: settings.intervalSeconds,
      }),
      logger,
    });
  } catch (error) {
    await stopAll();
    const where = `${settings.listen.host}:${settings.listen.port}`;
    throw new UsageError(`Cannot listen on ${where}: ${(error as Error).message}`);
  }
  parts.jobs.start();
  for (const name of connections.keys()) parts.monitor.openProfile(name);
  logger.info('monitor serve: listening', {
    url: http.url,
    connections: [...connections.keys()],
    intervalSeconds: settings.intervalSeconds,
    // Not named after the token: the logger redacts such fields whatever they hold.
    bearerAsked: guarded.token,
    tls: guarded.tls,
    historyDir: settings.historyDir,
    pid: process.pid,
  });
  let closed: Promise<void> | undefined;
  return {
    url: http.url,
    // Once: a second close (a signal during the first) waits for the same end.
    close: () =>
      (closed ??= (async () => {
        await http.close();
        await stopAll();
      })()),
  };
}

/** Logs a blocking chain that passed the threshold, once per chain. */
function logAlerts(monitor: MonitorService, logger: Logger) {
  return monitor.onDidRaiseBlockingAlert((alert) =>
    logger.warn('monitor serve: blocking past the threshold', {
      profile: alert.profileId,
      instance: alert.instanceName,
      thresholdSeconds: alert.thresholdSeconds,
      heads: alert.heads.map((h) => ({ sessionId: h.sessionId, blockedCount: h.blockedCount })),
    }),
  );
}

/** Logs an instance's health when it changes (not every sample): one line per event. */
function logHealth(monitor: MonitorService, logger: Logger) {
  const last = new Map<string, InstanceMonitorState['health']>();
  return monitor.onDidChangeInstance((state) => {
    const key = `${state.profileId}\n${state.instanceName}`;
    if (last.get(key) === state.health) return;
    last.set(key, state.health);
    const fields = {
      profile: state.profileId,
      instance: state.instanceName,
      health: state.health,
      ...(state.problem ? { problem: state.problem } : {}),
    };
    if (state.health === 'stale' || state.health === 'signedOut') {
      logger.warn('monitor serve: instance health', fields);
    } else logger.info('monitor serve: instance health', fields);
  });
}
