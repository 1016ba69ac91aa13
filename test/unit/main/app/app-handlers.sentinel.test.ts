import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityMonitor } from '../../../../src/main/app/activity-monitor';
import { createAppHandlers } from '../../../../src/main/app/app-handlers';
import { createAppServices, type AppServices } from '../../../../src/main/app/create-app-services';
import { IpcRouter } from '../../../../src/main/services/ipc/ipc-router';
import { RedactingLogger, type LogEntry } from '../../../../src/main/services/log/logger';
import { MemorySecretStore } from '../../../../src/main/services/secrets/secret-store';
import { startEmulator, type Emulator } from '../../../../src/emulator/server';
import { INVOKE_CHANNELS } from '../../../../src/shared/ipc/contract';
import type { IpcEnvelope } from '../../../../src/shared/ipc/envelope';
import { HarnessPlatform } from '../../../harness/harness-platform';
import { APP_ORIGIN, mainFrame } from '../../../support/ipc/router-stubs';

/*
 * The whole IPC path (router, handlers, services, the in-process emulator over real HTTP)
 * driven the way a renderer would, recording every answer and every event, to show that no
 * secret ever crosses to the renderer: a sentinel API key typed by the user, and every
 * Authorization value main actually sent (tokens included).
 */
const SENTINEL = 'SENTINEL-5f2c9e1b-api-key-never-leaves-main';

/** Records the Authorization header of every request main sends. */
function recordingDispatcher(sent: Set<string>): Dispatcher {
  return new Agent().compose((dispatch) => (options, handler) => {
    const headers = options.headers;
    const pairs: [string, unknown][] = Array.isArray(headers)
      ? headers.flatMap((_, i) => (i % 2 === 0 ? [[String(headers[i]), headers[i + 1]]] : []))
      : Object.entries((headers ?? {}) as Record<string, unknown>);
    for (const [name, value] of pairs) {
      if (name.toLowerCase() === 'authorization' && typeof value === 'string') sent.add(value);
    }
    return dispatch(options, handler);
  });
}

let emulator: Emulator;
let services: AppServices;
let router: IpcRouter;
let dataDir: string;
let monitor: ActivityMonitor;
const platform = new HarnessPlatform();
const answers: IpcEnvelope[] = [];
const events: { event: string; payload: unknown }[] = [];
const authorizationSent = new Set<string>();
const logs: LogEntry[] = [];

async function call(channel: string, input?: unknown): Promise<IpcEnvelope> {
  const answer = await router.invoke(channel, input, mainFrame());
  answers.push(answer);
  return answer;
}

async function data<T>(channel: string, input?: unknown): Promise<T> {
  const answer = await call(channel, input);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.data as T;
}

async function until(condition: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

beforeAll(async () => {
  emulator = await startEmulator({ jobMs: 50 });
  dataDir = await mkdtemp(join(tmpdir(), 'databridge-ipc-'));
  services = await createAppServices({
    dataDir,
    secretStore: new MemorySecretStore(),
    logger: new RedactingLogger({ sink: (entry) => logs.push(entry), level: 'debug' }),
    dispatcher: recordingDispatcher(authorizationSent),
    startEmulator: () =>
      Promise.resolve({ baseUrl: emulator.baseUrl, close: () => Promise.resolve() }),
  });
  monitor = new ActivityMonitor({
    transfers: services.transfers,
    jobs: services.jobs,
    monitor: services.monitor,
    platform,
    provenance: services.provenance,
    settings: () => services.settings.get(),
  });
  services.bus.subscribe((event, payload) => events.push({ event, payload }));
  router = new IpcRouter({
    handlers: createAppHandlers(services, platform, {
      name: 'DataBridge Desktop',
      version: '0.0.0-test',
      platform: process.platform,
    }),
    allowedOrigins: [APP_ORIGIN],
  });
});

afterAll(async () => {
  monitor.dispose();
  await services.shutdown();
  await emulator.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the app handlers', () => {
  it('cover exactly the contract channels', () => {
    const handlers = createAppHandlers(services, platform, {
      name: 'x',
      version: '0',
      platform: 'linux',
    });
    expect(Object.keys(handlers).sort()).toEqual([...INVOKE_CHANNELS].sort());
  });
});

describe('no secret crosses IPC', () => {
  it('a sentinel API key, used, stored and failing, never appears in an answer or event', async () => {
    const sentinelProfile = await data<{ id: string }>('profiles:create', {
      name: 'Sentinel',
      target: { kind: 'custom', baseUrl: emulator.baseUrl },
      auth: { kind: 'apiKey' },
    });
    const profileId = sentinelProfile.id;
    const first = await call('session:connect', {
      profileId,
      secret: { apiKey: SENTINEL },
      remember: true,
    });
    expect(first.ok).toBe(false);
    // The stored sentinel is used again when no secret is given.
    expect((await call('session:connect', { profileId })).ok).toBe(false);
    await call('session:connect', { profileId, secret: { apiKey: SENTINEL, note: SENTINEL } });
    await call('session:connect', { profileId, secret: { password: SENTINEL } });
    await call('instances:list', { profileId });
    await call('session:getStates');
    await call('profiles:list');
    await call('profiles:duplicate', { id: profileId });
    await call('profiles:update', {
      id: profileId,
      profile: {
        name: `x${SENTINEL}`.repeat(3),
        target: sentinelProfile,
        auth: { kind: 'apiKey' },
      },
    });
    await call(`secrets:${SENTINEL}`, SENTINEL);
    await call('profiles:delete', { id: profileId });
    // The key reached the emulator, so a leak would have had something to leak.
    expect(authorizationSent.has(SENTINEL)).toBe(true);
  });

  it('tokens of a working sign-in never appear either, across resource calls and jobs', async () => {
    const tokenProfile = await data<{ id: string }>('profiles:create', {
      name: 'Token user',
      target: { kind: 'custom', baseUrl: emulator.baseUrl },
      auth: { kind: 'token', tenantName: 'demo', userName: 'admin' },
    });
    const profileId = tokenProfile.id;
    const state = await data<{ status: string }>('session:connect', {
      profileId,
      secret: { password: 'demo' },
    });
    expect(state.status).toBe('signedIn');
    const instanceName = 'sql-eu-prod-01';
    const pathParams = { instanceName };
    expect(await data<unknown[]>('instances:list', { profileId })).toHaveLength(3);
    await data('instances:get', { profileId, pathParams });
    const databases = await data<{ name: string; sizeInMb: number }[]>('databases:list', {
      profileId,
      pathParams,
    });
    await call('sessions:list', { profileId, pathParams });
    await call('logins:list', { profileId, pathParams });
    await call('clientIp:get', { profileId });
    await call('cluster:get', { profileId });
    await call('databases:get', {
      profileId,
      pathParams: { instanceName, databaseName: 'NoSuchDb' },
    });
    const small = [...databases].sort((a, b) => a.sizeInMb - b.sizeInMb)[0];
    expect(small).toBeDefined();
    const started = await data<{ jobId: string }>('databases:export', {
      profileId,
      pathParams: { instanceName, databaseName: small?.name },
      query: { exportTo: 1 },
    });
    // Main follows the job it started: events, then a notification when it ends.
    await until(
      () => platform.notifications.some((n) => n.item?.id === started.jobId),
      'the export job to end',
    );
    await call('jobs:list');
    await call('jobs:getByInstance', {
      profileId,
      pathParams: { instanceName, jobId: started.jobId },
    });
    await call('settings:update', { closeToTray: true });
    await call('app:getInfo');
    await call('transfers:list');
    await call('transfers:startImport', {
      profileId,
      instanceName,
      databaseName: 'x',
      planId: 'x',
    });
    await call('session:disconnect', { profileId });

    const tokens = [...authorizationSent]
      .filter((value) => value.startsWith('Bearer '))
      .map((value) => value.slice('Bearer '.length));
    expect(tokens.length).toBeGreaterThan(0);
    const wire = JSON.stringify({ answers, events });
    for (const token of tokens) expect(wire).not.toContain(token);
    expect(wire).not.toContain(SENTINEL);
    expect(wire).not.toContain('refreshToken');
    expect(wire).not.toContain('accessToken');
    // The job events reached the renderer's side, without the export's download URLs.
    const jobEvents = events.filter((e) => e.event === 'jobs:onDidChange');
    expect(jobEvents.length).toBeGreaterThan(0);
    expect(JSON.stringify(jobEvents)).not.toContain('downloadUris');
  });

  it('the log does not carry the sentinel either', () => {
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain(SENTINEL);
  });
});

describe('read-only connections', () => {
  it('refuse every operation but GET, before anything is sent', async () => {
    const profile = await data<{ id: string }>('profiles:create', {
      name: 'Read only',
      target: { kind: 'custom', baseUrl: emulator.baseUrl },
      auth: { kind: 'apiKey' },
      readOnly: true,
    });
    await data('session:connect', { profileId: profile.id, secret: { apiKey: 'demo-admin-key' } });
    const pathParams = { instanceName: 'sql-eu-dev-01' };
    expect((await call('databases:list', { profileId: profile.id, pathParams })).ok).toBe(true);
    const drop = await call('databases:drop', {
      profileId: profile.id,
      pathParams: { ...pathParams, databaseName: 'Anything' },
    });
    expect(drop).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(!drop.ok && drop.error.message).toContain('read-only');
  });
});
