import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../src/main/platform/keytar-secret-store';
import { SecretVault } from '../../../src/main/services/secrets/secret-vault';

/*
 * The keytar adapter against a real Secret Service: `npm test` runs vitest inside
 * scripts/with-keyring.sh (a private D-Bus session with an unlocked gnome-keyring). Where no
 * Secret Service answers, the round-trip tests are skipped with the reason printed; the
 * "no keychain" behaviour is tested everywhere, in a child process pointed at a dead bus.
 */

const SERVICE = 'DataBridge Desktop Test';
const run = promisify(execFile);

async function keychainAnswers(): Promise<string | undefined> {
  try {
    const probe = new KeytarSecretStore({ service: SERVICE });
    await Promise.race([
      probe.get('probe'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5000)),
    ]);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const unavailable = await keychainAnswers();
const inKeyring = process.env['DATABRIDGE_IN_KEYRING'] === '1';
if (unavailable && !inKeyring) {
  console.log(
    `keytar-secret-store: Secret Service tests skipped, no keychain answers (${unavailable}); run them with scripts/with-keyring.sh`,
  );
}
const skipKeychain = unavailable !== undefined && !inKeyring;

const accounts: string[] = [];
afterAll(async () => {
  if (skipKeychain) return;
  const store = new KeytarSecretStore({ service: SERVICE });
  for (const account of accounts) await store.delete(account).catch(() => false);
});

describe.skipIf(skipKeychain)(
  'KeytarSecretStore against gnome-keyring (skipped when no Secret Service answers)',
  () => {
    it('stores, reads, replaces and deletes a secret', async () => {
      const store = new KeytarSecretStore({ service: SERVICE });
      const account = `test-${randomUUID()}`;
      accounts.push(account);
      expect(store.kind).toBe('keychain');
      expect(await store.get(account)).toBeUndefined();
      await store.set(account, 'first-secret');
      expect(await store.get(account)).toBe('first-secret');
      await store.set(account, 'second-secret');
      expect(await store.get(account)).toBe('second-secret');
      expect(await store.delete(account)).toBe(true);
      expect(await store.delete(account)).toBe(false);
      expect(await store.get(account)).toBeUndefined();
    });

    it('backs the vault: a profile secret survives a new adapter (another app start)', async () => {
      const profileId = `profile-${randomUUID()}`;
      accounts.push(`${profileId}:apiKey`, `${profileId}:password`);
      const vault = new SecretVault({ store: new KeytarSecretStore({ service: SERVICE }) });
      expect((await vault.probe()).ok).toBe(true);
      const origin = 'https://api-euw1.rms.com';
      const time = new Date(0).toISOString();
      const owner = {
        id: profileId,
        auth: { kind: 'apiKey' as const },
        createdAt: time,
        updatedAt: time,
      };
      await vault.setProfileSecret(profileId, { apiKey: 'kept-in-keyring' }, origin);
      const later = new SecretVault({ store: new KeytarSecretStore({ service: SERVICE }) });
      expect(await later.getProfileSecret(owner, origin)).toEqual({
        status: 'found',
        secret: { apiKey: 'kept-in-keyring' },
      });
      // Kept with its origin in the one keychain entry: another origin does not get it.
      expect(await later.getProfileSecret(owner, 'https://elsewhere.example')).toEqual({
        status: 'discarded',
        storedFor: origin,
      });
      expect(await later.getProfileSecret(owner, origin)).toEqual({ status: 'none' });
      await vault.setProfileSecret(profileId, { apiKey: 'kept-in-keyring' }, origin);
      await later.forgetProfile(profileId);
      expect(await later.getProfileSecret(owner, origin)).toEqual({ status: 'none' });
    });
  },
);

describe('without a keychain', () => {
  it('answers KEYCHAIN_UNAVAILABLE, and session-only mode keeps the secret in memory', async () => {
    const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
    const child = join(import.meta.dirname, '../../support/keychain-child.ts');
    const { stdout } = await run(tsx, [child, 'child-secret-value'], {
      env: {
        ...process.env,
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/databridge-test-bus',
        DISPLAY: '',
      },
      timeout: 60_000,
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({
      probeOk: false,
      probeCode: 'KEYCHAIN_UNAVAILABLE',
      setError: 'KEYCHAIN_UNAVAILABLE',
      sessionOnly: true,
      roundTrip: true,
    });
  });
});
