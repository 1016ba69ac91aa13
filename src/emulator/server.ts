import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createEmulatorCore, type EmulatorCore } from './core';
import type { FaultConfig, FaultSwitches } from './faults';
import { SEED_NAMES, type SeedName } from './seed/seed';

/** How to start an emulator (the CLI's flags map onto these; see args/operation-args.ts). */
export interface EmulatorOptions {
  /** Default 0 in-process (a free port); the CLI defaults to 7420. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 'demo'. */
  seed?: SeedName;
  /** Default: a new temporary folder, removed on close() if the emulator made it. */
  dataDir?: string;
  /** Typical job duration in ms, default 3000 (tests pass ~50..200). */
  jobMs?: number;
  /** Access-token lifetime in seconds, default 3600. */
  tokenTtlSec?: number;
  /** Pre-signed URL lifetime in seconds, default 900. */
  urlTtlSec?: number;
  /** Smallest part but the last, bytes, default 5 MiB. */
  minPartSize?: number;
  /** Cap on an exported file's size in MiB, default 16 (the download bench raises it). */
  maxExportMib?: number;
  faults?: Partial<FaultConfig>;
  /** Clock, default Date.now. */
  now?: () => number;
  /** Request log, default none in-process. */
  log?: (line: string) => void;
  /**
   * Told of each request as it arrives ("METHOD /path"), before any latency fault holds it
   * (the log tells of it once answered): a test can act while a request is on its way.
   */
  onReceived?: (line: string) => void;
}

/** The jobs' switch on a running emulator. */
interface JobSwitches {
  /** Jobs started from now on stay in Processing until {@link release}. */
  hold(): void;
  /** Held jobs finish and new ones run their course again. */
  release(): void;
  /** True between hold() and release(). */
  readonly holding: boolean;
}

/** A running emulator. */
export interface Emulator {
  /** `http://127.0.0.1:PORT` (origin). */
  url: string;
  /** url + '/databridge' (the service's {base_url}). */
  baseUrl: string;
  /** url + '/sml/auth/v1' (the token service's {auth_url}). */
  authUrl: string;
  faults: FaultSwitches;
  /** Holds jobs in flight: what a test that looks at a running job uses instead of long jobs. */
  jobs: JobSwitches;
  /** Stops timers, closes sockets, removes its temporary data folder. */
  close(): Promise<void>;
}

function checkOptions(options: EmulatorOptions): void {
  const counts: [string, number | undefined][] = [
    ['port', options.port],
    ['jobMs', options.jobMs],
    ['tokenTtlSec', options.tokenTtlSec],
    ['urlTtlSec', options.urlTtlSec],
    ['minPartSize', options.minPartSize],
    ['maxExportMib', options.maxExportMib],
  ];
  for (const [name, value] of counts) {
    if (value !== undefined && (!Number.isFinite(value) || value < 0)) {
      throw new RangeError(`Emulator option ${name} must be a number of 0 or more`);
    }
  }
  if (options.seed !== undefined && !SEED_NAMES.includes(options.seed)) {
    throw new RangeError(`Emulator option seed must be one of ${SEED_NAMES.join(', ')}`);
  }
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * What a request's log line says it was answered: the status sent, `-` when no status line
 * went out, and `aborted` when the connection closed before the answer was finished (the
 * client went away, or a reset fault cut it). `res.statusCode` alone would not do: it reads
 * 200 until a handler sets another, so a part upload cut off mid-body looked served.
 */
function answeredText(res: ServerResponse): string {
  const status = res.headersSent ? String(res.statusCode) : '-';
  return res.writableFinished ? status : `${status} aborted`;
}

function requestLogger(
  log: (line: string) => void,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const started = Date.now();
  // Path only: the query of a pre-signed URL carries its signature.
  const path = (req.url ?? '').split('?')[0] ?? '';
  res.once('close', () =>
    log(`${req.method ?? '?'} ${path} ${answeredText(res)} ${Date.now() - started}ms`),
  );
}

/**
 * Starts the emulator of the service on `host:port`: every operation of the interface, the
 * token service, and the pre-signed blob URLs, on one node:http server with keep-alive.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  checkOptions(options);
  const madeDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'databridge-emulator-')));
  let origin = '';
  const core = createEmulatorCore({ ...options, dataDir, origin: () => origin });
  const server = createServer({ keepAlive: true }, (req, res) => {
    if (options.log) requestLogger(options.log, req, res);
    options.onReceived?.(`${req.method ?? '?'} ${req.url ?? ''}`);
    serve(core, req, res).catch((error: unknown) => {
      (options.log ?? console.error)(`emulator bug: ${String(error)}`);
      res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  let address: AddressInfo;
  try {
    address = await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  } catch (error) {
    await core.close();
    if (madeDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await core.close();
      server.closeAllConnections();
      await closed;
      if (madeDataDir) await rm(dataDir, { recursive: true, force: true });
    })();
    return closing;
  };
  const { faults, jobs: runner } = core;
  const jobs: JobSwitches = {
    hold: () => runner.hold(),
    release: () => runner.release(),
    get holding() {
      return runner.holding;
    },
  };
  return {
    url: origin,
    baseUrl: `${origin}/databridge`,
    authUrl: `${origin}/sml/auth/v1`,
    faults,
    jobs,
    close,
  };
}

/** One request: the added latency, then the blob routes, then the service's operations. */
async function serve(core: EmulatorCore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const latency = core.faults.config.latencyMs;
  if (latency > 0) await delay(latency);
  if (await core.blobs.handle(req, res)) return;
  await core.router.handle(req, res);
}
