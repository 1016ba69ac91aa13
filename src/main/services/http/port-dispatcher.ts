import { Dispatcher, errors } from 'undici';
import { PortExchange } from './port-exchange';
import type { PortSignIn, RequestPort } from './request-port';

/** Options of {@link PortDispatcher}. */
export interface PortDispatcherOptions {
  /** The client that sends each request: Electron's `net.request` in the app. */
  readonly port: RequestPort;
  /** The proxy this dispatcher's requests go through, told to the port with each request. */
  readonly proxy?: string;
  /** Idle time allowed for an answer's head once the body is sent (default 60 s; 0 none). */
  readonly headersTimeoutMs?: number;
  /** Idle time allowed between two chunks of an answer's body (default 60 s; 0 none). */
  readonly bodyTimeoutMs?: number;
  /**
   * The sign-in of each request, made anew per request with this dispatcher's proxy: answers
   * a proxy that asks for credentials Chromium has not got (see {@link PortSignIn}).
   */
  readonly signInFor?: (proxy: string | undefined) => PortSignIn;
}

/**
 * An undici dispatcher whose requests go through a port instead of undici's sockets: in the
 * app, Chromium's network stack, which answers a proxy's Negotiate or NTLM challenge with the
 * user's own sign-in where undici cannot. The service client, the transfer engine and the team
 * monitor use it like any dispatcher (signals, deadlines, backpressure, interceptors); it
 * follows no redirect, as undici does not.
 */
export class PortDispatcher extends Dispatcher {
  readonly #options: PortDispatcherOptions;
  readonly #running = new Set<PortExchange>();
  #closed = false;

  constructor(options: PortDispatcherOptions) {
    super();
    this.#options = options;
  }

  override dispatch(
    opts: Dispatcher.DispatchOptions,
    handler: Dispatcher.DispatchHandler,
  ): boolean {
    if (this.#closed) {
      handler.onResponseError?.(null as never, new errors.ClientClosedError());
      return false;
    }
    const exchange = new PortExchange(
      {
        port: this.#options.port,
        ...(this.#options.proxy ? { proxy: this.#options.proxy } : {}),
        headersTimeoutMs: this.#options.headersTimeoutMs ?? 60_000,
        bodyTimeoutMs: this.#options.bodyTimeoutMs ?? 60_000,
        ...(this.#options.signInFor
          ? { signIn: this.#options.signInFor(this.#options.proxy) }
          : {}),
      },
      handler,
    );
    this.#running.add(exchange);
    void exchange.settled.then(() => this.#running.delete(exchange));
    // run() hands every failure to the handler; this only guards against a defect there.
    exchange.run(opts).catch((error: unknown) => exchange.abort(error as Error));
    return true;
  }

  /** Takes no new request and resolves once those running have ended. */
  override async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#running].map((exchange) => exchange.settled));
  }

  /** Takes no new request and aborts those running. */
  override async destroy(): Promise<void> {
    this.#closed = true;
    const running = [...this.#running];
    for (const exchange of running) exchange.abort(new errors.ClientDestroyedError());
    await Promise.all(running.map((exchange) => exchange.settled));
  }
}
