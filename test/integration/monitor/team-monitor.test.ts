import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcEnvelope } from '../../../src/shared/ipc/envelope';
import type { BlockingAlert, InstanceMonitorState } from '../../../src/shared/model/monitor';
import { PolicySchema, type PolicyState } from '../../../src/shared/model/policy';
import { createAppHandlers } from '../../../src/main/app/app-handlers';
import { createAppServices, type AppServices } from '../../../src/main/app/create-app-services';
import { parseServeArgs, type ServeSettings } from '../../../src/main/cli/monitor-serve/serve-args';
import { startServe, type RunningServe } from '../../../src/main/cli/monitor-serve/serve-monitor';
import { IpcRouter } from '../../../src/main/services/ipc/ipc-router';
import { RedactingLogger, type LogEntry } from '../../../src/main/services/log/logger';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { HarnessPlatform } from '../../harness/harness-platform';
import { APP_ORIGIN, mainFrame } from '../../support/ipc/router-stubs';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';

/*
 * The app reading a team monitor instead of the service, over real HTTP: a `monitor serve`
 * samples one emulator (the team's), and the app's profile points at a second emulator (its
 * own service) with the team monitor's URL and token. The app's monitor gets the demo's
 * blocking chain from the team monitor and raises its alert, while the app's service sees
 * no session read; a wrong token and an unreachable team monitor show as not sampled with an
 * error naming the URL; and the token never appears in an IPC answer, an event or a log line.
 */

const TOKEN = 'team-token-SENTINEL-7d1a-never-leaves-main';
const WRONG = 'wrong-token-SENTINEL-93c0-never-leaves-main';
const PROD = 'sql-eu-prod-01';
/** The app's own service reads of sessions and jobs: none may happen for a team profile. */
const SERVICE_READS = /GET \/databridge\/v1\/sql-instances\/[^/ ]+\/(sessions|jobs)/;

let teamService: RecordingEmulator;
let appService: RecordingEmulator;
let serve: RunningServe;
let services: AppServices;
let router: IpcRouter;
let dir: string;
const answers: IpcEnvelope[] = [];
const events: { event: string; payload: unknown }[] = [];
const appLogs: LogEntry[] = [];
const serveLogs: LogEntry[] = [];

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

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The app's monitor state of prod, once `accept` takes it. */
function prodState(accept: (state: InstanceMonitorState) => boolean, what: string) {
  return until(async () => {
    const list = await data<{ watched: InstanceMonitorState[] }>('monitor:list');
    const prod = list.watched.find((s) => s.instanceName === PROD);
    return prod && accept(prod) ? prod : undefined;
  }, what);
}

async function startTeamMonitor(): Promise<RunningServe> {
  const env = { DATABRIDGE_API_KEY: 'demo-admin-key', TEAM_TOKEN: TOKEN };
  const argv = ['monitor', 'serve', '--base-url', teamService.emulator.baseUrl];
  argv.push('--listen', '127.0.0.1:0', '--interval', '1', '--token-env', 'TEAM_TOKEN');
  argv.push('--history-dir', join(dir, 'team-history'));
  const settings = (await parseServeArgs(argv, env)) as ServeSettings;
  return startServe(settings, {
    env,
    logger: new RedactingLogger({ sink: (entry) => serveLogs.push(entry), level: 'debug' }),
    secretStore: () => new MemorySecretStore(),
  });
}

/** The app's services and IPC router, under `policy` when given (none otherwise). */
async function startApp(policy?: PolicyState): Promise<void> {
  services = await createAppServices({
    dataDir: join(dir, 'app'),
    secretStore: new MemorySecretStore(),
    logger: new RedactingLogger({ sink: (entry) => appLogs.push(entry), level: 'debug' }),
    startEmulator: () => Promise.reject(new Error('no built-in emulator here')),
    ...(policy ? { policy } : {}),
  });
  await services.settings.update({ sessionRefreshSeconds: 1, blockingAlertSeconds: 30 });
  services.bus.subscribe((event, payload) => events.push({ event, payload }));
  router = new IpcRouter({
    handlers: createAppHandlers(services, new HarnessPlatform(), {
      name: 'DataBridge Desktop',
      version: '0.0.0-test',
      platform: process.platform,
    }),
    allowedOrigins: [APP_ORIGIN],
  });
}

beforeEach(async () => {
  teamService = await startRecordingEmulator();
  appService = await startRecordingEmulator();
  dir = await mkdtemp(join(tmpdir(), 'databridge-team-'));
  serve = await startTeamMonitor();
  await startApp();
});

afterEach(async () => {
  await services.shutdown();
  await serve.close();
  await appService.close();
  await teamService.close();
  await rm(dir, { recursive: true, force: true });
  for (const list of [answers, events, appLogs, serveLogs]) list.length = 0;
});

/** Creates the profile of the app's service, reading the team monitor, and signs it in. */
async function teamProfile(token: string): Promise<string> {
  const profile = await data<{ id: string }>('profiles:create', {
    name: 'Team',
    target: { kind: 'custom', baseUrl: appService.emulator.baseUrl },
    auth: { kind: 'apiKey' },
    teamMonitor: { url: serve.url },
  });
  const status = await data<{ hasToken: boolean }>('profiles:setTeamMonitorToken', {
    profileId: profile.id,
    token,
  });
  expect(status.hasToken).toBe(true);
  await data('session:connect', { profileId: profile.id, secret: { apiKey: 'demo-admin-key' } });
  return profile.id;
}

/** No secret of the team monitor in anything that left main or was logged. */
function expectNoToken(): void {
  const seen = JSON.stringify({ answers, events, appLogs, serveLogs });
  expect(seen).not.toContain(TOKEN);
  expect(seen).not.toContain(WRONG);
}

describe('the app reading a team monitor', () => {
  it('gets the blocking chain from the team monitor and never reads its own service for it', async () => {
    const profileId = await teamProfile(TOKEN);
    const prod = await prodState((s) => s.latest !== undefined, 'a sample of prod');
    // The demo's chain on prod: one head blocking two sessions.
    expect(prod.latest?.blocked).toBe(2);
    expect(prod.heads[0]?.blockedCount).toBe(2);
    expect(prod.teamMonitorUrl).toBe(serve.url);
    expect(prod.health).toBe('blocking');
    const alert = await until(
      () =>
        Promise.resolve(
          events.find(
            (e) =>
              e.event === 'monitor:onDidRaiseBlockingAlert' &&
              (e.payload as BlockingAlert).instanceName === PROD,
          )?.payload as BlockingAlert | undefined,
        ),
      'the blocking alert',
    );
    expect(alert.heads[0]?.blockedCount).toBe(2);
    const sessions = await data<{ sessions: { blockingSessionId: number }[] }>(
      'monitor:getSessions',
      { profileId, instanceName: PROD },
    );
    expect(sessions.sessions.filter((s) => s.blockingSessionId > 0)).toHaveLength(2);
    // Some intervals later, count: the team's service was read, the app's never.
    const firstAt = prod.latest?.at ?? 0;
    await prodState((s) => (s.latest?.at ?? 0) >= firstAt + 2000, 'two more seconds of samples');
    expect(
      teamService.count(/GET \/databridge\/v1\/sql-instances\/sql-eu-prod-01\/sessions /),
    ).toBeGreaterThan(0);
    expect(appService.count(SERVICE_READS)).toBe(0);
    expectNoToken();
  });

  it('shows a wrong token and an unreachable team monitor as not sampled, naming the URL', async () => {
    const profileId = await teamProfile(WRONG);
    const refused = await prodState((s) => s.problem !== undefined, 'the refused token');
    expect(refused.health).toBe('stale');
    expect(refused.latest).toBeUndefined();
    expect(refused.problem).toContain(`The team monitor at ${serve.url} refused the bearer token`);
    expect(refused.problem).toMatch(/clear the team monitor URL/);

    // The right token, then a team monitor that is gone: no silent fallback to the service.
    await data('profiles:setTeamMonitorToken', { profileId, token: TOKEN });
    await prodState((s) => s.latest?.blocked === 2, 'a sample with the right token');
    const url = serve.url;
    await serve.close();
    serve = await startTeamMonitor();
    const gone = await prodState((s) => /did not answer/.test(s.problem ?? ''), 'unreachable');
    expect(gone.problem).toContain(`The team monitor at ${url} did not answer`);
    expect(gone.problem).toMatch(/Check the team monitor URL/);
    expect(appService.count(SERVICE_READS)).toBe(0);

    // Clearing the URL removes the token given for it, and the app reads its service again.
    await data('profiles:update', {
      id: profileId,
      profile: {
        name: 'Team',
        target: { kind: 'custom', baseUrl: appService.emulator.baseUrl },
        auth: { kind: 'apiKey' },
      },
    });
    expect(await services.secrets.getTeamMonitorToken(profileId, new URL(url).origin)).toBe(
      undefined,
    );
    const direct = await prodState(
      (s) => s.teamMonitorUrl === undefined && s.latest?.blocked === 2,
      'a sample read from the service itself',
    );
    expect(direct.health).toBe('blocking');
    expect(appService.count(SERVICE_READS)).toBeGreaterThan(0);
    expectNoToken();
  });

  it("reads the team monitor the organisation's policy names for a profile that names none", async () => {
    await services.shutdown();
    const policy = PolicySchema.parse({ version: 1, teamMonitorUrl: serve.url });
    await startApp({ status: 'ok', path: join(dir, 'policy.json'), policy });
    const profile = await data<{ id: string }>('profiles:create', {
      name: 'Team',
      target: { kind: 'custom', baseUrl: appService.emulator.baseUrl },
      auth: { kind: 'apiKey' },
    });
    // The token is bound to the organisation's team monitor, as to a profile's own.
    const status = await data<{ hasToken: boolean }>('profiles:setTeamMonitorToken', {
      profileId: profile.id,
      token: TOKEN,
    });
    expect(status.hasToken).toBe(true);
    await data('session:connect', { profileId: profile.id, secret: { apiKey: 'demo-admin-key' } });
    const prod = await prodState((s) => s.latest?.blocked === 2, 'a sample of prod');
    expect(prod.teamMonitorUrl).toBe(serve.url);
    expect(appService.count(SERVICE_READS)).toBe(0);
    expectNoToken();
  });
});
