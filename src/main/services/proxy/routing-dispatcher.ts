import { Agent, Dispatcher, ProxyAgent } from 'undici';
import { isProxyAuthRequired } from './proxy-auth-scheme';
import type { ProxyAuthenticator } from './proxy-authenticator';
import type { ProxyResolver } from './proxy-resolvers';

/** The options every agent of a {@link RoutingDispatcher} is built with (timeouts, CAs, pools). */
export type RouteAgentOptions = Agent.Options &
  Pick<ProxyAgent.Options, 'requestTls' | 'proxyTls' | 'clientFactory'>;

/** Options of {@link RoutingDispatcher}. */
export interface RoutingDispatcherOptions {
  readonly resolver: ProxyResolver;
  readonly agent: RouteAgentOptions;
  /** Answers proxies that ask for credentials; absent, a 407 is the request's error. */
  readonly auth?: ProxyAuthenticator;
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
 * sent again through an agent carrying the credentials (see {@link ProxyAuthRetry}).
 */
export class RoutingDispatcher extends Dispatcher {
  readonly #options: RoutingDispatcherOptions;
  readonly #direct: Agent;
  readonly #proxies = new Map<string, Promise<ProxyRoute>>();

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
      const choice = await this.#options.resolver.resolve(origin);
      if (choice.kind === 'direct') {
        this.#direct.dispatch(opts, handler);
        return;
      }
      this.#sendThrough(choice.url, await this.#proxyRoute(choice.url), opts, handler);
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
      const target = hostPort(new URL(String(opts.origin)));
      const token = await auth.answer(proxy, target, route.token);
      this.#sendThrough(proxy, await this.#renewRoute(proxy, token), opts, handler);
    };
    route.agent.dispatch(opts, new ProxyAuthRetry(handler, retry));
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
      ...proxies.flatMap((route) =>
        route.status === 'fulfilled' ? [route.value.agent.close()] : [],
      ),
    ]);
  }

  override async destroy(): Promise<void> {
    const proxies = await Promise.allSettled([...this.#proxies.values()]);
    await Promise.all([
      this.#direct.destroy(),
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
 * error (the credentials are asked and stored first, so the next attempt passes).
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
