import type { Dispatcher } from 'undici';
import type { Settings } from '../../shared/model/settings';
import { createDispatcher, networkOf, proxyResolverOf } from '../services/http/dispatcher';
import type { DirectRouteOptions } from '../services/http/direct-route';
import { environmentCredentials } from '../services/proxy/environment-credentials';
import { ProxyAuthenticator } from '../services/proxy/proxy-authenticator';
import { ProxyCredentialStore } from '../services/proxy/proxy-credentials';
import type { AppServicesOptions } from './create-app-services';

/**
 * The proxy choice and CAs, read once for the dispatcher and the direct downloads: one
 * resolver, so a PAC file is fetched once and its answers cached once.
 */
function networkOnce(options: DirectRouteOptions): DirectRouteOptions {
  const { ca } = networkOf(options);
  const withCa = { ...options, ...(ca ? { ca } : {}) };
  return { ...withCa, resolver: proxyResolverOf(withCa) };
}

/** The app's answer to a proxy asking for Basic credentials: the keychain, else asked. */
function proxyAuthOf(
  options: Pick<AppServicesOptions, 'secretStore' | 'askProxyCredentials' | 'logger'>,
): ProxyAuthenticator {
  return new ProxyAuthenticator({
    store: new ProxyCredentialStore(options.secretStore),
    ask: options.askProxyCredentials ?? environmentCredentials(process.env),
    logger: options.logger,
  });
}

/**
 * The app's network: the proxy choice of the settings (a proxy URL, else a PAC URL), the
 * environment, else the system's, with the CAs, read once for the dispatcher and the direct
 * downloads; the dispatcher answers a proxy's Basic 407 from the keychain.
 */
export function appNetwork(
  options: Pick<
    AppServicesOptions,
    'secretStore' | 'askProxyCredentials' | 'logger' | 'systemProxy' | 'dispatcher'
  >,
  settings: Pick<Settings, 'proxyUrl' | 'proxyPacUrl'>,
): { network: DirectRouteOptions; dispatcher: Dispatcher } {
  const { proxyUrl, proxyPacUrl } = settings;
  const network = networkOnce({
    logger: options.logger,
    ...(proxyUrl ? { proxyUrl } : {}),
    ...(proxyPacUrl ? { proxyPacUrl } : {}),
    ...(options.systemProxy ? { systemProxy: options.systemProxy } : {}),
  });
  const dispatcher =
    options.dispatcher ?? createDispatcher({ ...network, proxyAuth: proxyAuthOf(options) });
  return { network, dispatcher };
}
