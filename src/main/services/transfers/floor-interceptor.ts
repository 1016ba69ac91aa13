import type { Dispatcher } from 'undici';
import { isFloorOn, ThroughputMeter, TooSlowError, type ThroughputFloor } from './throughput-floor';

/*
 * The throughput floor (throughput-floor.ts) on every request undici sends to a pre-signed
 * host: the uploads, and the downloads the direct GET leaves to undici (a proxy, a redirect).
 * An interceptor, as the read deadline is, so that it holds whatever dispatcher the app hands
 * in. The direct GET meters its own socket (download/direct-get.ts).
 *
 * The host has the turn while undici waits on it: between handing it a chunk of an upload
 * and asking our body for the next (undici asks once the socket took the chunk), and while
 * the answer's body arrives and our reader is ready for it. Reading the next chunk from disk
 * (and our bandwidth limit before it goes), and a reader that paused the answer (the file, or
 * the limit, behind), are ours. The wait for the answer's head is the read deadline's.
 */

/** Options of {@link withThroughputFloor}. */
interface FloorInterceptorOptions {
  /** The floor, read as each request starts (a setting the user may change). */
  floor: () => ThroughputFloor;
  /** A monotonic clock in ms (default `performance.now`). */
  now?: () => number;
}

/**
 * `dispatcher` with the floor on every request: one below it is ended with a
 * {@link TooSlowError} (NETWORK: its step retries it). With the floor off, requests pass as is.
 */
export function withThroughputFloor(
  dispatcher: Dispatcher,
  options: FloorInterceptorOptions,
): Dispatcher {
  return dispatcher.compose((dispatch) => (opts, handler) => {
    const floor = options.floor();
    if (!isFloorOn(floor)) return dispatch(opts, handler);
    const meter = new ThroughputMeter(floor, options.now);
    const body = isPulled(opts.body) ? pulledBody(opts.body, meter) : undefined;
    // undici sends an async iterable body chunk by chunk, though its types list only streams.
    const sent = body
      ? { ...opts, body: body as unknown as Dispatcher.DispatchOptions['body'] }
      : opts;
    return dispatch(sent, new FlooredHandler(handler, meter));
  });
}

/** An async iterable that is not a stream: the part bodies undici pulls one chunk at a time. */
function isPulled(body: unknown): body is AsyncIterable<Uint8Array> {
  if (typeof body !== 'object' || body === null) return false;
  return Symbol.asyncIterator in body && !('pipe' in body);
}

/**
 * `body` as undici pulls it, timed: from a chunk handed over to the next pull the host has
 * the turn, and the chunk counts once the host took it. Below the floor, the error thrown
 * here ends the request with it (undici aborts a request whose body throws).
 */
async function* pulledBody(
  body: AsyncIterable<Uint8Array>,
  meter: ThroughputMeter,
): AsyncGenerator<Uint8Array, void, undefined> {
  const chunks = body[Symbol.asyncIterator]();
  let ended = false;
  try {
    for (;;) {
      meter.hold();
      const next = await chunks.next();
      if (next.done === true) {
        ended = true;
        return;
      }
      meter.waitHost();
      yield next.value;
      meter.moved(next.value.byteLength);
      if (meter.isStalled()) throw new TooSlowError(meter.floor);
    }
  } finally {
    meter.hold();
    // Stopped early (a failure, the floor): the source closes its file.
    if (!ended) await chunks.return?.();
  }
}

type Handler = Dispatcher.DispatchHandler;
type Controller = Dispatcher.DispatchController;
type AnswerHead = Parameters<NonNullable<Handler['onResponseStart']>>;
type Trailers = Parameters<NonNullable<Handler['onResponseEnd']>>[1];
type Upgrade = Parameters<NonNullable<Handler['onRequestUpgrade']>>;

/** The request's handler, with the answer's body timed and held to the floor. */
class FlooredHandler implements Handler {
  readonly #handler: Handler;
  readonly #meter: ThroughputMeter;
  #controller: Controller | undefined;
  #answering = false;

  constructor(handler: Handler, meter: ThroughputMeter) {
    this.#handler = handler;
    this.#meter = meter;
  }

  onRequestStart(controller: Controller, context: unknown): void {
    this.#handler.onRequestStart?.(this.#wrap(controller), context);
  }

  onRequestUpgrade(...[controller, statusCode, headers, socket]: Upgrade): void {
    this.#handler.onRequestUpgrade?.(this.#wrap(controller), statusCode, headers, socket);
  }

  onResponseStart(...[controller, statusCode, headers, statusMessage]: AnswerHead): void {
    // An interim answer (100 Continue) is not the answer: its body has not begun.
    if (statusCode >= 200) {
      this.#answering = true;
      if (!controller.paused) this.#meter.waitHost();
    }
    this.#handler.onResponseStart?.(this.#wrap(controller), statusCode, headers, statusMessage);
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    this.#meter.moved(chunk.length);
    // Thrown here, undici aborts the request with this error and stops reading its socket.
    if (this.#meter.isStalled()) throw new TooSlowError(this.#meter.floor);
    this.#handler.onResponseData?.(this.#wrap(controller), chunk);
  }

  onResponseEnd(controller: Controller, trailers: Trailers): void {
    this.#end();
    this.#handler.onResponseEnd?.(this.#wrap(controller), trailers);
  }

  onResponseError(controller: Controller, error: Error): void {
    this.#end();
    this.#handler.onResponseError?.(this.#wrap(controller), error);
  }

  onResponseStarted(): void {
    this.#handler.onResponseStarted?.();
  }

  onBodySent(chunk: Buffer): void {
    this.#handler.onBodySent?.(chunk);
  }

  onRequestSent(): void {
    this.#handler.onRequestSent?.();
  }

  #end(): void {
    this.#answering = false;
    this.#meter.hold();
  }

  /**
   * The controller the handler sees: its reader pauses the answer when its buffer is full
   * (the time is ours until it resumes); everything else goes to undici's own.
   */
  #wrap(controller: Controller): Controller {
    if (this.#controller) return this.#controller;
    const meter = this.#meter;
    const answering = (): boolean => this.#answering;
    this.#controller = {
      get aborted() {
        return controller.aborted;
      },
      get paused() {
        return controller.paused;
      },
      get reason() {
        return controller.reason;
      },
      get rawHeaders() {
        return controller.rawHeaders;
      },
      get rawTrailers() {
        return controller.rawTrailers;
      },
      abort: (reason) => controller.abort(reason),
      pause: () => {
        meter.hold();
        controller.pause();
      },
      resume: () => {
        if (answering()) meter.waitHost();
        controller.resume();
      },
    };
    return this.#controller;
  }
}
