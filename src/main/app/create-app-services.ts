import { setUnexpectedErrorReporter } from '../services/common/emitter';
import type { Dispatcher } from 'undici';
import type { DiagnosticsService } from '../services/diagnostics/diagnostics-service';
import { startEmulator } from '../../emulator/server';
import type { ProfilesLoadResult } from '../services/profiles/profile-store';
import type { ProfileStore } from '../services/profiles/profile-store';
import type { Audit } from '../services/audit/audit-setup';
import { openConnectionsFile } from '../services/config/app-paths';
import { OutcomeChecker } from '../services/audit/outcome-checker';
import type { AuditTrail } from '../services/audit/audit-trail';
import type { OsLog } from '../services/audit/os-log';
import { ConnectionManager, type EmulatorHandle } from '../services/connection/connection-manager';
import { OpenConnectionsService } from '../services/connection/open-connections';
import { directRoute, type DirectRouteOptions } from '../services/http/direct-route';
import { AppEventBus } from '../services/ipc/app-event-bus';
import { JobWatcher } from '../services/jobs/job-watcher';
import type { Logger } from '../services/log/logger';
import type { AskProxyCredentials } from '../services/proxy/proxy-authenticator';
import type { DeadlinePause } from '../services/http/deadline-pause';
import type { RequestPort } from '../services/http/request-port';
import type { ServiceLimits } from '../services/http/service-limits';
import { JOB_DISCOVERY_INTERVALS, type MonitorService } from '../services/monitor/monitor-service';
import type { SecretStore } from '../services/secrets/secret-store';
import type { SecretVault } from '../services/secrets/secret-vault';
import type { SettingsStore } from '../services/settings/settings-store';
import type { ProxyQuestions } from '../services/proxy/proxy-questions';
import { policyInForce, type PolicyState } from '../../shared/model/policy';
import {
  TransferService,
  type TransferServiceOptions,
} from '../services/transfers/transfer-service';
import { createDiagnostics } from './create-diagnostics';
import { askingNetwork } from './app-network';
import { createMonitor } from './create-monitor';
import { createUpdates, type UpdaterSetup } from './create-updates';
import type { UpdateService } from '../services/updates/update-service';
import { PathProvenance } from './path-provenance';
import {
  auditOf,
  machinePolicyOf,
  profileStoreOf,
  secretVaultOf,
  settingsStoreOf,
} from './service-wiring';
import type { TransferPort } from './transfer-handlers';

/** Engine settings a caller may tune (the harness uses small parts to keep tests quick). */
export type TransferTuning = Pick<
  TransferServiceOptions,
  'partPlan' | 'partsInFlight' | 'rangesInFlight' | 'retry' | 'random'
>;

/** Options of {@link createAppServices}. */
export interface AppServicesOptions {
  /** The app's data folder (profiles, settings, transfer journals). */
  readonly dataDir: string;
  /**
   * The keychain adapter (Electron), or a memory store (harness, tests); it also holds the
   * audit trail's key and anchor.
   */
  readonly secretStore: SecretStore;
  /** Where each audit record's line also goes: the OS log in the app; none in the harness. */
  readonly osLog?: OsLog;
  readonly logger: Logger;
  /** Starts the built-in emulator; default: in this process, demo data, a free port. */
  readonly startEmulator?: () => Promise<EmulatorHandle>;
  /** Default: one from the settings' proxy or PAC URL, the environment, or the system's. */
  readonly dispatcher?: Dispatcher;
  /**
   * The system's proxy for a URL, in PAC form (Electron's `session.resolveProxy`), used when
   * neither the settings nor the environment name a proxy; absent in the harness (direct).
   */
  readonly systemProxy?: (url: string) => Promise<string>;
  /**
   * Chromium's `net.request` (the app): a proxy that wants the user's sign-in (Negotiate,
   * NTLM) gets its requests through it; absent (the harness, tests), such a proxy is named in
   * an error saying what to do.
   */
  readonly chromiumRequest?: RequestPort;
  /**
   * Asks the user for a proxy's Basic credentials; default: DATABRIDGE_PROXY_USER and
   * DATABRIDGE_PROXY_PASSWORD of the app's environment, else the window (`proxyQuestions`).
   */
  readonly askProxyCredentials?: AskProxyCredentials;
  /**
   * The deadline and answer bounds of the connections' calls; default SERVICE_LIMITS (tests
   * shorten the deadline to pass it without waiting 30 s).
   */
  readonly serviceLimits?: Partial<ServiceLimits>;
  /**
   * Part size, single-stream threshold, parts in flight, connections per download; default:
   * the engine's and the settings'.
   */
  readonly transferTuning?: TransferTuning;
  /** The app's version, as the audit trail's records name it; default `unknown`. */
  readonly appVersion?: string;
  /** The machine policy; default: this machine's (`loadPolicy`), never none by omission. */
  readonly policy?: PolicyState;
  /** The app's log file, for the diagnostics bundle; default `<dataDir>/logs/main.log`. */
  readonly logFile?: string;
  /** Electron's version, for the diagnostics bundle; none in the browser harness. */
  readonly electronVersion?: string;
  /**
   * How this copy was installed and its updater (electron-updater in the app); default: a
   * copy run from source, which never checks (the browser harness, tests).
   */
  readonly updater?: UpdaterSetup;
}

/** The app's services, wired, with their events flowing into {@link bus}. */
export interface AppServices {
  readonly logger: Logger;
  readonly bus: AppEventBus;
  readonly profiles: ProfileStore;
  readonly profilesLoaded: ProfilesLoadResult;
  readonly secrets: SecretVault;
  readonly connections: ConnectionManager;
  /** Which profiles are open in the explorer, reopened at start. */
  readonly openConnections: OpenConnectionsService;
  readonly jobs: JobWatcher;
  /** The always-on monitor of the watched instances' sessions, blocking and jobs. */
  readonly monitor: MonitorService;
  readonly settings: SettingsStore;
  readonly transfers: TransferPort;
  readonly provenance: PathProvenance;
  /** The changes made from this data folder, by the app and the command line. */
  readonly audit: AuditTrail;
  /** The bundle for support (Help → Save diagnostics…). */
  readonly diagnostics: DiagnosticsService;
  /** The app's updates (Help → About). */
  readonly updates: UpdateService;
  /** The proxies waiting for a user name and password, which the window asks for. */
  readonly proxyQuestions: ProxyQuestions;
  /** Pauses running transfers (their journals keep them) and stops everything. */
  shutdown(): Promise<void>;
}

/** The in-process emulator of the built-in "Local emulator" connection. */
async function startLocalEmulator(): Promise<EmulatorHandle> {
  const emulator = await startEmulator({ seed: 'demo' });
  return { baseUrl: emulator.baseUrl, close: () => emulator.close() };
}

/**
 * The services' shutdown: pauses running transfers (their journals keep them), then stops the
 * event forwarding, the job watcher, the connections and the bus, in that order.
 */
function shutdownOf(parts: {
  readonly logger: Logger;
  readonly bus: AppEventBus;
  readonly connections: ConnectionManager;
  readonly jobs: JobWatcher;
  readonly monitor: MonitorService;
  readonly transfers: TransferService;
  readonly stops: ReadonlyArray<(() => void) | undefined>;
}): () => Promise<void> {
  const { logger, bus, connections, jobs, monitor, transfers, stops } = parts;
  return async () => {
    try {
      await transfers.pauseAll('app-quit');
      await transfers.dispose();
    } catch (error) {
      logger.error('Could not pause every transfer before stopping', { error });
    }
    for (const stop of stops) stop?.();
    // The monitor writes its history's last samples before the connections go.
    await monitor.dispose();
    jobs.dispose();
    await connections.dispose();
    bus.dispose();
  };
}

/**
 * The job watcher of the app's connections. Instances only the monitor watches are listed
 * every {@link JOB_DISCOVERY_INTERVALS} intervals of the monitor while nothing runs there.
 */
function jobWatcherOf(
  connections: ConnectionManager,
  settings: SettingsStore,
  logger: Logger,
): JobWatcher {
  return new JobWatcher({
    clientFor: (id) => connections.get(id).client,
    backgroundDiscoveryMs: () =>
      settings.get().sessionRefreshSeconds * 1000 * JOB_DISCOVERY_INTERVALS,
    logger,
  });
}

/** The transfer engine of the app, reading its limits from the settings. */
function transferServiceOf(deps: {
  dataDir: string;
  connections: ConnectionManager;
  jobs: JobWatcher;
  dispatcher: Dispatcher;
  network: DirectRouteOptions;
  settings: SettingsStore;
  logger: Logger;
  tuning: AppServicesOptions['transferTuning'] | undefined;
}): TransferService {
  const { settings } = deps;
  // Pre-signed URLs get the plain dispatcher: the engine never adds the service's Authorization.
  return new TransferService({
    dataDir: deps.dataDir,
    connections: deps.connections,
    jobWatcher: deps.jobs,
    dispatcher: deps.dispatcher,
    // Large downloads on sockets of their own, with the dispatcher's proxy, CAs and timeouts.
    directRoute: directRoute(deps.network),
    logger: deps.logger,
    partsInFlight: () => settings.get().partsInFlight,
    rangesInFlight: () => settings.get().rangesInFlight,
    // Read every few tens of ms: a changed limit applies to running transfers at once.
    bandwidthLimitBytesPerSecond: () => settings.get().bandwidthLimitMiBps * 1024 * 1024,
    // Read as each request to a storage host starts.
    throughputFloor: () => {
      const { minSpeedKiBps, minSpeedWindowSeconds } = settings.get();
      return { minBytesPerSecond: minSpeedKiBps * 1024, windowMs: minSpeedWindowSeconds * 1000 };
    },
    transfersAtOnce: () => settings.get().transfersAtOnce,
    // Read as each upload run starts.
    cloneSources: () => settings.get().cloneUploadSources,
    ...deps.tuning,
  });
}

/**
 * The connections of the profiles, and which of them are open in the explorer (the list of
 * the last run, read from the data folder).
 */
async function connectionsOf(
  options: AppServicesOptions,
  parts: {
    profiles: ProfileStore;
    secrets: SecretVault;
    dispatcher: Dispatcher;
    audit: Audit;
    policy: PolicyState;
    deadlinePause: DeadlinePause;
  },
): Promise<{ connections: ConnectionManager; openConnections: OpenConnectionsService }> {
  const { profiles, secrets, dispatcher, deadlinePause } = parts;
  const policy = policyInForce(parts.policy);
  const limits = options.serviceLimits;
  const connections = new ConnectionManager({
    profiles,
    secrets,
    dispatcher,
    // Held while the window asks for a proxy's password: the user's typing is not a timeout.
    deadlinePause,
    ...(limits ? { limits } : {}),
    audit: parts.audit.auditor,
    ...(policy ? { policy } : {}),
    logger: options.logger,
    startEmulator: options.startEmulator ?? startLocalEmulator,
  });
  const openConnections = new OpenConnectionsService({
    file: openConnectionsFile(options.dataDir),
    profiles,
    secrets,
    connections,
    logger: options.logger,
  });
  await openConnections.load();
  return { connections, openConnections };
}

/**
 * Carries on with what the last run left. Transfers left unfinished carry on where their
 * journals stopped; those the user paused stay paused (the renderer offers them), and a
 * profile that is not signed in yet waits for its sign-in. The connections open when the app
 * last closed open again, each on its own: those with a stored secret sign in, the others
 * wait, listed as needing a sign-in.
 */
function continueLastRun(parts: {
  readonly transfers: TransferService;
  readonly openConnections: OpenConnectionsService;
  readonly logger: Logger;
}): void {
  void parts.transfers.resumeAll().catch((error: unknown) => {
    parts.logger.error('Could not resume the transfers of the last run', { error });
  });
  void parts.openConnections.reopen();
}

/**
 * The app's audit trail. A change it cannot record first is refused or made as the setting
 * says, read at each change; the warning of one made unrecorded ("continue and warn") goes to
 * the log, and to its record.
 */
function appAudit(options: AppServicesOptions, settings: SettingsStore): Audit {
  const { dataDir, logger, secretStore, osLog } = options;
  const source = { kind: 'app' as const, version: options.appVersion ?? 'unknown' };
  return auditOf({
    dataDir,
    source,
    logger,
    secretStore,
    ...(osLog ? { osLog } : {}),
    onFailure: () => settings.get().auditOnFailure,
  });
}

/**
 * Reads back the changes whose outcome never came (a run killed after sending them) once each
 * profile signs in; answers the unsubscription.
 */
function checkOutcomesOnSignIn(parts: {
  readonly audit: Audit;
  readonly logger: Logger;
  readonly connections: ConnectionManager;
}): ReturnType<ConnectionManager['onDidChangeState']> {
  const { audit, logger, connections } = parts;
  const checker = new OutcomeChecker({
    trail: audit.trail,
    source: audit.source,
    logger,
    clientOf: (profileId) => connections.get(profileId).client,
  });
  return connections.onDidChangeState((state) => checker.onState(state));
}

/**
 * The settings, loaded under the machine policy given, else this machine's (a bad one is logged,
 * and ignored).
 */
async function settingsOf(
  options: AppServicesOptions,
): Promise<{ policy: PolicyState; settings: SettingsStore }> {
  const { logger } = options;
  const policy =
    options.policy ??
    (await machinePolicyOf(process.env, ({ path, problems }) =>
      logger.warn('The machine policy is not valid and is ignored', { path, problems }),
    ));
  const settings = await settingsStoreOf(options.dataDir, logger, policy);
  return { policy, settings };
}

/**
 * Builds the services for a data folder. Electron's main and the browser harness both call
 * it, so both run the same services; only the secret store and the platform differ.
 */
export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const { dataDir, logger } = options;
  // A service's listener that throws is reported here, redacted, and the others still run.
  setUnexpectedErrorReporter((error) => logger.error('An event listener failed', { error }));
  const bus = new AppEventBus({ logger });
  const { policy, settings } = await settingsOf(options);
  const asking = askingNetwork(options, settings.get(), bus);
  const { network, dispatcher, proxyQuestions, deadlinePause } = asking;
  const profiles = profileStoreOf(dataDir, logger);
  const profilesLoaded = await profiles.load();
  const secrets = secretVaultOf(options.secretStore, logger);
  const audit = appAudit(options, settings);
  const parts = { profiles, secrets, dispatcher, audit, policy, deadlinePause };
  const sessions = await connectionsOf(options, parts);
  const { connections, openConnections } = sessions;
  const jobs = jobWatcherOf(connections, settings, logger);
  const shared = { dataDir, settings, bus, logger, profiles, secrets, dispatcher };
  const tuning = options.transferTuning;
  const transfers = transferServiceOf({ ...shared, connections, jobs, network, tuning });
  const organisationUrl = policyInForce(policy)?.teamMonitorUrl;
  const watching = createMonitor({ ...shared, connections, jobs, organisationUrl });
  const updating = createUpdates({ ...options, ...shared, policy, transfers, jobs });
  const stops = [
    updating.stop,
    ...watching.stops,
    connections.onDidChangeState((state) => bus.emit('session:onDidChangeState', state)),
    checkOutcomesOnSignIn({ audit, logger, connections }),
    openConnections.onDidChange((list) => bus.emit('session:onDidChangeOpen', list)),
    () => openConnections.dispose(),
    jobs.onDidChange((event) => bus.emit('jobs:onDidChange', event)),
    jobs.onDidChange((event) => void audit.auditor.jobEnded(event)),
    settings.onDidChange((value) => bus.emit('settings:onDidChange', value)),
    asking.stop,
    // A higher limit of transfers at once starts queued ones at once.
    settings.onDidChange(() => transfers.applyQueueLimit()),
    transfers.onDidChange((record) => bus.emit('transfers:onDidChange', record)),
  ];
  jobs.start();
  continueLastRun({ transfers, openConnections, logger });
  const { monitor } = watching;
  const shutdown = shutdownOf({ logger, bus, connections, jobs, monitor, transfers, stops });
  return {
    logger,
    bus,
    profiles,
    profilesLoaded,
    secrets,
    connections,
    openConnections,
    jobs,
    monitor,
    settings,
    transfers,
    provenance: new PathProvenance(),
    audit: audit.trail,
    diagnostics: createDiagnostics(options, { profiles, secrets, settings, policy }),
    updates: updating.updates,
    proxyQuestions,
    shutdown,
  };
}
