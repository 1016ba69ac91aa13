import { describe, expect, it } from 'vitest';
import { RedactingLogger, type LogEntry } from '../../../src/main/services/log/logger';
import {
  MemorySecretStore,
  type SecretStore,
} from '../../../src/main/services/secrets/secret-store';
import { SecretVault } from '../../../src/main/services/secrets/secret-vault';

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

describe('SecretVault', () => {
  it('stores, reads and forgets profile secrets', async () => {
    const vault = new SecretVault({ store: new MemorySecretStore() });
    await vault.setProfileSecret('p1', { apiKey: 'key-1' });
    await vault.setProfileSecret('p2', { password: 'pw-2' });
    expect(await vault.getProfileSecret('p1', 'apiKey')).toEqual({ apiKey: 'key-1' });
    expect(await vault.getProfileSecret('p2', 'token')).toEqual({ password: 'pw-2' });
    await vault.forgetProfile('p1');
    expect(await vault.getProfileSecret('p1', 'apiKey')).toBeUndefined();
  });

  it('answers KEYCHAIN_UNAVAILABLE when the keychain fails, and probe says so', async () => {
    const vault = new SecretVault({ store: new BrokenKeychain() });
    const probe = await vault.probe();
    expect(probe.ok).toBe(false);
    if (!probe.ok) expect(probe.error.code).toBe('KEYCHAIN_UNAVAILABLE');
    await expect(vault.setProfileSecret('p', { apiKey: 'k' })).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
      message: expect.stringMatching(/session only/) as unknown,
    });
    expect(vault.isSessionOnly).toBe(false);
  });

  it('keeps secrets in memory only after enableSessionOnly, never touching the keychain', async () => {
    const keychain = new BrokenKeychain();
    const vault = new SecretVault({ store: keychain });
    await expect(vault.get('p', 'apiKey')).rejects.toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE' });
    const callsBefore = keychain.calls;
    vault.enableSessionOnly();
    expect(vault.isSessionOnly).toBe(true);
    await vault.setProfileSecret('p', { apiKey: 'session-key' });
    expect(await vault.getProfileSecret('p', 'apiKey')).toEqual({ apiKey: 'session-key' });
    expect((await vault.probe()).ok).toBe(true);
    expect(keychain.calls).toBe(callsBefore);
  });

  it('registers every secret it handles with the logger', async () => {
    const lines: LogEntry[] = [];
    const logger = new RedactingLogger({ sink: (entry) => lines.push(entry) });
    const vault = new SecretVault({ store: new MemorySecretStore(), logger });
    await vault.setProfileSecret('p', { apiKey: 'registered-key-123' });
    logger.info('oops registered-key-123');
    expect(lines[0]?.message).toBe('oops [redacted]');
  });
});
