import type { Socket } from 'node:net';
import { AppError } from '../../../../shared/errors';
import type { DirectRoute } from '../../http/direct-route';
import {
  isFloorOn,
  ThroughputMeter,
  TooSlowError,
  type ThroughputFloor,
} from '../throughput-floor';
import { firstHeader, ResponseHeadReader, unchunk, type ResponseHead } from './http-response-head';
import { SocketBodyPool, type BodyConsumer } from './socket-body-pool';
import { openSocket, requestHead, shelfOf } from './direct-socket';

/*
 * A GET of a pre-signed URL on a socket of our own: the answer's body is read into a small
 * pool of reused buffers (Node's `onread`) and handed in order to the caller, which is what
 * lets a download keep up with curl (undici's body stream allocates and queues each chunk).
 * Only the plain case is taken: a body with a Content-Length and no proxy in the way; a
 * redirect, a chunked body or a proxy answer `undefined`, and the caller uses undici.
 *
 * Why a client of our own beside undici: `npm run bench:http-stacks` fetches one URL through
 * undici's request(), stream() with a writable factory and dispatch() with a handler that
 * writes into the file, and through this client, all into the same .part writer with the
 * same MD5 tap; undici's best path costs more than a tenth more CPU per GiB. The HTTP/1.1
 * cases this client must get right (chunked answers, interim heads, heads split across
 * reads, short and long bodies, wrong ranges, stalls, proxies) are held by
 * test/integration/transfers/http11-edge-cases.test.ts.
 */

/** The answer of a direct GET, its body not read yet. */
export interface DirectAnswer {
  statusCode: number;
  headers: ResponseHead['headers'];
  /** Body bytes announced (Content-Length). */
  contentLength: number;
  /**
   * Reads the body into `consumer` in order; resolves once every byte was consumed. A broken
   * connection rejects (ECONNRESET, ETIMEDOUT...) after the bytes received were consumed.
   */
  receive(consumer: BodyConsumer): Promise<void>;
  /** The start of the body as text (an error answer), then the connection is dropped. */
  text(limit?: number): Promise<string>;
  /** Drops the connection. */
  discard(): void;
}

/** Options of one {@link directGet}. */
export interface DirectGetInit {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The least the body must move (throughput-floor.ts): below it, the GET breaks. */
  floor?: ThroughputFloor;
}

const ERROR_TEXT_LIMIT = 2000;

function refuseCredentials(headers: Record<string, string>): void {
  // The URL's signature is the credential: the service's key or token never goes to storage.
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) {
    throw new AppError({
      code: 'INTERNAL',
      message: 'Refused to send credentials to a pre-signed URL.',
    });
  }
}

function failure(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** An informational answer before the real one (101 switches protocols: it is final here). */
function isInterim(status: number): boolean {
  return status >= 100 && status < 200 && status !== 101;
}

/** Whether the answer's body can be read here (else undici takes the request). */
function takesDirectly(head: ResponseHead): number | undefined {
  const status = head.statusCode;
  if (status < 200 || (status >= 300 && status < 400)) return undefined;
  if (head.headers['transfer-encoding'] !== undefined) return undefined;
  const text = firstHeader(head.headers['content-length']);
  const length = text === undefined || !/^\d+$/.test(text.trim()) ? NaN : Number(text);
  return Number.isSafeInteger(length) ? length : undefined;
}

/**
 * Sends a GET to a pre-signed URL on a connection of its own and answers its head, or
 * `undefined` when the request belongs to undici (a proxy applies, another scheme, a
 * redirect, a body without Content-Length). Refuses an Authorization header.
 */
export async function directGet(
  url: string,
  init: DirectGetInit,
  route: DirectRoute,
): Promise<DirectAnswer | undefined> {
  const headers = init.headers ?? {};
  refuseCredentials(headers);
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
  if (await route.proxied(target)) return undefined;
  route.onRequest?.(target.origin, { ...headers }, url);
  const connection = new DirectConnection(target, init, route);
  const head = await connection.head;
  const length = takesDirectly(head);
  if (length === undefined && head.statusCode < 400) {
    connection.drop();
    return undefined;
  }
  return {
    statusCode: head.statusCode,
    headers: head.headers,
    contentLength: length ?? Number.NaN,
    receive: (consumer) => connection.receive(length ?? 0, consumer),
    text: async (limit = ERROR_TEXT_LIMIT) => {
      const raw = await connection.text(length, limit);
      return head.headers['transfer-encoding'] === undefined ? raw : unchunk(raw);
    },
    discard: () => connection.drop(),
  };
}

/** One socket, its head reader and its body pool. */
class DirectConnection {
  readonly head: Promise<ResponseHead>;
  readonly #socket: Socket;
  readonly #pool: SocketBodyPool;
  #reader = new ResponseHeadReader();
  readonly #route: DirectRoute;
  /** The body's bytes over the time the socket waited on the host (the floor); none if off. */
  readonly #meter: ThroughputMeter | undefined;
  #parsed = false;
  #waiting = true;
  #expected = Number.POSITIVE_INFINITY;
  #received = 0;
  #ended: Promise<void>;
  #end: { resolve: () => void; reject: (error: Error) => void } | undefined;
  #error: Error | undefined;
  /** Set once the socket closed: why (an error, or the host closing it). */
  #closed: Error | undefined;

  constructor(target: URL, init: DirectGetInit, route: DirectRoute) {
    this.#route = route;
    const floor = init.floor;
    this.#meter = floor && isFloorOn(floor) ? new ThroughputMeter(floor) : undefined;
    this.#pool = new SocketBodyPool({
      ...route.pool,
      shelf: shelfOf(route),
      onResume: () => {
        this.#socket.resume();
        this.#hostTurn();
      },
    });
    let settleHead: { resolve: (head: ResponseHead) => void; reject: (error: Error) => void };
    this.head = new Promise((resolve, reject) => (settleHead = { resolve, reject }));
    this.#ended = new Promise((resolve, reject) => (this.#end = { resolve, reject }));
    this.#ended.catch(() => undefined);
    const onread = {
      buffer: () => this.#pool.buffer(),
      callback: (length: number, view: Buffer) => this.#onRead(length, view, settleHead),
    };
    this.#socket = openSocket(target, route, onread);
    const request = requestHead(target, init.headers ?? {});
    const connectTimer = setTimeout(
      () =>
        this.#socket.destroy(
          failure('Could not connect to the storage host in time.', 'ETIMEDOUT'),
        ),
      route.connectTimeoutMs,
    );
    this.#socket.once(target.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      clearTimeout(connectTimer);
      this.#headDeadline(route.bodyTimeoutMs);
      this.#socket.setTimeout(route.bodyTimeoutMs);
      this.#socket.write(request);
    });
    this.#socket.on('timeout', () => {
      // Paused by us (slow disk, bandwidth limit, the caller not reading yet) is not idle. The
      // timer fires once: armed again, it still ends a host that never sends after the pause.
      if (this.#pool.paused || (this.#parsed && this.#waiting)) {
        this.#socket.setTimeout(route.bodyTimeoutMs);
        return;
      }
      this.#socket.destroy(failure('The storage host stopped sending.', 'ETIMEDOUT'));
    });
    this.#socket.on('error', (error) => (this.#error ??= error));
    this.#socket.on('close', () => {
      clearTimeout(connectTimer);
      init.signal?.removeEventListener('abort', onAbort);
      const error = this.#error ?? failure('The storage host closed the connection.', 'ECONNRESET');
      settleHead.reject(error);
      this.#closed = error;
      this.#settleEnd();
    });
    const onAbort = (): void => {
      this.#socket.destroy(failure('The download was stopped.', 'ABORT_ERR'));
    };
    if (init.signal?.aborted) onAbort();
    else init.signal?.addEventListener('abort', onAbort, { once: true });
  }

  /**
   * The whole head within the read deadline, as undici's headersTimeout: a head trickled a
   * byte at a time keeps the idle timer alive, and the throughput floor judges bodies only.
   */
  #headDeadline(ms: number): void {
    const timer = setTimeout(
      () => this.#socket.destroy(failure('The storage host did not answer in time.', 'ETIMEDOUT')),
      ms,
    );
    const settled = (): void => clearTimeout(timer);
    this.head.then(settled, settled);
  }

  #onRead(
    length: number,
    view: Buffer,
    settleHead: { resolve: (head: ResponseHead) => void },
  ): boolean {
    let skip = 0;
    while (!this.#parsed) {
      let parsed;
      try {
        parsed = this.#reader.push(view.subarray(skip, length));
      } catch (error) {
        this.#socket.destroy(error as Error);
        return false;
      }
      if (!parsed) return this.#pool.commit(view, length, length);
      skip += parsed.bodyOffset;
      // An interim answer (100 Continue, 103 Early Hints) precedes the real one, and a client
      // must read past it even when it asked for none (RFC 9110, 15.2): its head is dropped.
      if (isInterim(parsed.head.statusCode)) {
        this.#reader = new ResponseHeadReader();
        continue;
      }
      this.#parsed = true;
      settleHead.resolve(parsed.head);
    }
    const cut = this.#route.onBodyBytes?.(this.#received + length - skip);
    if (cut) {
      this.#socket.destroy(cut);
      return false;
    }
    // Bytes past the announced length are not the file's: they are dropped.
    const kept = Math.min(length - skip, this.#expected - this.#received);
    this.#received += kept;
    const reading = this.#pool.commit(view, skip + kept, skip);
    if (this.#received >= this.#expected) {
      this.#settleEnd();
      this.#socket.destroy();
      return false;
    }
    const slow = this.#metered(kept);
    if (slow) {
      this.#socket.destroy(slow);
      return false;
    }
    return reading && !this.#waiting;
  }

  /**
   * Counts body bytes against the floor: the host's turn stops while the pool has the socket
   * paused (the file or the bandwidth limit behind), and starts again with {@link #hostTurn}.
   */
  #metered(bytes: number): TooSlowError | undefined {
    const meter = this.#meter;
    if (meter === undefined) return undefined;
    meter.moved(bytes);
    if (this.#pool.paused) meter.hold();
    return meter.isStalled() ? new TooSlowError(meter.floor) : undefined;
  }

  /** The socket reads again for a reader that is ready: the time waits on the host. */
  #hostTurn(): void {
    if (!this.#waiting && !this.#pool.paused) this.#meter?.waitHost();
  }

  /** The body is whole once the bytes expected arrived; broken if the socket closed first. */
  #settleEnd(): void {
    if (this.#received >= this.#expected) this.#end?.resolve();
    else if (this.#closed) this.#end?.reject(this.#closed);
  }

  async receive(expected: number, consumer: BodyConsumer): Promise<void> {
    this.#expected = expected;
    this.#waiting = false;
    this.#settleEnd();
    this.#pool.start(async (bytes) => {
      try {
        await consumer(bytes);
      } catch (error) {
        this.#socket.destroy();
        throw error;
      }
    });
    this.#hostTurn();
    if (!this.#socket.destroyed) this.#socket.resume();
    let broken: Error | undefined;
    await this.#ended.catch((error: Error) => (broken = error));
    // The bytes received before a break are good: they reach the file, and the next attempt
    // resumes after them.
    await this.#pool.finish();
    // Destroyed, the socket reads into no slot again: they can serve the next connection.
    if (this.#socket.destroyed) this.#pool.retire();
    if (broken !== undefined) throw broken;
  }

  async text(expected: number | undefined, limit: number): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    await this.receive(Math.min(expected ?? limit, limit), (bytes) => {
      chunks.push(Buffer.from(bytes));
      size += bytes.length;
      return Promise.resolve();
    }).catch(() => undefined);
    this.drop();
    return Buffer.concat(chunks, size).toString('utf8').slice(0, limit);
  }

  drop(): void {
    this.#socket.destroy();
  }
}
