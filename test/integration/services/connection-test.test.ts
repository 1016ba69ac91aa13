import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionManager } from '../../../src/main/services/connection/connection-manager';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import { silentLogger } from '../../../src/main/services/log/logger';
import { ProfileStore } from '../../../src/main/services/profiles/profile-store';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { SecretVault } from '../../../src/main/services/secrets/secret-vault';
import type { ProfileInput } from '../../../src/shared/model/profile';
import type { SignInState } from '../../../src/shared/model/session-state';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';

/*
 * "Test connection" on an unsaved profile: main signs in on a connection of its own, reads
 * MyIp and the instances, and keeps nothing: no profile, no secret, no sign-in state.
 */

let env: RecordingEmulator;
let dir: string;
let store: MemorySecretStore;
let manager: ConnectionManager;
let dispatcher: ReturnType<typeof createDispatcher>;
const states: SignInState[] = [];

beforeAll(async () => {
  env = await startRecordingEmulator();
  dir = await mkdtemp(join(tmpdir(), 'connection-test-'));
  dispatcher = createDispatcher({ env: {} });
  const profiles = new ProfileStore({ file: join(dir, 'profiles.json') });
  await profiles.load();
  store = new MemorySecretStore();
  manager = new ConnectionManager({
    profiles,
    secrets: new SecretVault({ store }),
    dispatcher,
    logger: silentLogger,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
  });
  manager.onDidChangeState((state) => states.push(state));
});

afterAll(async () => {
  await manager.dispose();
  await dispatcher.close();
  await env.close();
  await rm(dir, { recursive: true, force: true });
});

const draft = (auth: ProfileInput['auth']): ProfileInput => ({
  name: 'Unsaved',
  target: { kind: 'custom', baseUrl: env.emulator.baseUrl },
  auth,
});

describe('ConnectionManager.test', () => {
  it('signs in with an API key, reads MyIp and the instances, and keeps nothing', async () => {
    const result = await manager.test(draft({ kind: 'apiKey' }), { apiKey: 'demo-admin-key' });
    expect(result).toMatchObject({ identity: 'API key', instanceCount: 3 });
    expect(result.myIp).toMatchObject({ clientIP: expect.any(String) as unknown, isAllowed: true });
    expect(env.count(/^GET \/databridge\/v1\/MyIp 200/i)).toBe(1);
    expect(env.count(/^GET \/databridge\/v1\/sql-instances 200/i)).toBe(1);
    expect(await readdir(dir)).toEqual([]);
    expect(states).toEqual([]);
  });

  it('signs in with tenant, user and password and names who signed in', async () => {
    const result = await manager.test(
      draft({ kind: 'token', tenantName: 'demo', userName: 'contributor' }),
      { password: 'demo' },
    );
    expect(result).toMatchObject({ identity: 'contributor', instanceCount: 3 });
    expect(states).toEqual([]);
  });

  it('fails with the service’s refusal for a wrong key, and for the wrong kind of secret', async () => {
    await expect(
      manager.test(draft({ kind: 'apiKey' }), { apiKey: 'not-a-key' }),
    ).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    await expect(
      manager.test(draft({ kind: 'apiKey' }), { password: 'demo' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/API key/) as unknown,
    });
    expect(await readdir(dir)).toEqual([]);
    expect(states).toEqual([]);
  });
});
