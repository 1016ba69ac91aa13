import { describe, expect, it } from 'vitest';
import { RedactingLogger, type LogEntry } from '../../../../../src/main/services/log/logger';
import {
  MemorySecretStore,
  type SecretStore,
} from '../../../../../src/main/services/secrets/secret-store';
import { SecretVault } from '../../../../../src/main/services/secrets/secret-vault';

/** A keychain that fails like keytar without a Secret Service. */
class BrokenKeychain implements SecretStore {
  readonly kind = 'keychain' as const;
  calls = 0;
  #fail(): Promise<never> {
    this.calls += 1;
    return Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'));
  }
  get(): Promise<string | undefined> {
    return this.#fail();
  }
  set(): Promise<void> {
    return this.#fail();
  }
  delete(): Promise<boolean> {
    return this.#fail();
  }
}

const EU = 'https://api-euw1.rms.com';
const ELSEWHERE = 'https://attacker.example';
/** A profile as the vault sees it: its id and sign-in kind. */
function owner(id: string, kind: 'apiKey' | 'token' = 'apiKey') {
  const auth =
    kind === 'apiKey'
      ? ({ kind: 'apiKey' } as const)
      : ({ kind: 'token', tenantName: 't', userName: 'u' } as const);
  return { id, auth };
}

describe('SecretVault', () => {
  it('stores, reads and forgets profile secrets, each with the origin it was given for', async () => {
    const store = new MemorySecretStore();
    const vault = new SecretVault({ store });
    await vault.setProfileSecret('p1', { apiKey: 'key-1' }, EU);
    await vault.setProfileSecret('p2', { password: 'pw-2' }, EU);
    expect(await vault.getProfileSecret(owner('p1'), EU)).toEqual({
      status: 'found',
      secret: { apiKey: 'key-1' },
    });
    expect(await vault.getProfileSecret(owner('p2', 'token'), EU)).toEqual({
      status: 'found',
      secret: { password: 'pw-2' },
    });
    // One keychain entry holds both, so neither can be written without the other.
    expect(JSON.parse((await store.get('p1:apiKey')) ?? '')).toEqual({
      v: 1,
      origin: EU,
      secret: 'key-1',
    });
    expect(await vault.forgetProfile('p1')).toBe(true);
    expect(await vault.forgetProfile('p1')).toBe(false);
    expect(await vault.getProfileSecret(owner('p1'), EU)).toEqual({ status: 'none' });
  });

  it('never hands a secret out for another origin, and deletes every secret of the profile', async () => {
    const store = new MemorySecretStore();
    const vault = new SecretVault({ store });
    await vault.setProfileSecret('p', { apiKey: 'prod-key' }, EU);
    await vault.setProfileSecret('p', { password: 'prod-pw' }, EU);
    expect(await vault.getProfileSecret(owner('p'), ELSEWHERE)).toEqual({
      status: 'discarded',
      storedFor: EU,
    });
    expect(await store.get('p:apiKey')).toBeUndefined();
    expect(await store.get('p:password')).toBeUndefined();
    // Gone for its own origin too: the user is asked again rather than the key kept around.
    expect(await vault.getProfileSecret(owner('p'), EU)).toEqual({ status: 'none' });
  });

  it("never hands out an earlier version's entry (no origin), and deletes it", async () => {
    const store = new MemorySecretStore();
    const vault = new SecretVault({ store });
    // A profile's edit times say nothing of where the entry was given for: a hand edit of the
    // profiles file moves the target without touching them.
    await store.set('fresh:apiKey', 'legacy-key');
    await store.set('fresh:password', 'legacy-pw');
    expect(await vault.getProfileSecret(owner('fresh'), EU)).toEqual({ status: 'discarded' });
    expect(await store.get('fresh:apiKey')).toBeUndefined();
    expect(await store.get('fresh:password')).toBeUndefined();
    expect(await vault.getProfileSecret(owner('fresh'), EU)).toEqual({ status: 'none' });

    await store.set('tokens:password', 'legacy-pw');
    expect(await vault.getProfileSecret(owner('tokens', 'token'), EU)).toEqual({
      status: 'discarded',
    });
    expect(await store.get('tokens:password')).toBeUndefined();
  });

  it("reads a raw secret that happens to be JSON as an earlier version's entry", async () => {
    const store = new MemorySecretStore();
    const vault = new SecretVault({ store });
    await store.set('p:apiKey', '{"origin":"https://api-euw1.rms.com"}');
    expect(await vault.getProfileSecret(owner('p'), EU)).toEqual({
      status: 'discarded',
    });
  });

  it('answers KEYCHAIN_UNAVAILABLE when the keychain fails, and probe says so', async () => {
    const vault = new SecretVault({ store: new BrokenKeychain() });
    const probe = await vault.probe();
    expect(probe.ok).toBe(false);
    if (!probe.ok) expect(probe.error.code).toBe('KEYCHAIN_UNAVAILABLE');
    await expect(vault.setProfileSecret('p', { apiKey: 'k' }, EU)).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
      message: expect.stringMatching(/session only/) as unknown,
    });
    expect(vault.isSessionOnly).toBe(false);
  });

  it('keeps secrets in memory only after enableSessionOnly, never touching the keychain', async () => {
    const keychain = new BrokenKeychain();
    const vault = new SecretVault({ store: keychain });
    await expect(vault.getProfileSecret(owner('p'), EU)).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
    });
    const callsBefore = keychain.calls;
    vault.enableSessionOnly();
    expect(vault.isSessionOnly).toBe(true);
    await vault.setProfileSecret('p', { apiKey: 'session-key' }, EU);
    expect(await vault.getProfileSecret(owner('p'), EU)).toEqual({
      status: 'found',
      secret: { apiKey: 'session-key' },
    });
    expect((await vault.probe()).ok).toBe(true);
    expect(keychain.calls).toBe(callsBefore);
  });

  it('registers every secret it handles with the logger, refused ones included', async () => {
    const lines: LogEntry[] = [];
    const logger = new RedactingLogger({ sink: (entry) => lines.push(entry) });
    const store = new MemorySecretStore();
    const vault = new SecretVault({ store, logger });
    await vault.setProfileSecret('p', { apiKey: 'registered-key-123' }, EU);
    await store.set('q:apiKey', 'legacy-key-456');
    await vault.getProfileSecret(owner('q'), EU);
    logger.info('oops registered-key-123 legacy-key-456');
    expect(lines.at(-1)?.message).toBe('oops [redacted] [redacted]');
    expect(JSON.stringify(lines)).not.toMatch(/legacy-key-456|registered-key-123/);
  });
});
