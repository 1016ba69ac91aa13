import type { DispatcherOptions } from '../../services/http/dispatcher';
import type { Logger } from '../../services/log/logger';
import { ProxyAuthenticator } from '../../services/proxy/proxy-authenticator';
import { ProxyCredentialStore } from '../../services/proxy/proxy-credentials';
import type { SecretStore } from '../../services/secrets/secret-store';
import type { RunOptions } from '../args/options';
import { cliProxyCredentials, type ProxyPrompt } from './proxy-credentials';
import type { DeadlinePause } from '../../services/http/deadline-pause';

/*
 * The command line's network: --proxy, then --proxy-pac, then HTTPS_PROXY/NO_PROXY (see
 * services/proxy/proxy-source.ts), and the answer to a proxy that asks for Basic credentials:
 * the keychain's, else DATABRIDGE_PROXY_USER and DATABRIDGE_PROXY_PASSWORD, else the person at
 * the terminal (connection/proxy-credentials.ts), stored in the keychain for the next runs.
 */

/** A SecretStore opened on first use: the keychain is loaded only when a proxy asks. */
function lazyStore(open: () => SecretStore): SecretStore {
  let store: SecretStore | undefined;
  const get = (): SecretStore => (store ??= open());
  return {
    get kind() {
      return get().kind;
    },
    get: (account) => get().get(account),
    set: (account, secret) => get().set(account, secret),
    delete: (account) => get().delete(account),
  };
}

/** What the command line's dispatcher and direct route take from its options. */
export function cliNetworkOptions(given: {
  readonly options: Pick<RunOptions, 'proxy' | 'proxy-pac'>;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly logger: Logger;
  readonly secretStore: () => SecretStore;
  /** The terminal a proxy's user name and password are asked on (absent: nobody is there). */
  readonly prompt?: ProxyPrompt;
  /** Stopped while the person answers: the run's clients follow their deadlines with it. */
  readonly deadlinePause?: DeadlinePause;
}): DispatcherOptions {
  const { options, env, logger, prompt, deadlinePause } = given;
  const pac = options['proxy-pac'];
  return {
    env,
    logger,
    ...(options.proxy ? { proxyUrl: options.proxy } : {}),
    ...(pac ? { proxyPacUrl: pac } : {}),
    proxyAuth: new ProxyAuthenticator({
      store: new ProxyCredentialStore(lazyStore(given.secretStore)),
      ask: cliProxyCredentials({ env, prompt, ...(deadlinePause ? { deadlinePause } : {}) }),
      logger,
    }),
  };
}
