import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/main/cli/commands/runner';
import { EXIT } from '../../../src/main/cli/output/exit-codes';
import { ConnectionManager } from '../../../src/main/services/connection/connection-manager';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import { silentLogger } from '../../../src/main/services/log/logger';
import { ProfileStore } from '../../../src/main/services/profiles/profile-store';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { encodeBoundSecret } from '../../../src/main/services/secrets/secret-binding';
import { SecretVault } from '../../../src/main/services/secrets/secret-vault';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';
import { sendJson, startScriptedServer, type ScriptedServer } from '../../support/scripted-server';

/*
 * A stored secret goes only to the origin it was given for, against the emulator over real
 * HTTP. "Elsewhere" is a loopback server of the test's own that records the Authorization
 * header of every request (and would happily accept a key): it must see nothing.
 */

const KEY = 'demo-admin-key';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface World {
  readonly env: RecordingEmulator;
  readonly elsewhere: ScriptedServer;
  readonly store: MemorySecretStore;
  readonly profiles: ProfileStore;
  readonly manager: ConnectionManager;
  readonly dataDir: string;
}

async function world(): Promise<World> {
  const env = await startRecordingEmulator();
  const elsewhere = await startScriptedServer((_req, res) =>
    sendJson(res, 200, { clientIP: '127.0.0.1', isAllowed: true }),
  );
  const dataDir = await mkdtemp(join(tmpdir(), 'secret-origin-'));
  const dispatcher = createDispatcher({ env: {} });
  const store = new MemorySecretStore();
  const profiles = new ProfileStore({ file: join(dataDir, 'profiles.json') });
  await profiles.load();
  const manager = new ConnectionManager({
    profiles,
    secrets: new SecretVault({ store }),
    dispatcher,
    logger: silentLogger,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
  });
  cleanups.push(
    () => env.close(),
    () => elsewhere.close(),
    () => rm(dataDir, { recursive: true, force: true }),
    async () => {
      await manager.dispose();
      await dispatcher.close();
    },
  );
  return { env, elsewhere, store, profiles, manager, dataDir };
}

/** A key profile on the emulator, signed in once with the key remembered. */
async function rememberedKeyProfile(w: World, name = 'Production') {
  const profile = await w.profiles.create({
    name,
    target: { kind: 'custom', baseUrl: w.env.emulator.baseUrl },
    auth: { kind: 'apiKey' },
  });
  await w.manager.connect(profile.id, { apiKey: KEY }, { remember: true });
  await w.manager.disconnect(profile.id);
  expect(await w.store.get(`${profile.id}:apiKey`)).toBeDefined();
  return profile;
}

const sawKey = (server: ScriptedServer) =>
  server.seen.some((request) => request.authorization?.includes(KEY) === true);

describe('a stored secret and a profile pointed elsewhere (app)', () => {
  it('an edit to another base URL discards the key, signs out, and asks for it again', async () => {
    const w = await world();
    const profile = await rememberedKeyProfile(w);
    await w.manager.connect(profile.id);
    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = profile;
    await w.manager.updateProfile(profile.id, {
      ...input,
      target: { kind: 'custom', baseUrl: w.elsewhere.baseUrl },
    });
    expect(w.manager.state(profile.id).status).toBe('signedOut');
    expect(await w.store.get(`${profile.id}:apiKey`)).toBeUndefined();
    const failure = w.manager.connect(profile.id);
    await expect(failure).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    await expect(failure).rejects.toThrow(
      new RegExp(`now points to ${w.elsewhere.origin}.*Enter the API key`),
    );
    expect(w.elsewhere.seen).toEqual([]);
  });

  it('an edit to a region discards the key too; one that keeps the origin keeps it', async () => {
    const w = await world();
    const profile = await rememberedKeyProfile(w);
    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = profile;
    // Same scheme, host and port, another path and name: the same place.
    const samePlace = `${w.env.emulator.baseUrl}/`;
    await w.manager.updateProfile(profile.id, {
      ...input,
      name: 'Renamed',
      color: '#cf222e',
      target: { kind: 'custom', baseUrl: samePlace },
    });
    expect((await w.manager.connect(profile.id)).status).toBe('signedIn');
    await w.manager.updateProfile(profile.id, {
      ...input,
      target: { kind: 'region', region: 'EU' },
    });
    expect(await w.store.get(`${profile.id}:apiKey`)).toBeUndefined();
    await expect(w.manager.connect(profile.id)).rejects.toThrow(
      /now points to https:\/\/api-euw1\.rms\.com/,
    );
  });

  it('an edit of a profile with nothing stored just asks, claiming no stored key', async () => {
    const w = await world();
    const profile = await w.profiles.create({
      name: 'Typed each time',
      target: { kind: 'custom', baseUrl: w.env.emulator.baseUrl },
      auth: { kind: 'apiKey' },
    });
    await w.manager.connect(profile.id, { apiKey: KEY });
    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = profile;
    await w.manager.updateProfile(profile.id, {
      ...input,
      target: { kind: 'custom', baseUrl: w.elsewhere.baseUrl },
    });
    expect(w.manager.state(profile.id).status).toBe('signedOut');
    const failure = w.manager.connect(profile.id);
    await expect(failure).rejects.toThrow(/^Enter the API key of "Typed each time" to connect\.$/);
    expect(w.elsewhere.seen).toEqual([]);
  });

  it('a key stored for another origin is deleted unsent when the profile was changed behind the app', async () => {
    const w = await world();
    const profile = await rememberedKeyProfile(w);
    // Another instance of the app, or a hand edit: the profile file changes, the keychain not.
    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = profile;
    await w.profiles.update(profile.id, {
      ...input,
      target: { kind: 'custom', baseUrl: w.elsewhere.baseUrl },
    });
    const failure = w.manager.connect(profile.id);
    await expect(failure).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    await expect(failure).rejects.toThrow(
      new RegExp(
        `given for ${w.env.emulator.url}, but "Production" now points to ${w.elsewhere.origin}`,
      ),
    );
    expect(await w.store.get(`${profile.id}:apiKey`)).toBeUndefined();
    expect(w.elsewhere.seen).toEqual([]);
  });

  it('an earlier version’s key (no origin) is never sent, even for a profile never edited', async () => {
    const w = await world();
    // A hand edit of the profiles file moves the target and leaves the times alone: an entry
    // without its origin cannot be known to be for where the profile points.
    const handEdited = await w.profiles.create({
      name: 'Untouched',
      target: { kind: 'custom', baseUrl: w.elsewhere.baseUrl },
      auth: { kind: 'apiKey' },
    });
    expect(handEdited.createdAt).toBe(handEdited.updatedAt);
    await w.store.set(`${handEdited.id}:apiKey`, KEY);
    const failure = w.manager.connect(handEdited.id);
    await expect(failure).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    await expect(failure).rejects.toThrow(
      /kept by an earlier version without the address.*deleted unsent\. Enter the API key of "Untouched" to connect\.$/,
    );
    expect(await w.store.get(`${handEdited.id}:apiKey`)).toBeUndefined();
    expect(w.elsewhere.seen).toEqual([]);

    const moved = await w.profiles.create({
      name: 'Moved',
      target: { kind: 'custom', baseUrl: w.env.emulator.baseUrl },
      auth: { kind: 'apiKey' },
    });
    await w.store.set(`${moved.id}:apiKey`, KEY);
    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = moved;
    await w.profiles.update(moved.id, {
      ...input,
      target: { kind: 'custom', baseUrl: w.elsewhere.baseUrl },
    });
    await expect(w.manager.connect(moved.id)).rejects.toThrow(/earlier version.*Enter the API key/);
    expect(await w.store.get(`${moved.id}:apiKey`)).toBeUndefined();
    expect(w.elsewhere.seen).toEqual([]);
  });
});

describe('a stored secret and a profile pointed elsewhere (CLI --profile)', () => {
  async function cli(
    w: World,
    name: string,
    given: { env?: Record<string, string>; stdin?: string; argv?: string[] } = {},
  ) {
    let stderr = '';
    let stdout = '';
    const argv = given.argv ?? ['instances', 'list'];
    const code = await runCli([...argv, '--profile', name, '--data-dir', w.dataDir], {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      env: given.env ?? {},
      secretStore: () => w.store,
      ...(given.stdin === undefined ? {} : { stdin: () => Readable.from([given.stdin ?? '']) }),
    });
    return { code, stdout, stderr };
  }

  /** A key profile on the recording server "elsewhere", with `stored` kept for its origin. */
  async function elsewhereProfile(w: World, stored?: string) {
    const profile = await w.profiles.create({
      name: 'Staging',
      target: { kind: 'custom', baseUrl: w.elsewhere.baseUrl },
      auth: { kind: 'apiKey' },
    });
    if (stored !== undefined) {
      await w.store.set(`${profile.id}:apiKey`, encodeBoundSecret(stored, w.elsewhere.origin));
    }
    return profile;
  }

  const ENV_KEY = 'prod-key-left-in-the-shell';
  const clientIp = ['clientIp', 'get'];
  const keysSeen = (server: ScriptedServer) => server.seen.map((request) => request.authorization);

  it('uses the stored key where it was given, and deletes it unsent anywhere else', async () => {
    const w = await world();
    const profile = await rememberedKeyProfile(w);
    const here = await cli(w, 'Production');
    expect(here.code).toBe(EXIT.ok);
    expect(here.stdout).toMatch(/sql-eu-prod-01/);

    const { id: _id, createdAt: _c, updatedAt: _u, ...input } = profile;
    await w.profiles.update(profile.id, {
      ...input,
      target: { kind: 'custom', baseUrl: w.elsewhere.baseUrl },
    });
    const there = await cli(w, 'Production');
    expect(there.code).toBe(EXIT.auth);
    expect(there.stderr).toMatch(/^error AUTH_REQUIRED: /);
    expect(there.stderr).toMatch(new RegExp(`now points to ${w.elsewhere.origin}`));
    expect(there.stderr).toMatch(
      /--api-key-stdin \(or --api-key KEY\), or connect to "Production" once in the app with "Remember" on/,
    );
    expect(there.stderr).not.toContain(KEY);
    expect(sawKey(w.elsewhere)).toBe(false);
    expect(w.elsewhere.seen).toEqual([]);
    expect(await w.store.get(`${profile.id}:apiKey`)).toBeUndefined();
  });

  it('refuses a password stored for another origin the same way', async () => {
    const w = await world();
    const profile = await w.profiles.create({
      name: 'Tokens',
      target: { kind: 'custom', baseUrl: w.elsewhere.baseUrl },
      auth: { kind: 'token', tenantName: 'demo', userName: 'admin' },
    });
    await w.store.set(`${profile.id}:password`, encodeBoundSecret('demo', w.env.emulator.url));
    const there = await cli(w, 'Tokens');
    expect(there.code).toBe(EXIT.auth);
    expect(there.stderr).toMatch(/stored password was given for .* now points to/);
    expect(there.stderr).toMatch(/--password-stdin \(or --password P\)/);
    expect(w.elsewhere.seen).toEqual([]);
    expect(await w.store.get(`${profile.id}:password`)).toBeUndefined();
  });

  it('sends the stored key and not DATABRIDGE_API_KEY, saying so in one line', async () => {
    const w = await world();
    await elsewhereProfile(w, 'staging-key');
    const run = await cli(w, 'Staging', { argv: clientIp, env: { DATABRIDGE_API_KEY: ENV_KEY } });
    expect(run.code).toBe(EXIT.ok);
    expect(run.stderr).toBe(
      'note: --profile "Staging" signs in with its stored API key; DATABRIDGE_API_KEY from the environment is ignored.\n',
    );
    expect(keysSeen(w.elsewhere)).toEqual(['staging-key']);
  });

  it('refuses DATABRIDGE_API_KEY unsent when nothing is stored, and sends a key piped in', async () => {
    const w = await world();
    await elsewhereProfile(w);
    const env = { DATABRIDGE_API_KEY: ENV_KEY };
    const refused = await cli(w, 'Staging', { argv: clientIp, env });
    expect(refused.code).toBe(EXIT.auth);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^error AUTH_REQUIRED: DATABRIDGE_API_KEY from the environment is not sent to the saved connection "Staging" \\(${w.elsewhere.origin}\\).*--api-key-stdin`,
      ),
    );
    expect(refused.stderr).not.toContain(ENV_KEY);
    expect(w.elsewhere.seen).toEqual([]);

    // Given for this command: sent, with the environment's key still never.
    const piped = await cli(w, 'Staging', {
      argv: [...clientIp, '--api-key-stdin'],
      env,
      stdin: 'typed-for-staging\n',
    });
    expect(piped.code).toBe(EXIT.ok);
    expect(keysSeen(w.elsewhere)).toEqual(['typed-for-staging']);
  });

  it('never sends an earlier version’s key (no origin): it is deleted and asked for again', async () => {
    const w = await world();
    const profile = await elsewhereProfile(w);
    await w.store.set(`${profile.id}:apiKey`, 'legacy-key-123');
    const run = await cli(w, 'Staging', { argv: clientIp });
    expect(run.code).toBe(EXIT.auth);
    expect(run.stderr).toMatch(
      /^error AUTH_REQUIRED: The stored API key of "Staging" was kept by an earlier version without the address it was given for.*Give the API key for this command with --api-key-stdin.*connect to "Staging" once in the app with "Remember" on to store it/,
    );
    expect(run.stderr).not.toContain('legacy-key-123');
    expect(w.elsewhere.seen).toEqual([]);
    expect(await w.store.get(`${profile.id}:apiKey`)).toBeUndefined();
  });
});
