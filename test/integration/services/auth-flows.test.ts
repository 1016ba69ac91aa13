import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignInState } from '../../../src/shared/model/session-state';
import { ConnectionManager } from '../../../src/main/services/connection/connection-manager';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import { silentLogger } from '../../../src/main/services/log/logger';
import { ProfileStore } from '../../../src/main/services/profiles/profile-store';
import {
  MemorySecretStore,
  type SecretStore,
} from '../../../src/main/services/secrets/secret-store';
import { SecretVault } from '../../../src/main/services/secrets/secret-vault';
import type { EmulatorOptions } from '../../../src/emulator/server';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(
  emulatorOptions: EmulatorOptions = {},
  managerOptions: { refreshMarginMs?: number } = {},
) {
  const env: RecordingEmulator = await startRecordingEmulator(emulatorOptions);
  const dir = await mkdtemp(join(tmpdir(), 'auth-flows-'));
  const dispatcher = createDispatcher({ env: {} });
  cleanups.push(
    () => env.close(),
    () => rm(dir, { recursive: true, force: true }),
  );
  const profiles = new ProfileStore({ file: join(dir, 'profiles.json') });
  await profiles.load();
  const manager = new ConnectionManager({
    profiles,
    secrets: new SecretVault({ store: new MemorySecretStore() }),
    dispatcher,
    logger: silentLogger,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    ...managerOptions,
  });
  cleanups.push(async () => {
    await manager.dispose();
    await dispatcher.close();
  });
  const states: SignInState[] = [];
  manager.onDidChangeState((state) => states.push(state));
  const tokenProfile = await profiles.create({
    name: 'token',
    target: { kind: 'custom', baseUrl: env.emulator.baseUrl },
    auth: { kind: 'token', tenantName: 'demo', userName: 'admin' },
  });
  return { env, manager, profiles, states, tokenProfile };
}

const REFRESH = /^POST \/sml\/auth\/v1\/login\/refresh /i;

describe('token sign-in against the emulator', () => {
  it('refreshes before the token expires, without any request failing', async () => {
    const { env, manager, tokenProfile } = await setup(
      { tokenTtlSec: 2 },
      { refreshMarginMs: 1000 },
    );
    const state = await manager.connect(tokenProfile.id, { password: 'demo' });
    expect(state.status).toBe('signedIn');
    await vi.waitFor(() => expect(env.count(REFRESH)).toBeGreaterThanOrEqual(1), {
      timeout: 5000,
      interval: 50,
    });
    await manager.get(tokenProfile.id).client.call('instances.list', {});
    expect(env.count(/ 401 /)).toBe(0);
    expect(manager.state(tokenProfile.id).status).toBe('signedIn');
  });

  it('refreshes once for 20 requests that meet an expired token, then each succeeds', async () => {
    const { env, manager, tokenProfile } = await setup();
    await manager.connect(tokenProfile.id, { password: 'demo' });
    env.emulator.faults.expireTokens();
    const client = manager.get(tokenProfile.id).client;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.call('instances.get', { pathParams: { instanceName: 'sql-eu-prod-01' } }),
      ),
    );
    expect(answers.every((a) => a.name === 'sql-eu-prod-01')).toBe(true);
    expect(env.count(REFRESH)).toBe(1);
    expect(env.count(/^GET \/databridge\/v1\/sql-instances\/sql-eu-prod-01 401/)).toBe(20);
    expect(env.count(/^GET \/databridge\/v1\/sql-instances\/sql-eu-prod-01 200/)).toBe(20);
  });

  it('reports AUTH_EXPIRED and an expired state when the refresh fails, and recovers on sign-in', async () => {
    const { env, manager, states, tokenProfile } = await setup();
    await manager.connect(tokenProfile.id, { password: 'demo' });
    const connection = manager.get(tokenProfile.id);
    env.emulator.faults.once('tokenRefresh');
    env.emulator.faults.expireTokens();
    await expect(
      connection.client.call('databases.list', { pathParams: { instanceName: 'sql-eu-prod-01' } }),
    ).rejects.toMatchObject({
      code: 'AUTH_EXPIRED',
      operation: 'databases.list',
    });
    expect(manager.state(tokenProfile.id).status).toBe('expired');
    expect(states.map((s) => s.status)).toContain('expired');
    // Work that keeps calling fails fast, without bothering the service.
    const before = env.requests.length;
    await expect(connection.client.call('instances.list', {})).rejects.toMatchObject({
      code: 'AUTH_EXPIRED',
    });
    expect(env.requests.length).toBe(before);
    // Signing in again revives the same connection that long work holds.
    await manager.connect(tokenProfile.id, { password: 'demo' });
    expect(manager.get(tokenProfile.id)).toBe(connection);
    expect((await connection.client.call('instances.list', {})).length).toBe(3);
  });

  it('explains a refused password sign-in, with the single-sign-on hint', async () => {
    const { manager, states, tokenProfile } = await setup();
    const failure = manager.connect(tokenProfile.id, { password: 'wrong' });
    await expect(failure).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    const message = ((await failure.catch((e: unknown) => e)) as Error).message;
    expect(message).toMatch(/tenant demo as admin/);
    expect(message).toMatch(/single sign-on/);
    expect(states.at(-1)).toMatchObject({ status: 'signedOut', error: message });
    expect(() => manager.get(tokenProfile.id)).toThrow(
      expect.objectContaining({ code: 'AUTH_REQUIRED' }),
    );
  });
});

describe('API key sign-in and the connection manager', () => {
  it('verifies a key on connect, refuses a wrong one, and uses the remembered one', async () => {
    const { env, manager, profiles } = await setup();
    const profile = await profiles.create({
      name: 'key',
      target: { kind: 'custom', baseUrl: env.emulator.baseUrl },
      auth: { kind: 'apiKey' },
    });
    await expect(manager.connect(profile.id, { apiKey: 'wrong-key' })).rejects.toMatchObject({
      code: 'AUTH_REQUIRED',
    });
    await expect(manager.connect(profile.id)).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    const state = await manager.connect(
      profile.id,
      { apiKey: 'demo-consumer-key' },
      { remember: true },
    );
    expect(state).toMatchObject({ status: 'signedIn', identity: 'API key', sessionOnly: false });
    await manager.disconnect(profile.id);
    expect((await manager.connect(profile.id)).status).toBe('signedIn');
    await expect(
      manager
        .get(profile.id)
        .client.call('cluster.setServerSecurity', { body: { minTlsVersion: '1.2' } }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', operation: 'cluster.setServerSecurity' });
  });

  /** A keychain that does not work, as on a Linux desktop without a Secret Service. */
  const brokenKeychain: SecretStore = {
    kind: 'keychain',
    get: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    set: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    delete: () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
  };

  it.each([
    ['a working keychain', () => new MemorySecretStore()],
    ['no keychain at all', () => brokenKeychain],
  ])(
    'starts the local emulator for the built-in profile and signs in with its demo key (%s)',
    async (_name, store) => {
      const { env, profiles } = await setup();
      const emulatorProfile = await profiles.ensureEmulatorProfile();
      let starts = 0;
      const dispatcher = createDispatcher({ env: {} });
      const manager = new ConnectionManager({
        profiles,
        secrets: new SecretVault({ store: store() }),
        dispatcher,
        logger: silentLogger,
        startEmulator: () => {
          starts += 1;
          return Promise.resolve({ baseUrl: env.emulator.baseUrl, close: () => Promise.resolve() });
        },
      });
      cleanups.push(async () => {
        await manager.dispose();
        await dispatcher.close();
      });
      expect((await manager.connect(emulatorProfile.id)).status).toBe('signedIn');
      await manager.connect(emulatorProfile.id);
      expect(starts).toBe(1);
      expect((await manager.get(emulatorProfile.id).client.call('instances.list', {})).length).toBe(
        3,
      );
    },
  );

  it('refuses a read-only profile’s changes before sending them', async () => {
    const { env, manager, profiles } = await setup();
    const profile = await profiles.create({
      name: 'ro',
      target: { kind: 'custom', baseUrl: env.emulator.baseUrl },
      auth: { kind: 'apiKey' },
      readOnly: true,
    });
    await manager.connect(profile.id, { apiKey: 'demo-admin-key' });
    const before = env.requests.length;
    await expect(
      manager.get(profile.id).client.call('databases.drop', {
        pathParams: { instanceName: 'sql-eu-prod-01', databaseName: 'x' },
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(env.requests.length).toBe(before);
  });
});
