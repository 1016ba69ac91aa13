import type { PortRequest } from './request-port';

/** The bodies of a dispatch a port can send: none, bytes or text in memory, or a stream. */
type PortBody = string | Uint8Array | AsyncIterable<unknown> | null | undefined;

/** True for a body undici would pull chunk by chunk: a Readable or any async iterable. */
function isStream(body: unknown): body is AsyncIterable<unknown> {
  return typeof body === 'object' && body !== null && Symbol.asyncIterator in body;
}

/** A chunk as the port writes it: Electron's `write` takes a string or a Buffer only. */
function bufferOf(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  if (typeof chunk === 'string') return Buffer.from(chunk);
  throw new TypeError('A request body chunk must be bytes or text.');
}

/**
 * Writes `body` into `request` and ends it: at once when it is held in memory, chunk by chunk
 * with the request's backpressure when it is a stream. `stop` ends the pulling (the exchange
 * was aborted or failed): the source is closed, and the promise settles with the abort.
 * Rejects with the source's error (a file that could not be read), which fails the exchange.
 */
export async function writeBody(
  request: PortRequest,
  body: PortBody,
  stop: AbortSignal,
): Promise<void> {
  if (body === undefined || body === null) {
    request.end();
    return;
  }
  if (!isStream(body)) {
    request.end(bufferOf(body));
    return;
  }
  const chunks = body[Symbol.asyncIterator]();
  // Closing the source at the stop, not after its next chunk: a paused file read holds the
  // file open until then.
  const close = (): void => void chunks.return?.().catch(() => undefined);
  stop.addEventListener('abort', close, { once: true });
  try {
    for (;;) {
      const next = await chunks.next();
      stop.throwIfAborted();
      if (next.done === true) break;
      if (!request.write(bufferOf(next.value))) await drained(request, stop);
    }
    request.end();
  } finally {
    stop.removeEventListener('abort', close);
  }
}

/** Resolves when `request` takes writes again; rejects with the stop's reason. */
function drained(request: PortRequest, stop: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const drain = (): void => {
      stop.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = (): void => {
      request.off('drain', drain);
      reject(stop.reason as Error);
    };
    request.once('drain', drain);
    stop.addEventListener('abort', aborted, { once: true });
  });
}

/**
 * Whether a dispatch's body is one {@link writeBody} sends (FormData is refused). undici's
 * types name streams only, but it takes any async iterable, and the transfer engine gives one.
 */
export function isPortBody(body: unknown): body is PortBody {
  return (
    body === undefined ||
    body === null ||
    typeof body === 'string' ||
    body instanceof Uint8Array ||
    isStream(body)
  );
}
