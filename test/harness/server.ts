import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { ActivityMonitor } from '../../src/main/app/activity-monitor';
import { createAppHandlers } from '../../src/main/app/app-handlers';
import {
  createAppServices,
  type AppServices,
  type TransferTuning,
} from '../../src/main/app/create-app-services';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/server';
import { IpcRouter } from '../../src/main/services/ipc/ipc-router';
import { silentLogger, type Logger } from '../../src/main/services/log/logger';
import { MemorySecretStore, type SecretStore } from '../../src/main/services/secrets/secret-store';
import { HARNESS_IPC_PATH } from '../../src/shared/ipc/harness-wire';
import type { UpdaterSetup } from '../../src/main/app/create-updates';
import { loadPolicy } from '../../src/main/services/policy/policy-loader';
import { POLICY_DIR_ENV } from '../../src/main/services/policy/policy-paths';
import { HarnessFileDialogs, type HarnessFileDialogsOptions } from './harness-file-dialogs';
import { HarnessPlatform } from './harness-platform';
import { fileUnder, indexWithToken, sendFile } from './static-files';
import { attachIpcSocket } from './ipc-socket';

/** Options of {@link startHarness}. */
export interface HarnessOptions {
  /** The built renderer (default `out/renderer`, from `npm run build`). */
  readonly rendererDir?: string;
  /** Default 0: a free port. */
  readonly port?: number;
  readonly logger?: Logger;
  /**
   * The built-in "Local emulator" connection's emulator (default: demo data, jobs of
   * {@link HARNESS_JOB_MS}; a test that needs a job in flight holds it with `emulator.jobs`).
   */
  readonly emulator?: EmulatorOptions;
  /** Transfer engine tuning (tests use small parts so that files of a few MiB have several). */
  readonly transfers?: TransferTuning;
  /** Where the app keeps secrets (default: in memory); a test hands in one it can inspect. */
  readonly secretStore?: SecretStore;
  /**
   * The app's data folder, kept on close (default: a temporary one, removed on close). A test
   * that restarts the app starts a second harness on the first one's folder and secret store.
   */
  readonly dataDir?: string;
  /**
   * The file browser that stands in for native dialogs (`npm run harness` turns it on): the
   * folders it may show. Off by default: tests queue their dialog answers instead, and a
   * dialog with nothing queued fails at once rather than waiting for a person.
   */
  readonly fileBrowser?: HarnessFileDialogsOptions;
  /**
   * A folder with a machine policy (`policy.json`), read as DATABRIDGE_POLICY_DIR is: only
   * where this machine has no system policy. Default: the machine's policy, as the app reads it.
   */
  readonly policyDir?: string;
  /**
   * How the app believes it was installed, and its updater: tests give a packaged kind and
   * the scripted engine (harness-updater.ts). Default: a copy run from source, which never
   * checks for updates.
   */
  readonly updater?: UpdaterSetup;
}

/** A running harness. */
export interface Harness {
  /** The page to open, token included: `http://127.0.0.1:PORT/?token=...`. */
  readonly url: string;
  readonly origin: string;
  /** The page's token: opens the page and its IPC socket. The page holds it. */
  readonly token: string;
  /**
   * The test runner's token: the only one that answers the dialog stand-in. It is never
   * served, so a page (however compromised) cannot choose files for itself.
   */
  readonly dialogToken: string;
  readonly services: AppServices;
  readonly platform: HarnessPlatform;
  /** The emulator behind the "Local emulator" connection (tests flip its faults). */
  readonly emulator: Emulator;
  /** The app's data folder (a temporary one removed on close, unless the test gave it). */
  readonly dataDir: string;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

/** The app's version in the harness (About box, the updater's "current" version). */
const HARNESS_VERSION = '0.0.0-harness';

/** The harness emulator's typical job length: short, so tests that follow a job do not wait. */
const HARNESS_JOB_MS = 300;

function sameToken(given: string | null | undefined, token: string): boolean {
  if (typeof given !== 'string' || given.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(token));
}

/**
 * The browser harness (tests and `npm run harness`, never packaged): serves the built
 * renderer and runs the app's real services behind the same IpcRouter as Electron, over a
 * WebSocket. Loopback only; the page and the socket require the per-run page token, the
 * dialog stand-in a second token only the test runner has, and the socket also the harness's
 * own Origin and Host (so another local page or a DNS-rebinding site cannot drive it).
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const rendererDir = options.rendererDir ?? resolve(import.meta.dirname, '../../out/renderer');
  await readFile(join(rendererDir, 'index.html')).catch(() => {
    throw new Error(`No built renderer in ${rendererDir}: run "npm run build" first.`);
  });
  const logger = options.logger ?? silentLogger;
  const token = randomBytes(24).toString('hex');
  const dialogToken = randomBytes(24).toString('hex');
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'databridge-harness-')));
  const emulator = await startEmulator({
    seed: 'demo',
    jobMs: HARNESS_JOB_MS,
    ...options.emulator,
  });
  const services = await createAppServices({
    dataDir,
    secretStore: options.secretStore ?? new MemorySecretStore(),
    logger,
    // The harness owns the emulator (tests reach its faults) and closes it itself.
    startEmulator: () =>
      Promise.resolve({ baseUrl: emulator.baseUrl, close: () => Promise.resolve() }),
    ...(options.transfers ? { transferTuning: options.transfers } : {}),
    ...(options.updater ? { updater: options.updater, appVersion: HARNESS_VERSION } : {}),
    ...(options.policyDir === undefined
      ? {}
      : {
          policy: await loadPolicy({
            platform: process.platform,
            env: { ...process.env, [POLICY_DIR_ENV]: options.policyDir },
          }),
        }),
  });
  const fileDialogs = options.fileBrowser && new HarnessFileDialogs(options.fileBrowser);
  const platform = new HarnessPlatform({ fileDialogs });
  // It follows the services' own events: transfers, jobs, monitor.
  const monitor = new ActivityMonitor({
    ...services,
    platform,
    settings: () => services.settings.get(),
  });
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(options.port ?? 0, HOST, done));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${HOST}:${port}`;
  const router = new IpcRouter({
    handlers: createAppHandlers(services, platform, {
      name: 'DataBridge Desktop',
      version: HARNESS_VERSION,
      platform: process.platform,
    }),
    allowedOrigins: [origin],
    logger,
  });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  server.on('request', (req, res) => {
    void serveHttp(req, res, { rendererDir, token, dialogToken, platform }).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', origin);
    const allowed =
      url.pathname === HARNESS_IPC_PATH &&
      sameToken(url.searchParams.get('token'), token) &&
      req.headers.origin === origin &&
      req.headers.host === `${HOST}:${port}`;
    if (!allowed) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws: WebSocket) =>
      attachIpcSocket({ ws, router, bus: services.bus, origin, logger, fileDialogs }),
    );
  });
  const close = async (): Promise<void> => {
    fileDialogs?.dispose();
    for (const client of sockets.clients) client.terminate();
    sockets.close();
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    monitor.dispose();
    await services.shutdown();
    await emulator.close();
    if (options.dataDir === undefined) await rm(dataDir, { recursive: true, force: true });
  };
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    dialogToken,
    services,
    platform,
    emulator,
    dataDir,
    close,
  };
}

async function serveHttp(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: { rendererDir: string; token: string; dialogToken: string; platform: HarnessPlatform },
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://harness.invalid');
  if (url.pathname.startsWith('/__harness/')) {
    await serveTestEndpoint(req, res, url, ctx);
    return;
  }
  if (req.method !== 'GET') {
    res.writeHead(405).end();
    return;
  }
  if (url.pathname === '/' || url.pathname === '/index.html') {
    // The page carries the token, so it is served only to whoever already has it.
    if (!sameToken(url.searchParams.get('token'), ctx.token)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Open the URL the harness printed.');
      return;
    }
    sendFile(res, 'index.html', await indexWithToken(ctx.rendererDir, ctx.token));
    return;
  }
  const file = fileUnder(ctx.rendererDir, url.pathname);
  const body = file ? await readFile(file).catch(() => undefined) : undefined;
  if (!file || !body) {
    res.writeHead(404).end();
    return;
  }
  sendFile(res, file, body);
}

/** The header that carries the test runner's token to the dialog stand-in. */
export const DIALOG_TOKEN_HEADER = 'x-harness-dialog-token';

/**
 * `POST /__harness/dialog` `{ files: string[] } | { folder: string | null }`: the next dialog's
 * answer. A dialog answer picks the files main will read, as the user would in a native
 * dialog, so it takes the runner's token: the page's own token (which a page script can read
 * from its meta tag) is refused, or a compromised page could choose files for itself.
 */
async function serveTestEndpoint(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: { dialogToken: string; platform: HarnessPlatform },
): Promise<void> {
  const given = req.headers[DIALOG_TOKEN_HEADER];
  if (!sameToken(typeof given === 'string' ? given : undefined, ctx.dialogToken)) {
    res.writeHead(401).end();
    return;
  }
  if (req.method !== 'POST' || url.pathname !== '/__harness/dialog') {
    res.writeHead(404).end();
    return;
  }
  let text = '';
  for await (const chunk of req) text += String(chunk);
  const body = JSON.parse(text) as { files?: unknown; folder?: unknown; saveFile?: unknown };
  if (Array.isArray(body.files) && body.files.every((f) => typeof f === 'string')) {
    ctx.platform.queueFiles(body.files);
  } else if (body.folder === null || typeof body.folder === 'string') {
    ctx.platform.queueFolder(body.folder ?? undefined);
  } else if (body.saveFile === null || typeof body.saveFile === 'string') {
    ctx.platform.queueSaveFile(body.saveFile ?? undefined);
  } else {
    res
      .writeHead(400)
      .end('Send { files: string[] }, { folder: string | null } or { saveFile: string | null }');
    return;
  }
  res.writeHead(204).end();
}
