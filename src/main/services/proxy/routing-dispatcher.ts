import { Agent, Dispatcher, ProxyAgent } from 'undici';
import { isProxyAuthRequired } from './proxy-auth-scheme';
import { requestRouteOf } from './proxy-auth-route';
import type { ProxyAuthenticator } from './proxy-authenticator';
import type { ProxyResolver } from './proxy-resolvers';
import { SignInRefusal } from './sign-in-refusal';

/** The options every agent of a {@link RoutingDispatcher} is built with (timeouts, CAs, pools). */
export type RouteAgentOptions = Agent.Options &
  Pick<ProxyAgent.Options, 'requestTls' | 'proxyTls' | 'clientFactory'>;

/** Options of {@link RoutingDispatcher}. */
export interface RoutingDispatcherOptions {
  readonly resolver: ProxyResolver;
  readonly agent: RouteAgentOptions;
  /** Answers proxies that ask for credentials; absent, a 407 is the request's error. */
  readonly auth?: ProxyAuthenticator;
  /**
   * The dispatcher sending requests through `proxy` with Chromium's network stack (the app
   * only), for a proxy that wants the user's sign-in (Negotiate, NTLM); absent, such a proxy
   * is named in an error saying what to do.
   */
  readonly chromium?: (proxy: string) => Dispatcher;
}

/** A proxy's agent and the Proxy-Authorization value it sends (if any). */
interface ProxyRoute {
  readonly agent: ProxyAgent;
  readonly token: string | undefined;
}

/**
 * Sends each request the way the resolver chooses for its URL: straight out through one
 * agent, or through one agent per proxy. Every agent has the same timeouts, CAs and
 * connection limits. A proxy's 407 is answered once by the authenticator, then the request is
 * sent again through an agent carrying the credentials (see {@link ProxyAuthRetry}), or, for a
 * proxy that wants the user's sign-in, through Chromium, as every later request to it is.
 */
export class RoutingDispatcher extends Dispatcher {
  readonly #options: RoutingDispatcherOptions;
  readonly #direct: Agent;
  readonly #proxies = new Map<string, Promise<ProxyRoute>>();
  /** The proxies handed to Chromium, for the dispatcher's life, and their dispatchers. */
  readonly #handedOver = new Map<string, Dispatcher>();

  constructor(options: RoutingDispatcherOptions) {
    super();
    this.#options = options;
    this.#direct = new Agent(options.agent);
  }

  override dispatch(
    opts: Dispatcher.DispatchOptions,
    handler: Dispatcher.DispatchHandler,
  ): boolean {
    void this.#route(opts, handler);
    return true;
  }

  async #route(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
    try {
      const origin = new URL(String(opts.origin));
      const route = requestRouteOf(await this.#options.resolver.resolve(origin), this.#handedOver);
      switch (route.kind) {
        case 'direct':
          this.#direct.dispatch(opts, handler);
          return;
        case 'chromium':
          this.#sendByChromium(route.proxy, opts, handler);
          return;
        case 'proxy':
          this.#sendThrough(route.proxy, await this.#proxyRoute(route.proxy), opts, handler);
      }
    } catch (error) {
      handler.onResponseError?.(null as never, error as Error);
    }
  }

  /**
   * Sends through `route`; a 407 is answered by the authenticator (which throws when the
   * credentials just sent were refused) and the request sent again, once per new credentials.
   */
  #sendThrough(
    proxy: string,
    route: ProxyRoute,
    opts: Dispatcher.DispatchOptions,
    handler: Dispatcher.DispatchHandler,
  ): void {
    const { auth } = this.#options;
    if (!auth || !replayable(opts)) {
      route.agent.dispatch(opts, handler);
      return;
    }
    const retry = async (): Promise<void> => {
      const answer = await auth.answer({
        proxy,
        target: hostPort(new URL(String(opts.origin))),
        sent: route.token,
        hasChromium: this.#options.chromium !== undefined,
      });
      if (answer.kind === 'chromium') this.#sendByChromium(proxy, opts, handler);
      else this.#sendThrough(proxy, await this.#renewRoute(proxy, answer.token), opts, handler);
    };
    route.agent.dispatch(opts, new ProxyAuthRetry(handler, retry));
  }

  /** Sends through `proxy` with Chromium, which answers its sign-in; it stays there after. */
  #sendByChromium(
    proxy: string,
    opts: Dispatcher.DispatchOptions,
    handler: Dispatcher.DispatchHandler,
  ): void {
    const make = this.#options.chromium;
    if (!make) throw new Error('No Chromium network stack to send through');
    let chromium = this.#handedOver.get(proxy);
    if (!chromium) {
      chromium = make(proxy);
      this.#handedOver.set(proxy, chromium);
    }
    chromium.dispatch(opts, new SignInRefusal(handler, proxy));
  }

  #proxyRoute(proxy: string): Promise<ProxyRoute> {
    let route = this.#proxies.get(proxy);
    if (!route) {
      route = (async () => this.#routeWith(proxy, await this.#options.auth?.tokenFor(proxy)))();
      this.#proxies.set(proxy, route);
      route.catch(() => this.#proxies.delete(proxy));
    }
    return route;
  }

  /** The route of `proxy` sending `token`: the current one if it does, else a new one. */
  async #renewRoute(proxy: string, token: string): Promise<ProxyRoute> {
    const current = await this.#proxyRoute(proxy);
    if (current.token === token) return current;
    const route = this.#routeWith(proxy, token);
    this.#proxies.set(proxy, Promise.resolve(route));
    // Requests already on the old agent finish there; it takes no new ones.
    void current.agent.close().catch(() => undefined);
    return route;
  }

  #routeWith(proxy: string, token: string | undefined): ProxyRoute {
    const agent = new ProxyAgent({
      ...this.#options.agent,
      uri: proxy,
      ...(token === undefined ? {} : { token }),
    });
    return { agent, token };
  }

  override async close(): Promise<void> {
    const proxies = await Promise.allSettled([...this.#proxies.values()]);
    await Promise.all([
      this.#direct.close(),
      ...[...this.#handedOver.values()].map((chromium) => chromium.close()),
      ...proxies.flatMap((route) =>
        route.status === 'fulfilled' ? [route.value.agent.close()] : [],
      ),
    ]);
  }

  override async destroy(): Promise<void> {
    const proxies = await Promise.allSettled([...this.#proxies.values()]);
    await Promise.all([
      this.#direct.destroy(),
      ...[...this.#handedOver.values()].map((chromium) => chromium.destroy()),
      ...proxies.flatMap((route) =>
        route.status === 'fulfilled' ? [route.value.agent.destroy()] : [],
      ),
    ]);
  }
}

/** `host:port` of a URL, with the scheme's port when it names none (a tunnel's target). */
function hostPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

/**
 * True when the request can be sent twice: no body, or one held in memory. A stream body may
 * be half read when a forwarding proxy answers 407, so such a request gets the 407 as its
 * error, and nothing is asked for it. The service's API calls, which come before any upload
 * part, are replayable: through the same proxy, one of them has the credentials asked and
 * kept (or the proxy handed to Chromium) first, so a part meets no 407.
 */
function replayable(opts: Dispatcher.DispatchOptions): boolean {
  const { body } = opts;
  return (
    body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array
  );
}

/**
 * Passes every event of a request through, except a proxy's 407 before anything of the
 * request started: then `retry` answers it (asks, stores, sends again) and only its failure
 * reaches the handler.
 */
class ProxyAuthRetry implements Dispatcher.DispatchHandler {
  readonly #inner: Dispatcher.DispatchHandler;
  readonly #retry: () => Promise<void>;

  constructor(inner: Dispatcher.DispatchHandler, retry: () => Promise<void>) {
    this.#inner = inner;
    this.#retry = retry;
  }

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.#inner.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Parameters<NonNullable<Dispatcher.DispatchHandler['onRequestUpgrade']>>[2],
    socket: Parameters<NonNullable<Dispatcher.DispatchHandler['onRequestUpgrade']>>[3],
  ): void {
    this.#inner.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseStart']>>[2],
    statusMessage?: string,
  ): void {
    this.#inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#inner.onResponseData?.(controller, chunk);
  }

  onResponseEnd(
    controller: Dispatcher.DispatchController,
    trailers: Parameters<NonNullable<Dispatcher.DispatchHandler['onResponseEnd']>>[1],
  ): void {
    this.#inner.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    if (!isProxyAuthRequired(error)) {
      this.#inner.onResponseError?.(controller, error);
      return;
    }
    this.#retry().catch((failure: unknown) => {
      this.#inner.onResponseError?.(controller, failure as Error);
    });
  }
}
