import { errors, type Dispatcher } from 'undici';
import { isPortBody, writeBody } from './port-body';
import { portErrorOf } from './port-errors';
import {
  answerHeadersOf,
  portHeadersOf,
  portUrlOf,
  type PortHeaders,
  type PortLoginCallback,
  type PortLoginInfo,
  type PortRequest,
  type PortResponse,
  type PortSignIn,
  type RequestPort,
} from './request-port';

/** What one exchange needs besides the dispatch: the port, its proxy, the idle timeouts. */
export interface PortExchangeOptions {
  readonly port: RequestPort;
  readonly proxy?: string;
  /** Idle time allowed for the answer's head once the body is sent; 0 for none. */
  readonly headersTimeoutMs: number;
  /** Idle time allowed between two chunks of the answer's body; 0 for none. */
  readonly bodyTimeoutMs: number;
  /** Answers the port's 'login' events of this request; absent, the port's default stands. */
  readonly signIn?: PortSignIn;
}

/**
 * One request sent through a port, driving undici's handler as undici's own clients do: the
 * exchange is the handler's controller (abort, pause, resume), every event reaches the handler
 * once and in order, and exactly one of onResponseEnd or onResponseError ends it. A redirect
 * is handed to the handler as the answer it is, never followed: the caller decides.
 */
export class PortExchange implements Dispatcher.DispatchController {
  readonly #options: PortExchangeOptions;
  readonly #handler: Dispatcher.DispatchHandler;
  readonly #stop = new AbortController();
  #request: PortRequest | undefined;
  #response: PortResponse | undefined;
  #aborted = false;
  #paused = false;
  #reason: Error | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #bodyTimeoutMs: number;
  #headersTimeoutMs: number;
  /** True once the whole body is handed to the port: the wait for the head may start. */
  #bodySent = false;
  /** How many 'login' questions are being answered: no idle wait runs meanwhile. */
  #signingIn = 0;
  #settle: () => void = () => undefined;
  /** Settles once the handler has heard the end or the error. */
  readonly settled = new Promise<void>((resolve) => (this.#settle = resolve));
  #isSettled = false;

  constructor(options: PortExchangeOptions, handler: Dispatcher.DispatchHandler) {
    this.#options = options;
    this.#handler = handler;
    this.#bodyTimeoutMs = options.bodyTimeoutMs;
    this.#headersTimeoutMs = options.headersTimeoutMs;
  }

  get aborted(): boolean {
    return this.#aborted;
  }

  get paused(): boolean {
    return this.#paused;
  }

  get reason(): Error | null {
    return this.#reason;
  }

  abort(reason: Error): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#fail(reason);
  }

  pause(): void {
    this.#paused = true;
    this.#response?.pause();
    this.#clearTimer();
  }

  resume(): void {
    if (!this.#paused) return;
    this.#paused = false;
    this.#response?.resume();
    if (this.#response) this.#armBody();
  }

  /** Starts the exchange; its outcome reaches the handler, never this promise. */
  async run(opts: Dispatcher.DispatchOptions): Promise<void> {
    this.#call(() => this.#handler.onRequestStart?.(this, {}));
    if (this.#isSettled) return;
    const { body } = opts;
    this.#bodyTimeoutMs = opts.bodyTimeout ?? this.#options.bodyTimeoutMs;
    if (!isPortBody(body) || opts.upgrade || opts.method === 'CONNECT') {
      this.#fail(new errors.NotSupportedError('This route sends plain requests only.'));
      return;
    }
    try {
      this.#request = await this.#options.port({
        url: portUrlOf(opts),
        method: opts.method,
        headers: portHeadersOf(opts.headers),
        ...(this.#options.proxy ? { proxy: this.#options.proxy } : {}),
      });
    } catch (error) {
      this.#fail(portErrorOf(error));
      return;
    }
    const request = this.#request;
    // The error listener comes first and stays: a port's request emits 'error' after an
    // abort too (Electron's does), which must never go unheard.
    request.on('error', (error) => this.#fail(portErrorOf(error)));
    if (this.#isSettled) {
      request.abort();
      return;
    }
    request.on('response', (response) => this.#onResponse(response));
    request.on('redirect', (status, _method, _url, headers) => this.#onRedirect(status, headers));
    const { signIn } = this.#options;
    if (signIn) request.on('login', (info, callback) => this.#onLogin(signIn, info, callback));
    this.#headersTimeoutMs = opts.headersTimeout ?? this.#options.headersTimeoutMs;
    writeBody(request, body, this.#stop.signal).then(
      () => {
        this.#bodySent = true;
        // A host may answer before it has read the whole body: then there is no head to wait for.
        if (!this.#response) this.#armHeaders(this.#headersTimeoutMs);
      },
      (error: unknown) => this.#fail(portErrorOf(error)),
    );
  }

  #onResponse(response: PortResponse): void {
    response.on('error', (error) => this.#fail(portErrorOf(error)));
    this.#clearTimer();
    if (this.#isSettled) {
      response.destroy();
      return;
    }
    this.#response = response;
    const headers = answerHeadersOf(response.headers);
    const status = response.statusCode ?? 0;
    this.#call(() =>
      this.#handler.onResponseStart?.(this, status, headers, response.statusMessage ?? ''),
    );
    if (this.#isSettled) return;
    if (this.#paused) response.pause();
    response.on('data', (chunk) => {
      if (this.#isSettled) return;
      if (!this.#paused) this.#armBody();
      this.#call(() => this.#handler.onResponseData?.(this, chunk));
    });
    response.on('end', () => this.#finish());
    // After 'end' this is a no-op; before it, the answer was cut short.
    response.on('close', () => this.#fail(new errors.SocketError('The answer was cut short.')));
    if (!this.#paused) this.#armBody();
  }

  /**
   * Electron's 'login': the proxy wants a sign-in Chromium has not got. No idle wait runs
   * while it is answered, since the answer may be a person's in a dialog; credentials go back
   * to Chromium, and a cancel with an error (refused, declined) ends the request with it.
   */
  #onLogin(signIn: PortSignIn, info: PortLoginInfo, callback: PortLoginCallback): void {
    this.#signingIn += 1;
    this.#clearTimer();
    void signIn(info)
      .catch((error: unknown) => ({ kind: 'cancel' as const, error: portErrorOf(error) }))
      .then((answer) => {
        this.#signingIn -= 1;
        // Ended meanwhile (aborted, a deadline): Chromium dropped the question with the request.
        if (this.#isSettled) return;
        try {
          if (answer.kind === 'credentials') callback(answer.user, answer.password);
          else callback();
        } catch (error) {
          // Electron's callback throws when called twice: a defect, ended as the request's error.
          this.#fail(portErrorOf(error));
          return;
        }
        if (answer.kind === 'cancel' && answer.error) this.#fail(answer.error);
        else if (this.#bodySent && !this.#response) this.#armHeaders(this.#headersTimeoutMs);
      });
  }

  /** Electron's manual redirect: the 3xx reaches the handler as a complete answer. */
  #onRedirect(status: number, headers: PortHeaders): void {
    if (this.#isSettled) return;
    this.#clearTimer();
    this.#call(() => this.#handler.onResponseStart?.(this, status, answerHeadersOf(headers), ''));
    this.#finish();
  }

  #finish(): void {
    if (this.#isSettled) return;
    this.#end();
    this.#call(() => this.#handler.onResponseEnd?.(this, {}));
  }

  #fail(error: Error): void {
    if (this.#isSettled) return;
    this.#end();
    this.#stop.abort(error);
    this.#request?.abort();
    this.#response?.destroy();
    this.#handler.onResponseError?.(this, error);
  }

  #end(): void {
    this.#isSettled = true;
    this.#clearTimer();
    this.#settle();
  }

  /** Runs a handler callback; one that throws ends the exchange with its error, as in undici. */
  #call(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      this.abort(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /**
   * The wait for the answer's head, from the end of the body. Chromium takes the whole body
   * at once and sends it afterwards, so while its upload count still moves the wait goes on.
   */
  #armHeaders(ms: number, sent = this.#request?.getUploadProgress?.().current): void {
    this.#arm(ms, () => {
      const now = this.#request?.getUploadProgress?.().current;
      if (now !== undefined && now !== sent) this.#armHeaders(ms, now);
      else this.#fail(new errors.HeadersTimeoutError());
    });
  }

  #armBody(): void {
    this.#arm(this.#bodyTimeoutMs, () => this.#fail(new errors.BodyTimeoutError()));
  }

  #arm(ms: number, onTimeout: () => void): void {
    this.#clearTimer();
    if (ms > 0 && !this.#isSettled && this.#signingIn === 0)
      this.#timer = setTimeout(onTimeout, ms);
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
