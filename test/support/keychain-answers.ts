import { KeytarSecretStore } from '../../src/main/platform/keytar-secret-store';

/*
 * Whether the OS keychain answers here: scripts/with-keyring.sh gives the tests (and the CLI
 * children they start, which inherit its D-Bus address) a real Secret Service; elsewhere the
 * tests that need one skip, saying why.
 */

/** Undefined when a keychain answers within 5 s; else why the test that needs one skips. */
export async function keychainMissing(): Promise<string | undefined> {
  try {
    const probe = new KeytarSecretStore({ service: 'DataBridge Desktop Test' });
    await Promise.race([
      probe.get('probe'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 5 s')), 5000)),
    ]);
    return undefined;
  } catch (error) {
    return `no keychain answers (${(error as Error).message}); run with scripts/with-keyring.sh`;
  }
}
