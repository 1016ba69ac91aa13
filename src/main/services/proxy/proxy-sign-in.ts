import type { PortLoginAnswer, PortLoginInfo, PortSignIn } from '../http/request-port';
import { silentLogger, type Logger } from '../log/logger';
import { credentialsRefusedError } from './proxy-auth-scheme';
import type { AskProxyCredentials } from './proxy-authenticator';
import {
  checkedCredentials,
  type ProxyCredentials,
  type ProxyCredentialStore,
} from './proxy-credentials';
import { KeptProxyCredentials } from './kept-credentials';

/*
 * A user name and password for a proxy Chromium cannot sign in to with the user's own sign-in:
 * NTLM outside Windows, Negotiate without a Kerberos ticket. Chromium then asks the request
 * ('login'); the answer is the proxy's keychain entry, the same one Basic uses, else asked once
 * through the app's question and kept. The password stays in main: it goes to Chromium and
 * the keychain only, and the logger learns it so no line can carry it.
 */

/** How one 'login' is answered. */
export type LoginAnswer =
  /** Not by the app: a server's question, or another host's than the request's proxy. */
  | 'cancel'
  /** With the proxy's kept credentials. */
  | 'stored'
  /** With credentials asked for now, then kept. */
  | 'ask'
  /** The proxy refused the credentials this request gave: forget them, fail the request. */
  | 'refused';

/** What {@link loginAnswerOf} decides from. */
export interface LoginState {
  readonly info: PortLoginInfo;
  /** The origin of the proxy the request goes through, if it was told one. */
  readonly proxy: string | undefined;
  /** The credentials this request already gave, if any. */
  readonly given: ProxyCredentials | undefined;
  /** The credentials kept for the proxy now. */
  readonly stored: ProxyCredentials | undefined;
}

/**
 * The answer to one 'login' of a request. Only the request's own proxy gets credentials (they
 * are bound to its origin); a second question after they were given means they were refused,
 * unless another request has kept newer ones meanwhile, which are tried instead.
 */
export function loginAnswerOf({ info, proxy, given, stored }: LoginState): LoginAnswer {
  if (proxy === undefined || !isLoginOf(info, proxy)) return 'cancel';
  if (given !== undefined) return stored && !sameCredentials(stored, given) ? 'stored' : 'refused';
  return stored ? 'stored' : 'ask';
}

/** True when `info` is the question of `proxy` itself, not of a server or another host. */
export function isLoginOf(info: PortLoginInfo, proxy: string): boolean {
  if (!info.isProxy) return false;
  const url = new URL(proxy);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const bare = (host: string): string => host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare(info.host) === bare(url.hostname) && info.port === port;
}

function sameCredentials(a: ProxyCredentials, b: ProxyCredentials): boolean {
  return a.user === b.user && a.password === b.password;
}

/** Options of {@link ProxySignIn}: the ProxyAuthenticator's store and question. */
export interface ProxySignInOptions {
  readonly store: ProxyCredentialStore;
  readonly ask: AskProxyCredentials;
  /** Learns each password given, so no log line can carry it. */
  readonly logger?: Logger;
}

const CANCEL: PortLoginAnswer = { kind: 'cancel' };

/**
 * Answers Chromium's 'login' of the requests through a proxy with a user name and password:
 * kept ones first, else asked once per proxy at a time (the requests asking together wait for
 * the one answer) and kept in the keychain, or for this run where there is none.
 */
export class ProxySignIn {
  readonly #options: ProxySignInOptions;
  readonly #logger: Logger;
  readonly #asking = new Map<string, Promise<ProxyCredentials>>();
  readonly #kept: KeptProxyCredentials;

  constructor(options: ProxySignInOptions) {
    this.#options = options;
    this.#logger = options.logger ?? silentLogger;
    this.#kept = new KeptProxyCredentials(options.store, this.#logger);
  }

  /** The sign-in of one request through `proxy`: it remembers what it gave. */
  forRequest(proxy: string | undefined): PortSignIn {
    let given: ProxyCredentials | undefined;
    return async (info) => {
      if (proxy === undefined || !isLoginOf(info, proxy)) return CANCEL;
      const stored = await this.#kept.get(proxy);
      switch (loginAnswerOf({ info, proxy, given, stored })) {
        case 'cancel':
          return CANCEL;
        case 'refused':
          await this.#forget(proxy);
          return { kind: 'cancel', error: credentialsRefusedError(proxy) };
        case 'stored':
          given = stored;
          break;
        case 'ask':
          try {
            given = await this.#asked(proxy);
          } catch (error) {
            // Declined, or nobody to ask: the question's own error says what to do.
            return { kind: 'cancel', error: error as Error };
          }
      }
      if (given === undefined) return CANCEL;
      this.#logger.addSecret?.(given.password);
      return { kind: 'credentials', user: given.user, password: given.password };
    };
  }

  async #forget(proxy: string): Promise<void> {
    await this.#kept.forget(proxy);
    this.#logger.info('The proxy refused the credentials: removed from the keychain', { proxy });
  }

  #asked(proxy: string): Promise<ProxyCredentials> {
    let asking = this.#asking.get(proxy);
    if (!asking) {
      asking = this.#ask(proxy).finally(() => this.#asking.delete(proxy));
      this.#asking.set(proxy, asking);
    }
    return asking;
  }

  /** Asks for the proxy's credentials and keeps them (the keychain, else this run). */
  async #ask(proxy: string): Promise<ProxyCredentials> {
    const credentials = checkedCredentials(await this.#options.ask({ proxy }), proxy);
    this.#logger.addSecret?.(credentials.password);
    await this.#kept.keep(proxy, credentials);
    return credentials;
  }
}
