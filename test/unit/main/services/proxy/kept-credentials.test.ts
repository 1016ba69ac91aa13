import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../../src/main/services/log/logger';
import { KeptProxyCredentials } from '../../../../../src/main/services/proxy/kept-credentials';
import { ProxyCredentialStore } from '../../../../../src/main/services/proxy/proxy-credentials';
import {
  MemorySecretStore,
  type SecretStore,
} from '../../../../../src/main/services/secrets/secret-store';

/*
 * Where a proxy's credentials are kept: the keychain, bound to the proxy's origin; without a
 * keychain, this run's memory; and forgotten from both when the proxy refuses them.
 */

const PROXY = 'http://proxy.corp.example:3128';
const CREDENTIALS = { user: 'jane', password: 'sentinel-password' };

/** A keychain that is not there: every call fails, as keytar does without a Secret Service. */
const noKeychain: SecretStore = {
  kind: 'keychain',
  get: () => Promise.reject(new Error('no keychain')),
  set: () => Promise.reject(new Error('no keychain')),
  delete: () => Promise.reject(new Error('no keychain')),
};

describe('KeptProxyCredentials', () => {
  it('keeps credentials in the keychain, where another run finds them', async () => {
    const secrets = new MemorySecretStore();
    await new KeptProxyCredentials(new ProxyCredentialStore(secrets), silentLogger).keep(
      PROXY,
      CREDENTIALS,
    );
    const later = new KeptProxyCredentials(new ProxyCredentialStore(secrets), silentLogger);
    expect(await later.get(PROXY)).toEqual(CREDENTIALS);
    expect(await later.get('http://other.corp.example:3128')).toBeUndefined();
  });

  it('keeps them for this run only where there is no keychain, and forgets them', async () => {
    const kept = new KeptProxyCredentials(new ProxyCredentialStore(noKeychain), silentLogger);
    expect(await kept.get(PROXY)).toBeUndefined();
    await kept.keep(PROXY, CREDENTIALS);
    expect(await kept.get(PROXY)).toEqual(CREDENTIALS);
    await kept.forget(PROXY);
    expect(await kept.get(PROXY)).toBeUndefined();
  });

  it('forgets what the keychain holds', async () => {
    const secrets = new MemorySecretStore();
    const kept = new KeptProxyCredentials(new ProxyCredentialStore(secrets), silentLogger);
    await kept.keep(PROXY, CREDENTIALS);
    await kept.forget(PROXY);
    expect(await kept.get(PROXY)).toBeUndefined();
  });
});
