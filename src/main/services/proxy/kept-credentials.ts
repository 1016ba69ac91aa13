import type { Logger } from '../log/logger';
import type { ProxyCredentials, ProxyCredentialStore } from './proxy-credentials';

/**
 * A proxy's user name and password as they are kept, whoever answers the proxy with them (Basic
 * through undici, or Chromium's question): in the keychain, bound to the proxy's origin, or,
 * where there is no keychain (a container, a session without one), for this run only, in
 * memory. Never on disk otherwise.
 */
export class KeptProxyCredentials {
  readonly #store: ProxyCredentialStore;
  readonly #logger: Logger;
  /** Credentials the keychain could not keep, held for this run only. */
  readonly #session = new Map<string, ProxyCredentials>();

  constructor(store: ProxyCredentialStore, logger: Logger) {
    this.#store = store;
    this.#logger = logger;
  }

  /** The credentials kept for `proxy`, if any; an unreadable keychain is as an empty one. */
  async get(proxy: string): Promise<ProxyCredentials | undefined> {
    const held = this.#session.get(proxy);
    if (held !== undefined) return held;
    return this.#store.get(proxy).catch((error: unknown) => {
      this.#logger.warn('Could not read the proxy credentials from the keychain', { proxy, error });
      return undefined;
    });
  }

  /** Keeps `credentials` for `proxy`: in the keychain, else for this run. */
  async keep(proxy: string, credentials: ProxyCredentials): Promise<void> {
    try {
      await this.#store.set(proxy, credentials);
      this.#logger.info('Stored credentials for the proxy in the keychain', { proxy });
    } catch (error) {
      this.#logger.warn(
        'Could not keep the proxy credentials in the keychain: used for this run only',
        { proxy, error },
      );
      this.#session.set(proxy, credentials);
    }
  }

  /** Forgets what is kept for `proxy` (the proxy refused it). */
  async forget(proxy: string): Promise<void> {
    this.#session.delete(proxy);
    await this.#store.delete(proxy).catch(() => false);
  }
}
