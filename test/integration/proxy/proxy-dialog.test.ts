import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcEnvelope } from '../../../src/shared/ipc/envelope';
import type { ProxyQuestions } from '../../../src/shared/ipc/proxy-channels';
import { createAppHandlers } from '../../../src/main/app/app-handlers';
import { createAppServices, type AppServices } from '../../../src/main/app/create-app-services';
import { IpcRouter } from '../../../src/main/services/ipc/ipc-router';
import { RedactingLogger, type LogEntry } from '../../../src/main/services/log/logger';
import {
  basicToken,
  ProxyCredentialStore,
} from '../../../src/main/services/proxy/proxy-credentials';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { HarnessPlatform } from '../../harness/harness-platform';
import { startForwardProxy, type ForwardProxy } from '../../support/forward-proxy';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { APP_ORIGIN, mainFrame } from '../../support/ipc/router-stubs';

/*
 * The app behind a proxy that asks for a user name and password, over real HTTP: the app's
 * settings name the proxy, and a sign-in to the emulator goes through it. The proxy's 407
 * becomes a question the window sees (`proxy:onDidChangeQuestions`, `proxy:getQuestions`);
 * the window's answer (`proxy:answer`) lets the sign-in through and is kept in the keychain,
 * bound to the proxy, so the next sign-in is not asked; a declined question fails the sign-in
 * saying so. The password never leaves main: no answer, event or log line holds it.
 */

const GOOD = { user: 'alice', password: 'proxy-pw-SENTINEL-5e1b-never-leaves-main' };

let emulator: RecordingEmulator;
let proxy: ForwardProxy;
let dir: string;

beforeAll(async () => {
  emulator = await startRecordingEmulator();
  proxy = await startForwardProxy({ challenges: ['Basic realm="corp"'], accept: basicToken(GOOD) });
  dir = await mkdtemp(join(tmpdir(), 'databridge-proxy-dialog-'));
});

afterAll(async () => {
  await proxy.close();
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * The app's services under settings that name the proxy, with its router and what it said;
 * `deadlineMs` shortens the deadline of the connections' calls (30 s by default).
 */
async function startApp(name: string, secretStore: MemorySecretStore, deadlineMs?: number) {
  const dataDir = join(dir, name);
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ proxyUrl: proxy.url }));
  const logs: LogEntry[] = [];
  const services: AppServices = await createAppServices({
    dataDir,
    secretStore,
    logger: new RedactingLogger({ sink: (entry) => logs.push(entry), level: 'debug' }),
    startEmulator: () => Promise.reject(new Error('no built-in emulator here')),
    policy: { status: 'absent', path: join(dir, 'no-policy.json') },
    ...(deadlineMs === undefined ? {} : { serviceLimits: { deadlineMs } }),
  });
  const events: unknown[] = [];
  services.bus.subscribe((event, payload) => events.push({ event, payload }));
  const router = new IpcRouter({
    handlers: createAppHandlers(services, new HarnessPlatform(), {
      name: 'DataBridge Desktop',
      version: '0.0.0-test',
      platform: process.platform,
    }),
    allowedOrigins: [APP_ORIGIN],
  });
  const answers: IpcEnvelope[] = [];
  const call = async (channel: string, input?: unknown): Promise<IpcEnvelope> => {
    const answer = await router.invoke(channel, input, mainFrame());
    answers.push(answer);
    return answer;
  };
  const data = async <T>(channel: string, input?: unknown): Promise<T> => {
    const answer = await call(channel, input);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
    return answer.data as T;
  };
  const profile = await data<{ id: string }>('profiles:create', {
    name: 'Behind the proxy',
    target: { kind: 'custom', baseUrl: emulator.emulator.baseUrl },
    auth: { kind: 'apiKey' },
  });
  const said = (): string => JSON.stringify({ answers, events, logs });
  return { services, call, data, profileId: profile.id, said };
}

/** The question the window is shown, once main has asked it. */
async function questionOf(app: Awaited<ReturnType<typeof startApp>>): Promise<string> {
  for (let tries = 0; tries < 400; tries += 1) {
    const { questions } = await app.data<ProxyQuestions>('proxy:getQuestions');
    const [first] = questions;
    if (first) {
      expect(first.proxy).toBe(proxy.url);
      return first.questionId;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The proxy was never asked about');
}

describe('a proxy that asks the app for a user name and password', () => {
  it('asks the window once, keeps the answer for that proxy, and the next sign-in is not asked', async () => {
    const keychain = new MemorySecretStore();
    const app = await startApp('first', keychain);
    try {
      const connecting = app.call('session:connect', {
        profileId: app.profileId,
        secret: { apiKey: 'demo-admin-key' },
      });
      const questionId = await questionOf(app);
      expect(app.said()).toContain('proxy:onDidChangeQuestions');
      const left = await app.data<ProxyQuestions>('proxy:answer', {
        questionId,
        credentials: GOOD,
      });
      expect(left.questions).toEqual([]);
      const connected = await connecting;
      expect(connected.ok).toBe(true);
      expect(await new ProxyCredentialStore(keychain).get(proxy.url)).toEqual(GOOD);
      expect(proxy.authorizations).toContain(basicToken(GOOD));
      expect(app.said()).not.toContain(GOOD.password);
    } finally {
      await app.services.shutdown();
    }

    // A new run with the same keychain: through the proxy without a question.
    const again = await startApp('second', keychain);
    try {
      const connected = await again.call('session:connect', {
        profileId: again.profileId,
        secret: { apiKey: 'demo-admin-key' },
      });
      expect(connected.ok).toBe(true);
      expect(again.said()).not.toContain('proxy:onDidChangeQuestions');
    } finally {
      await again.services.shutdown();
    }
  });

  it('lets a user slower than the deadline through: the time spent answering does not count', async () => {
    const deadlineMs = 2000;
    const app = await startApp('slow', new MemorySecretStore(), deadlineMs);
    try {
      const connecting = app.call('session:connect', {
        profileId: app.profileId,
        secret: { apiKey: 'demo-admin-key' },
      });
      const questionId = await questionOf(app);
      // The user types for longer than the whole deadline, from the moment the dialog shows.
      await new Promise((resolve) => setTimeout(resolve, deadlineMs + 500));
      await app.data('proxy:answer', { questionId, credentials: GOOD });
      const connected = await connecting;
      expect(connected).toMatchObject({ ok: true });
      expect(proxy.authorizations).toContain(basicToken(GOOD));
    } finally {
      await app.services.shutdown();
    }
  });

  it('fails the sign-in, saying so, when the question is declined', async () => {
    const app = await startApp('declined', new MemorySecretStore());
    try {
      const connecting = app.call('session:connect', {
        profileId: app.profileId,
        secret: { apiKey: 'demo-admin-key' },
      });
      const questionId = await questionOf(app);
      await app.data('proxy:answer', { questionId, credentials: null });
      const refused = await connecting;
      expect(refused.ok).toBe(false);
      expect(JSON.stringify(refused)).toContain(`You did not sign in to the proxy ${proxy.url}`);
      // An answer that comes too late is refused with what to do.
      const late = await app.call('proxy:answer', { questionId, credentials: GOOD });
      expect(late).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    } finally {
      await app.services.shutdown();
    }
  });
});
