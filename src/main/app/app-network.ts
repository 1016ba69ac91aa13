import type { Dispatcher } from 'undici';
import type { Settings } from '../../shared/model/settings';
import { DeadlinePause } from '../services/http/deadline-pause';
import { createDispatcher, networkOf, proxyResolverOf } from '../services/http/dispatcher';
import type { DirectRouteOptions } from '../services/http/direct-route';
import type { AppEventBus } from '../services/ipc/app-event-bus';
import {
  environmentCredentials,
  proxyCredentialsInEnv,
} from '../services/proxy/environment-credentials';
import {
  ProxyAuthenticator,
  type AskProxyCredentials,
} from '../services/proxy/proxy-authenticator';
import { ProxyCredentialStore } from '../services/proxy/proxy-credentials';
import { ProxyQuestions } from '../services/proxy/proxy-questions';
import { ProxySignIn } from '../services/proxy/proxy-sign-in';
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

/**
 * The app's answers to a proxy asking for a user name and password, Basic through undici or
 * Chromium's 'login': one keychain entry per proxy and one question for both.
 */
function proxyAuthOf(
  options: Pick<AppServicesOptions, 'secretStore' | 'askProxyCredentials' | 'logger'>,
  ask: AskProxyCredentials,
): { proxyAuth: ProxyAuthenticator; proxySignIn: ProxySignIn } {
  const answers = {
    store: new ProxyCredentialStore(options.secretStore),
    ask: options.askProxyCredentials ?? ask,
    logger: options.logger,
  };
  return { proxyAuth: new ProxyAuthenticator(answers), proxySignIn: new ProxySignIn(answers) };
}

/**
 * The app's network: the proxy choice of the settings (a proxy URL, else a PAC URL), the
 * environment, else the system's, with the CAs, read once for the dispatcher and the direct
 * downloads; the dispatcher answers a proxy's Basic 407 from the keychain, else by `ask` (the
 * window's dialog), and hands a proxy that wants Negotiate or NTLM to `chromiumRequest`, whose
 * question for a user name and password (no sign-in of the user's own) gets the same answers.
 */
export function appNetwork(
  options: Pick<
    AppServicesOptions,
    | 'secretStore'
    | 'askProxyCredentials'
    | 'logger'
    | 'systemProxy'
    | 'dispatcher'
    | 'chromiumRequest'
  >,
  settings: Pick<Settings, 'proxyUrl' | 'proxyPacUrl'>,
  ask: AskProxyCredentials = environmentCredentials(process.env),
): { network: DirectRouteOptions; dispatcher: Dispatcher } {
  const { proxyUrl, proxyPacUrl } = settings;
  const network = networkOnce({
    logger: options.logger,
    ...(proxyUrl ? { proxyUrl } : {}),
    ...(proxyPacUrl ? { proxyPacUrl } : {}),
    ...(options.systemProxy ? { systemProxy: options.systemProxy } : {}),
  });
  const { chromiumRequest } = options;
  const dispatcher =
    options.dispatcher ??
    createDispatcher({
      ...network,
      ...proxyAuthOf(options, ask),
      ...(chromiumRequest ? { chromiumRequest } : {}),
    });
  return { network, dispatcher };
}

/**
 * The app's network ({@link appNetwork}) whose proxies' questions go to the window: the
 * variables where IT set them for the app, else a question the window answers
 * (ProxyCredentialsDialog.vue), told to it on the bus. `stop` ends the questions left.
 * `deadlinePause` is held while a question is open: the connections' clients follow their
 * deadlines with it, so the time the user takes to answer does not count against them.
 */
export function askingNetwork(
  options: Parameters<typeof appNetwork>[0],
  settings: Pick<Settings, 'proxyUrl' | 'proxyPacUrl'>,
  bus: Pick<AppEventBus, 'emit'>,
): ReturnType<typeof appNetwork> & {
  proxyQuestions: ProxyQuestions;
  deadlinePause: DeadlinePause;
  stop: () => void;
} {
  const deadlinePause = new DeadlinePause();
  const proxyQuestions = new ProxyQuestions({ deadlinePause });
  const told = proxyQuestions.onDidChange((questions) =>
    bus.emit('proxy:onDidChangeQuestions', { questions }),
  );
  const ask: AskProxyCredentials = (request) => {
    const given = proxyCredentialsInEnv(process.env);
    return given ? Promise.resolve(given) : proxyQuestions.ask(request);
  };
  const stop = (): void => {
    told();
    proxyQuestions.dispose();
  };
  return { ...appNetwork(options, settings, ask), proxyQuestions, deadlinePause, stop };
}
