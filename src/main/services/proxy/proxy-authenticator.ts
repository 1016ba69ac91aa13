import { silentLogger, type Logger } from '../log/logger';
import {
  credentialsRefusedError,
  probeProxyAuth,
  unsupportedSchemeError,
} from './proxy-auth-scheme';
import { refusalAnswerOf } from './proxy-auth-route';
import { KeptProxyCredentials } from './kept-credentials';
import {
  basicToken,
  checkedCredentials,
  type ProxyCredentials,
  type ProxyCredentialStore,
} from './proxy-credentials';

/** What the one who asks is told: the proxy that wants a user name and password. */
interface ProxyCredentialsRequest {
  readonly proxy: string;
}

/**
 * Asks for a proxy's user name and password: a terminal prompt or the environment in the
 * command line, a dialog in the app. It throws an AppError saying what to do when nobody can
 * answer (no terminal, no variables).
 */
export type AskProxyCredentials = (request: ProxyCredentialsRequest) => Promise<unknown>;

/** A proxy's 407, as {@link ProxyAuthenticator.answer} is told of it. */
export interface ProxyRefusal {
  /** The proxy's origin. */
  readonly proxy: string;
  /** The `host:port` the refused request was going to. */
  readonly target: string;
  /** The Proxy-Authorization value the refused request carried, if any. */
  readonly sent: string | undefined;
  /** True where Chromium's network stack can take the proxy's requests (the app). */
  readonly hasChromium: boolean;
}

/** How to send again after a 407: with this Proxy-Authorization value, or through Chromium. */
export type ProxyAnswer =
  { readonly kind: 'basic'; readonly token: string } | { readonly kind: 'chromium' };

/** Options of {@link ProxyAuthenticator}. */
export interface ProxyAuthenticatorOptions {
  readonly store: ProxyCredentialStore;
  readonly ask: AskProxyCredentials;
  /** Learns the schemes a proxy asks for (default: a bare CONNECT to it). */
  readonly probe?: (proxy: string, target: string) => Promise<string[]>;
  /** Learns each secret given, so no log line can carry it. */
  readonly logger?: Logger;
}

/**
 * Answers proxies that ask for credentials (407) with Basic: the stored ones first, else asked
 * once and stored, bound to the proxy's origin. A second 407 with the credentials just sent
 * means they are wrong: their keychain entry alone is removed and the error says so. A proxy
 * that wants Negotiate or NTLM only is handed to Chromium where there is one
 * (proxy-auth-route.ts), and named in an error saying what to do where there is none.
 */
export class ProxyAuthenticator {
  readonly #options: ProxyAuthenticatorOptions;
  readonly #logger: Logger;
  /** One question per proxy at a time: the requests refused together wait for the same answer. */
  readonly #asking = new Map<string, Promise<ProxyAnswer>>();
  readonly #kept: KeptProxyCredentials;

  constructor(options: ProxyAuthenticatorOptions) {
    this.#options = options;
    this.#logger = options.logger ?? silentLogger;
    this.#kept = new KeptProxyCredentials(options.store, this.#logger);
  }

  /** The Proxy-Authorization value stored for `proxy`, if any. */
  async tokenFor(proxy: string): Promise<string | undefined> {
    const stored = await this.#kept.get(proxy);
    return stored ? this.#tokenOf(stored) : undefined;
  }

  /** After a proxy's 407 (see {@link ProxyRefusal}): how to send again, or an AppError. */
  answer(refusal: ProxyRefusal): Promise<ProxyAnswer> {
    const { proxy } = refusal;
    const running = this.#asking.get(proxy);
    if (running) return running;
    const answer = this.#answer(refusal).finally(() => this.#asking.delete(proxy));
    this.#asking.set(proxy, answer);
    return answer;
  }

  async #answer({ proxy, target, sent, hasChromium }: ProxyRefusal): Promise<ProxyAnswer> {
    if (sent !== undefined) return { kind: 'basic', token: await this.#refused(proxy, sent) };
    const probe =
      this.#options.probe ??
      ((origin: string, to: string) => probeProxyAuth({ proxy: origin, target: to }));
    const schemes = await probe(proxy, target);
    switch (refusalAnswerOf(schemes, hasChromium)) {
      case 'chromium':
        this.#logger.info('The proxy asks for a sign-in: its requests go through Chromium', {
          proxy,
          schemes: schemes.join(', '),
        });
        return { kind: 'chromium' };
      case 'unsupported':
        throw unsupportedSchemeError(proxy, schemes);
      case 'basic':
        return { kind: 'basic', token: await this.#asked(proxy) };
    }
  }

  /** The credentials `sent` were refused: newer ones another request got, else an AppError. */
  async #refused(proxy: string, sent: string): Promise<string> {
    const current = await this.tokenFor(proxy);
    // Another request already got new credentials after this one was sent: use those.
    if (current !== undefined && current !== sent) return current;
    await this.#kept.forget(proxy);
    throw credentialsRefusedError(proxy);
  }

  /** Asks for the proxy's credentials and keeps them (the keychain, else this run). */
  async #asked(proxy: string): Promise<string> {
    const credentials = checkedCredentials(await this.#options.ask({ proxy }), proxy);
    const token = this.#tokenOf(credentials);
    await this.#kept.keep(proxy, credentials);
    return token;
  }

  #tokenOf(credentials: ProxyCredentials): string {
    const token = basicToken(credentials);
    this.#logger.addSecret?.(credentials.password);
    this.#logger.addSecret?.(token);
    this.#logger.addSecret?.(token.slice('Basic '.length));
    return token;
  }
}
