import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionManager } from '../../../src/main/services/connection/connection-manager';
import { OpenConnectionsService } from '../../../src/main/services/connection/open-connections';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import { silentLogger } from '../../../src/main/services/log/logger';
import { ProfileStore } from '../../../src/main/services/profiles/profile-store';
import { profileOrigin } from '../../../src/main/services/secrets/secret-binding';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { SecretVault } from '../../../src/main/services/secrets/secret-vault';
import type { OpenConnections } from '../../../src/shared/model/open-connections';
import type { Profile, ProfileInput } from '../../../src/shared/model/profile';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { sendJson, startScriptedServer } from '../../support/scripted-server';

/*
 * The connections open when the app closed open again at the next start, against the
 * emulator over real HTTP. Each "run" is what one start of the app builds (the profiles file,
 * the vault over the same keychain, the connection manager, the open list); a restart is a
 * second run on the same data folder and keychain.
 */

const KEY = 'demo-admin-key';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Run {
  readonly profiles: ProfileStore;
  readonly vault: SecretVault;
  readonly manager: ConnectionManager;
  readonly open: OpenConnectionsService;
  /** Every list the open connections announced, in order. */
  readonly changes: OpenConnections[];
  stop(): Promise<void>;
}

interface World {
  readonly env: RecordingEmulator;
  readonly dataDir: string;
  /** The keychain: it outlives a run, as the OS keychain outlives the app. */
  readonly keychain: MemorySecretStore;
  readonly dispatcher: Dispatcher;
  start(): Promise<Run>;
}

async function world(): Promise<World> {
  const env = await startRecordingEmulator();
  const dataDir = await mkdtemp(join(tmpdir(), 'reopen-connections-'));
  const dispatcher = createDispatcher({ env: {} });
  const keychain = new MemorySecretStore();
  cleanups.push(
    () => env.close(),
    () => rm(dataDir, { recursive: true, force: true }),
    () => dispatcher.close(),
  );
  const start = async (): Promise<Run> => {
    const profiles = new ProfileStore({ file: join(dataDir, 'profiles.json') });
    await profiles.load();
    const vault = new SecretVault({ store: keychain });
    const manager = new ConnectionManager({
      profiles,
      secrets: vault,
      dispatcher,
      logger: silentLogger,
      retry: { baseDelayMs: 1, maxDelayMs: 5 },
    });
    const open = new OpenConnectionsService({
      file: join(dataDir, 'open-connections.json'),
      profiles,
      secrets: vault,
      connections: manager,
    });
    const changes: OpenConnections[] = [];
    open.onDidChange((list) => changes.push(list));
    await open.load();
    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      open.dispose();
      await manager.dispose();
    };
    cleanups.push(stop);
    return { profiles, vault, manager, open, changes, stop };
  };
  return { env, dataDir, keychain, dispatcher, start };
}

function keyProfile(name: string, baseUrl: string): ProfileInput {
  return { name, target: { kind: 'custom', baseUrl }, auth: { kind: 'apiKey' } };
}

function entryOf(run: Run, profile: Profile) {
  return run.open.list().connections.find((entry) => entry.profileId === profile.id);
}

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('connections open at exit, at the next start', () => {
  it('reopen silently with the remembered API key and password, and only ids are on disk', async () => {
    const w = await world();
    const first = await w.start();
    const keyed = await first.profiles.create(keyProfile('Keyed', w.env.emulator.baseUrl));
    const token = await first.profiles.create({
      name: 'Token',
      target: { kind: 'custom', baseUrl: w.env.emulator.baseUrl },
      auth: { kind: 'token', tenantName: 'demo', userName: 'admin' },
    });
    await first.manager.connect(keyed.id, { apiKey: KEY }, { remember: true });
    await first.manager.connect(token.id, { password: 'demo' }, { remember: true });
    await first.open.open(keyed.id);
    await first.open.open(token.id);
    await first.stop();

    const file = await readFile(join(w.dataDir, 'open-connections.json'), 'utf8');
    expect(JSON.parse(file)).toEqual({ version: 1, profileIds: [keyed.id, token.id] });
    expect(file).not.toContain(KEY);

    const logins = w.env.count(/^POST \S*\/login\/implicit 200/);
    const second = await w.start();
    expect(second.open.list().connections.map((entry) => entry.profileId)).toEqual([
      keyed.id,
      token.id,
    ]);
    await second.open.reopen();
    expect(second.manager.state(keyed.id).status).toBe('signedIn');
    const tokenState = second.manager.state(token.id);
    expect(tokenState.status).toBe('signedIn');
    expect(Date.parse(tokenState.expiresAt ?? '')).toBeGreaterThan(Date.now());
    // New tokens, from the password in the keychain: nothing was asked.
    expect(w.env.count(/^POST \S*\/login\/implicit 200/)).toBe(logins + 1);
    expect(second.open.list()).toEqual({
      connections: [
        { profileId: keyed.id, isReopening: false },
        { profileId: token.id, isReopening: false },
      ],
    });
    // While it ran, the window was told both were being reopened.
    expect(second.changes[0]?.connections.every((entry) => entry.isReopening)).toBe(true);
    const instances = await second.manager.get(keyed.id).client.call('instances.list', {});
    expect(instances.length).toBeGreaterThan(0);
  });

  it('list a secret kept for that session only as needing a sign-in, sending nothing for it', async () => {
    const w = await world();
    const first = await w.start();
    const kept = await first.profiles.create(keyProfile('Kept', w.env.emulator.baseUrl));
    const session = await first.profiles.create(keyProfile('Session', w.env.emulator.baseUrl));
    await first.manager.connect(kept.id, { apiKey: KEY }, { remember: true });
    await first.manager.connect(session.id, { apiKey: KEY });
    await first.open.open(kept.id);
    await first.open.open(session.id);
    await first.stop();

    const second = await w.start();
    const before = w.env.count(/\/v1\/MyIp/);
    await second.open.reopen();
    // One check of a key: the kept one's. The other profile had none to send.
    expect(w.env.count(/\/v1\/MyIp/)).toBe(before + 1);
    expect(second.manager.state(kept.id).status).toBe('signedIn');
    expect(second.manager.state(session.id).status).toBe('signedOut');
    const problem = entryOf(second, session)?.problem;
    expect(problem).toMatchObject({ kind: 'needsSignIn', code: 'AUTH_REQUIRED' });
    expect(problem?.message).toBe(
      '"Session" was open when the app last closed, but its API key was kept for that session only. Enter the API key of "Session" to connect.',
    );

    // Signing in, however it is done, ends the problem; the profile stays open.
    await second.manager.connect(session.id, { apiKey: KEY });
    expect(entryOf(second, session)).toEqual({ profileId: session.id, isReopening: false });
    expect(second.changes.at(-1)?.connections.map((entry) => entry.problem)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('say on the profile what failed and what to do, for a service down and a revoked key', async () => {
    const w = await world();
    const down = await startScriptedServer((_req, res) =>
      sendJson(res, 503, { message: 'Service Unavailable' }, { 'retry-after': '0' }),
    );
    cleanups.push(() => down.close());
    const first = await w.start();
    const good = await first.profiles.create(keyProfile('Good', w.env.emulator.baseUrl));
    const stopped = await first.profiles.create(keyProfile('Down', down.baseUrl));
    const revoked = await first.profiles.create(keyProfile('Revoked', w.env.emulator.baseUrl));
    await first.manager.connect(good.id, { apiKey: KEY }, { remember: true });
    for (const [profile, apiKey] of [
      [stopped, KEY],
      [revoked, 'a-key-revoked-since'],
    ] as const) {
      await first.vault.setProfileSecret(profile.id, { apiKey }, profileOrigin(profile.target));
      await first.open.open(profile.id);
    }
    await first.open.open(good.id);
    await first.stop();

    const second = await w.start();
    await second.open.reopen();
    expect(second.manager.state(good.id).status).toBe('signedIn');
    expect(entryOf(second, good)?.problem).toBeUndefined();
    const downProblem = entryOf(second, stopped)?.problem;
    expect(downProblem).toMatchObject({ kind: 'failed', code: 'UNAVAILABLE' });
    expect(downProblem?.message).toMatch(
      /^Reopening "Down" failed while signing in with its stored API key\. Could not read your IP address: .*try again later\.$/,
    );
    const revokedProblem = entryOf(second, revoked)?.problem;
    expect(revokedProblem).toMatchObject({ kind: 'failed', code: 'AUTH_REQUIRED' });
    expect(revokedProblem?.message).toMatch(
      /^Reopening "Revoked" failed while signing in with its stored API key\. .*Check the API key of this connection: it may be mistyped or revoked/,
    );
    // The failed ones stay open, so the next start tries them again.
    expect(second.open.list().connections).toHaveLength(3);
    expect(second.manager.state(stopped.id).status).toBe('signedOut');
  });

  it('do not wait for one that hangs, and stop reopening when the app stops', async () => {
    const w = await world();
    const hanging = await startScriptedServer(() => undefined);
    cleanups.push(() => hanging.close());
    const first = await w.start();
    const slow = await first.profiles.create(keyProfile('Hanging', hanging.baseUrl));
    const good = await first.profiles.create(keyProfile('Good', w.env.emulator.baseUrl));
    await first.vault.setProfileSecret(slow.id, { apiKey: KEY }, profileOrigin(slow.target));
    await first.manager.connect(good.id, { apiKey: KEY }, { remember: true });
    await first.open.open(slow.id);
    await first.open.open(good.id);
    await first.stop();

    const second = await w.start();
    const reopening = second.open.reopen();
    await until(() => second.manager.state(good.id).status === 'signedIn', 'the good one');
    expect(entryOf(second, slow)).toEqual({ profileId: slow.id, isReopening: true });
    expect(entryOf(second, good)).toEqual({ profileId: good.id, isReopening: false });
    expect(hanging.seen.length).toBeGreaterThan(0);
    await second.stop();
    await reopening;
    // Stopped, not failed: nothing to show the next time.
    expect(entryOf(second, slow)?.problem).toBeUndefined();
  });

  it('forget what is closed or deleted, and start with none from a damaged file', async () => {
    const w = await world();
    const first = await w.start();
    const one = await first.profiles.create(keyProfile('One', w.env.emulator.baseUrl));
    const two = await first.profiles.create(keyProfile('Two', w.env.emulator.baseUrl));
    await first.open.open(one.id);
    await first.open.open(two.id);
    await first.open.open(one.id);
    await first.open.close(one.id);
    await first.open.close(one.id);
    await expect(first.open.open('no-such-profile')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await first.profiles.remove(two.id);
    await first.stop();
    const file = join(w.dataDir, 'open-connections.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: 1,
      profileIds: [two.id],
    });

    const second = await w.start();
    expect(second.open.list()).toEqual({ connections: [] });
    await second.stop();

    await writeFile(file, '{ "version": 1, "profileIds": [');
    const third = await w.start();
    expect(third.open.list()).toEqual({ connections: [] });
    await third.open.reopen();
    expect(third.changes).toEqual([]);
  });
});
