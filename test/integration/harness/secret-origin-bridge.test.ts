import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { HARNESS_IPC_PATH } from '../../../src/shared/ipc/harness-wire';
import { startHarness, type Harness } from '../../harness/server';
import { sendJson, startScriptedServer, type ScriptedServer } from '../../support/scripted-server';

/*
 * The bridge driven as the harness page drives it: the page's token, its Origin, and
 * `{ id, channel, input }` frames over the harness WebSocket, to the app's real services and
 * the harness's emulator over real HTTP. A page (compromised, or a user's typo in the form)
 * points a profile with a remembered API key at another host; connecting without a secret
 * must then send the key nowhere and ask for it again.
 */

const KEY = 'demo-admin-key';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Envelope =
  { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };

/** The page's side of the bridge: invoke, and every frame received (events included). */
interface Page {
  invoke(channel: string, input?: unknown): Promise<Envelope>;
  readonly frames: string[];
  readonly events: { event: string; payload: unknown }[];
}

async function openPage(harness: Harness): Promise<Page> {
  const url = `${harness.origin.replace('http:', 'ws:')}${HARNESS_IPC_PATH}?token=${harness.token}`;
  const ws = new WebSocket(url, { origin: harness.origin });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  cleanups.push(async () => {
    ws.close();
    await new Promise((resolve) => ws.once('close', resolve));
  });
  const frames: string[] = [];
  const events: Page['events'] = [];
  const waiting = new Map<number, (envelope: Envelope) => void>();
  ws.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    frames.push(text);
    const message = JSON.parse(text) as
      { id: number; envelope: Envelope } | { event: string; payload: unknown };
    if ('id' in message) waiting.get(message.id)?.(message.envelope);
    else events.push(message);
  });
  let next = 0;
  const invoke = (channel: string, input?: unknown): Promise<Envelope> => {
    const id = next++;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, channel, ...(input === undefined ? {} : { input }) }));
    });
  };
  return { invoke, frames, events };
}

function dataOf<T>(envelope: Envelope): T {
  if (!envelope.ok) throw new Error(`${envelope.error.code}: ${envelope.error.message}`);
  return envelope.data as T;
}

async function setup(): Promise<{
  harness: Harness;
  store: MemorySecretStore;
  elsewhere: ScriptedServer;
  page: Page;
}> {
  // The harness needs a renderer to serve; this test is the page itself, so any index.html.
  const rendererDir = await mkdtemp(join(tmpdir(), 'bridge-renderer-'));
  await writeFile(join(rendererDir, 'index.html'), '<html><head></head><body></body></html>');
  const store = new MemorySecretStore();
  const harness = await startHarness({ rendererDir, secretStore: store });
  // Another host, as a typo or an attacker would name it: it records every Authorization
  // header and would accept any key.
  const elsewhere = await startScriptedServer((_req, res) =>
    sendJson(res, 200, { clientIP: '127.0.0.1', isAllowed: true }),
  );
  cleanups.push(
    () => rm(rendererDir, { recursive: true, force: true }),
    () => harness.close(),
    () => elsewhere.close(),
  );
  const page = await openPage(harness);
  dataOf(await page.invoke('app:rendererReady'));
  return { harness, store, elsewhere, page };
}

describe('the bridge: a remembered API key and a profile pointed at another host', () => {
  it('never sends the key there, asks for it again, and removes it from the keychain', async () => {
    const { harness, store, elsewhere, page } = await setup();
    const input = {
      name: 'Production',
      target: { kind: 'custom', baseUrl: harness.emulator.baseUrl },
      auth: { kind: 'apiKey' },
    };
    const profile = dataOf<{ id: string }>(await page.invoke('profiles:create', input));
    const signedIn = dataOf<{ status: string }>(
      await page.invoke('session:connect', {
        profileId: profile.id,
        secret: { apiKey: KEY },
        remember: true,
      }),
    );
    expect(signedIn.status).toBe('signedIn');
    expect(await store.get(`${profile.id}:apiKey`)).toContain(KEY);

    const moved = { ...input, target: { kind: 'custom', baseUrl: elsewhere.baseUrl } };
    dataOf(await page.invoke('profiles:update', { id: profile.id, profile: moved }));
    const answer = await page.invoke('session:connect', { profileId: profile.id });

    expect(elsewhere.seen.filter((r) => r.authorization?.includes(KEY))).toEqual([]);
    expect(elsewhere.seen).toEqual([]);
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.error.code).toBe('AUTH_REQUIRED');
      expect(answer.error.message).toMatch(
        new RegExp(`"Production" now points to ${elsewhere.origin}.*Enter the API key`),
      );
    }
    expect(await store.get(`${profile.id}:apiKey`)).toBeUndefined();
    expect(await store.get(`${profile.id}:password`)).toBeUndefined();
    // The page was told the profile is signed out (its list shows Connect, which prompts).
    const states = page.events.filter((e) => e.event === 'session:onDidChangeState');
    expect(states.at(-1)?.payload).toMatchObject({ profileId: profile.id, status: 'signedOut' });
    const [state] = dataOf<{ profileId: string; status: string }[]>(
      await page.invoke('session:getStates'),
    );
    expect(state).toMatchObject({ profileId: profile.id, status: 'signedOut' });
    // The key went in once, and never came back over the bridge.
    expect(page.frames.join('\n')).not.toContain(KEY);
  });

  it('a key remembered for one host does not follow the profile to the emulator either', async () => {
    const { harness, store, elsewhere, page } = await setup();
    const input = {
      name: 'Staging',
      target: { kind: 'custom', baseUrl: elsewhere.baseUrl },
      auth: { kind: 'apiKey' },
    };
    const profile = dataOf<{ id: string }>(await page.invoke('profiles:create', input));
    dataOf(
      await page.invoke('session:connect', {
        profileId: profile.id,
        secret: { apiKey: 'staging-key' },
        remember: true,
      }),
    );
    expect(elsewhere.seen.map((r) => r.authorization)).toContain('staging-key');
    const back = { ...input, target: { kind: 'custom', baseUrl: harness.emulator.baseUrl } };
    dataOf(await page.invoke('profiles:update', { id: profile.id, profile: back }));
    const answer = await page.invoke('session:connect', { profileId: profile.id });
    expect(answer).toMatchObject({ ok: false, error: { code: 'AUTH_REQUIRED' } });
    expect(await store.get(`${profile.id}:apiKey`)).toBeUndefined();
    // The signed-in profile's watchers may have polled its host meanwhile: with its own key.
    expect(elsewhere.seen.map((r) => r.authorization)).not.toContain(undefined);
    expect(new Set(elsewhere.seen.map((r) => r.authorization))).toEqual(new Set(['staging-key']));
  });
});
