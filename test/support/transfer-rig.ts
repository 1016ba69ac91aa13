import { join } from 'node:path';
import { Agent, type Dispatcher } from 'undici';
import { fileSafeName } from '../../src/emulator/blobs/blob-types';
import type { FileExtension } from '../../src/shared/contract/enums';
import { AppError } from '../../src/shared/errors';
import type { Profile } from '../../src/shared/model/profile';
import type { SignInState } from '../../src/shared/model/session-state';
import type { ConnectionAudit } from '../../src/main/services/audit/call-auditor';
import { TokenAuth } from '../../src/main/services/auth/token-auth';
import { createConnection, type Connection } from '../../src/main/services/connection/connection';
import { directRoute, type DirectRoute } from '../../src/main/services/http/direct-route';
import { JobWatcher } from '../../src/main/services/jobs/job-watcher';
import type { Logger } from '../../src/main/services/log/logger';
import type { PartPlanOptions } from '../../src/main/services/transfers/part-plan';
import type { RetryPolicy } from '../../src/main/services/common/retry-policy';
import type { PartEvent } from '../../src/main/services/transfers/transfer-context';
import type { ThroughputFloor } from '../../src/main/services/transfers/throughput-floor';
import type { TransferConnections } from '../../src/main/services/transfers/transfer-ports';
import type {
  SourceCloner,
  SourceFs,
  TransferDisk,
} from '../../src/main/services/transfers/transfer-disk';
import { TransferService } from '../../src/main/services/transfers/transfer-service';

/*
 * The transfer rig: the transfer engine wired as the app wires it (a ServiceClient per
 * profile, the JobWatcher, a plain dispatcher for pre-signed URLs), against any base URL: the
 * emulator in the tests, the kill-and-resume child, and the upload bench.
 */

/** The profile every engine of the rig uses. */
export const PROFILE_ID = 'profile-1';

/** How the engine signs in. */
type EngineAuth =
  | { kind: 'apiKey'; apiKey: string }
  | { kind: 'token'; tenantName: string; userName: string; password: string };

/** Options of {@link createEngine}. */
export interface EngineOptions {
  baseUrl: string;
  dataDir: string;
  auth?: EngineAuth;
  partsInFlight?: number;
  /** Connections of one large download (default: the engine's). */
  rangesInFlight?: number;
  /** Bytes of each range of such a download (default: the engine's, 64 MiB). */
  downloadSegmentBytes?: number;
  /** The service's bandwidth limit in bytes per second (default: none). */
  bandwidthLimitBytesPerSecond?: number | (() => number);
  partPlan?: PartPlanOptions;
  retry?: Partial<RetryPolicy>;
  onPartEvent?: (transferId: string, event: PartEvent) => void;
  /** Sees the headers of every request to a pre-signed URL (the URL too on the direct path). */
  onPresignedRequest?: (origin: string, headers: Record<string, string>, url?: string) => void;
  /**
   * Extra undici interceptors on the pre-signed dispatcher (to cut a download, say). Downloads
   * take the direct GET unless `directDownloads` is false: there, `directBodyBytes` cuts.
   */
  presignedInterceptors?: Dispatcher.DispatcherComposeInterceptor[];
  /** Downloads on the engine's own sockets, as in the app (default true); false: undici only. */
  directDownloads?: boolean;
  /** Sees the body total of each direct read; an error answered cuts the connection there. */
  directBodyBytes?: (total: number) => Error | undefined;
  logger?: Logger;
  progressIntervalMs?: number;
  networkRetryMs?: number;
  /** Transfers moving bytes at once (default: no limit). */
  transfersAtOnce?: () => number;
  /**
   * The dispatcher for pre-signed URLs instead of the plain agent (a proxy's); the engine
   * gets it as the app hands it its own. `presignedInterceptors` and `onPresignedRequest`
   * then do not apply to undici's requests.
   */
  presignedDispatcher?: Dispatcher;
  /** The direct route instead of the rig's (a proxy's, whose requests go through undici). */
  directRoute?: DirectRoute | false;
  /** The engine's idle-read deadline on every connection to a pre-signed host. */
  readTimeoutMs?: number;
  /** The least every request to a pre-signed host must move (default: the engine's). */
  throughputFloor?: ThroughputFloor;
  /** Where the engine writes journals and downloads (a disk that fills up). */
  disk?: TransferDisk;
  /** How the engine reads an import's source while planning it (a counting one). */
  sourceFs?: SourceFs;
  /**
   * Whether an upload reads a clone of its source where one can be made. Off unless a test
   * turns it on (the app's default is on): with it, what a test of the file's own checks sees
   * would depend on whether the temporary folder's file system clones (Btrfs) or not.
   */
  cloneSources?: boolean;
  /** How those clones are made (default: the engine's, a real copy-on-write clone or none). */
  cloner?: SourceCloner;
  /** Records the connection's changes (an audit trail's auditor); default: none. */
  audit?: ConnectionAudit;
}

/**
 * The ConnectionManager's part the engine uses, over one connection: signed in while
 * `connected`, with the auth provider's state and change events.
 */
class SingleConnection implements TransferConnections {
  #connected = true;
  readonly #listeners = new Set<(state: SignInState) => void>();

  constructor(readonly connection: Connection) {
    connection.auth.onDidChangeState((state) => this.#emit(state));
  }

  get(): { client: Connection['client'] } {
    if (!this.#connected) {
      throw new AppError({ code: 'AUTH_REQUIRED', message: 'Not connected (test).' });
    }
    return this.connection;
  }

  state(): SignInState {
    const state = this.connection.auth.state;
    return this.#connected ? state : { ...state, status: 'signedOut' };
  }

  onDidChangeState(listener: (state: SignInState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Signs out (as ConnectionManager.disconnect): calls fail with AUTH_REQUIRED. */
  disconnect(): void {
    this.#connected = false;
    this.#emit(this.state());
  }

  /** Signs in again: with the password for token profiles, at once for API keys. */
  async signIn(password?: string): Promise<void> {
    const auth = this.connection.auth;
    this.#connected = true;
    if (auth instanceof TokenAuth) await auth.signIn(password ?? '');
    else this.#emit(this.state());
  }

  #emit(state: SignInState): void {
    for (const listener of [...this.#listeners]) listener(state);
  }
}

function headerRecord(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) {
      out[String(headers[i]).toLowerCase()] = String(headers[i + 1]);
    }
  } else if (headers && typeof headers === 'object') {
    for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = String(value);
  }
  return out;
}

/** A plain dispatcher for pre-signed URLs, optionally reporting what each request carries. */
function presignedDispatcher(
  onRequest?: EngineOptions['onPresignedRequest'],
  interceptors: Dispatcher.DispatcherComposeInterceptor[] = [],
): Dispatcher {
  const agent = new Agent({ connections: 16 });
  const all = [...interceptors];
  if (onRequest) {
    all.push((dispatch) => (opts, handler) => {
      onRequest(String(opts.origin), headerRecord(opts.headers));
      return dispatch(opts, handler);
    });
  }
  return all.length === 0 ? agent : agent.compose(...all);
}

/** The app's direct route (no proxy: loopback), with the test's hooks. */
function directRouteOf(options: EngineOptions): DirectRoute | false {
  if (options.directRoute !== undefined) return options.directRoute;
  if (options.directDownloads === false) return false;
  return {
    ...directRoute({ env: {} }),
    ...(options.onPresignedRequest ? { onRequest: options.onPresignedRequest } : {}),
    ...(options.directBodyBytes ? { onBodyBytes: options.directBodyBytes } : {}),
  };
}

function profileFor(baseUrl: string, auth: EngineAuth): Profile {
  const at = new Date().toISOString();
  return {
    id: PROFILE_ID,
    name: 'Test',
    target: { kind: 'custom', baseUrl },
    auth:
      auth.kind === 'apiKey'
        ? { kind: 'apiKey' }
        : { kind: 'token', tenantName: auth.tenantName, userName: auth.userName },
    color: '#1f6feb',
    readOnly: false,
    isEmulator: false,
    createdAt: at,
    updatedAt: at,
  };
}

/** The engine and what it runs on. */
export interface Engine {
  service: TransferService;
  connections: SingleConnection;
  watcher: JobWatcher;
  dispatcher: Dispatcher;
  close(): Promise<void>;
}

/** Builds a signed-in engine against `options.baseUrl` (the emulator's `{base_url}`). */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  const auth = options.auth ?? { kind: 'apiKey', apiKey: 'demo-contributor-key' };
  const origin = new URL(options.baseUrl).origin;
  const dispatcher = new Agent({ connections: 8 });
  const connection = createConnection(
    profileFor(options.baseUrl, auth),
    auth.kind === 'apiKey' ? { apiKey: auth.apiKey } : { password: auth.password },
    {
      endpoints: { baseUrl: options.baseUrl, authUrl: `${origin}/sml/auth/v1` },
      dispatcher,
      logger: options.logger ?? silent,
      sessionOnly: true,
      ...(options.audit ? { audit: options.audit } : {}),
    },
  );
  const connections = new SingleConnection(connection);
  if (auth.kind === 'token') await connections.signIn(auth.password);
  const watcher = new JobWatcher({
    clientFor: () => {
      connections.get();
      return connection.client;
    },
    minDelayMs: 100,
    maxDelayMs: 400,
  });
  watcher.start();
  const presigned =
    options.presignedDispatcher ??
    presignedDispatcher(options.onPresignedRequest, options.presignedInterceptors);
  const service = new TransferService({
    dataDir: options.dataDir,
    connections,
    jobWatcher: watcher,
    dispatcher: presigned,
    directRoute: directRouteOf(options),
    ...(options.partsInFlight === undefined ? {} : { partsInFlight: options.partsInFlight }),
    ...(options.rangesInFlight === undefined ? {} : { rangesInFlight: options.rangesInFlight }),
    ...(options.downloadSegmentBytes ? { downloadSegmentBytes: options.downloadSegmentBytes } : {}),
    ...(options.partPlan ? { partPlan: options.partPlan } : {}),
    ...(options.bandwidthLimitBytesPerSecond === undefined
      ? {}
      : { bandwidthLimitBytesPerSecond: options.bandwidthLimitBytesPerSecond }),
    retry: { baseDelayMs: 50, maxDelayMs: 1000, ...options.retry },
    ...(options.onPartEvent ? { onPartEvent: options.onPartEvent } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.progressIntervalMs === undefined
      ? {}
      : { progressIntervalMs: options.progressIntervalMs }),
    ...(options.networkRetryMs === undefined ? {} : { networkRetryMs: options.networkRetryMs }),
    ...(options.transfersAtOnce ? { transfersAtOnce: options.transfersAtOnce } : {}),
    ...(options.readTimeoutMs === undefined ? {} : { readTimeoutMs: options.readTimeoutMs }),
    ...(options.throughputFloor ? { throughputFloor: options.throughputFloor } : {}),
    ...(options.disk ? { disk: options.disk } : {}),
    ...(options.sourceFs ? { sourceFs: options.sourceFs } : {}),
    cloneSources: options.cloneSources ?? false,
    ...(options.cloner ? { cloner: options.cloner } : {}),
  });
  return {
    service,
    connections,
    watcher,
    dispatcher: presigned,
    close: async () => {
      await service.dispose();
      watcher.dispose();
      connection.auth.dispose();
      await dispatcher.close();
      await presigned.close();
    },
  };
}

const silent: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** Where the emulator started with `dataDir` keeps the last completed upload of a database. */
export function assembledPath(
  emulatorDataDir: string,
  instance: string,
  database: string,
  ext: FileExtension,
): string {
  return join(emulatorDataDir, 'files', fileSafeName(instance), `${fileSafeName(database)}.${ext}`);
}

/** Polls `check` until it answers true, failing after `timeoutMs`. */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
