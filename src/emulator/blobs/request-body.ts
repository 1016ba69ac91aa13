import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { EmulatorHttpError } from '../http-error';

/** How much of a body without Content-Length a reset fault lets through. */
const RESET_WITHOUT_LENGTH_BYTES = 64 * 1024;

/** The request's Content-Length, or undefined when it has none (a chunked body). */
export function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

/**
 * Reads about half of the body (by its Content-Length), then resets the connection: the
 * client sees ECONNRESET mid-upload, like a dropped network, and nothing is stored.
 */
export async function resetMidway(req: IncomingMessage): Promise<void> {
  const length = declaredLength(req);
  const half = length === undefined ? RESET_WITHOUT_LENGTH_BYTES : Math.floor(length / 2);
  let seen = 0;
  let done = false;
  await new Promise<void>((resolve) => {
    const reset = (): void => {
      if (done) return;
      done = true;
      req.removeListener('data', onData);
      // resetAndDestroy sends a TCP RST (a true "connection reset"), not a polite FIN.
      req.socket.resetAndDestroy();
      resolve();
    };
    const onData = (chunk: Buffer): void => {
      seen += chunk.length;
      if (seen >= half) reset();
    };
    if (half === 0) {
      reset();
      return;
    }
    req.on('data', onData);
    req.once('end', reset);
    req.once('close', () => resolve());
  });
}

/** Reads and discards the whole body (a fault that answers 500 after the upload). */
export async function drain(req: IncomingMessage): Promise<void> {
  if (req.readableEnded) return;
  await new Promise<void>((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
    req.resume();
  });
}

/** True for `application/json`, `text/json` and `*\/*+json` bodies. */
export function isJsonBody(req: IncomingMessage): boolean {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type === 'text/json' || type.endsWith('+json');
}

function notBase64Json(): EmulatorHttpError {
  return new EmulatorHttpError(
    400,
    'The part body was sent as JSON but is not a JSON string of base64 bytes; send the bytes as application/octet-stream',
  );
}

/**
 * Decodes a body that is a JSON string of base64 (the interface also accepts a part "as JSON
 * types, string with format byte") as it streams, so a large part never sits in memory.
 */
export function base64JsonDecoder(): Transform {
  let state: 'before' | 'inside' | 'after' = 'before';
  let pending = '';
  const decode = (transform: Transform, final: boolean): boolean => {
    // A trailing backslash may start an escape that the next chunk finishes.
    const hold = !final && pending.endsWith('\\') ? 1 : 0;
    const text = pending
      .slice(0, pending.length - hold)
      .replace(/\\[/nr]/g, (escape) => (escape === '\\/' ? '/' : ''));
    if (!/^[A-Za-z0-9+/=]*$/.test(text)) return false;
    const whole = final ? text.length : text.length - (text.length % 4);
    if (whole > 0) transform.push(Buffer.from(text.slice(0, whole), 'base64'));
    pending = text.slice(whole) + pending.slice(pending.length - hold);
    return true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      let text = chunk.toString('latin1');
      if (state === 'before') {
        text = text.trimStart();
        if (text === '') return callback();
        if (!text.startsWith('"')) return callback(notBase64Json());
        state = 'inside';
        text = text.slice(1);
      }
      if (state === 'after') return callback(text.trim() === '' ? null : notBase64Json());
      const quote = text.indexOf('"');
      pending += quote < 0 ? text : text.slice(0, quote);
      if (quote >= 0) {
        state = 'after';
        if (text.slice(quote + 1).trim() !== '') return callback(notBase64Json());
      }
      callback(decode(this, state === 'after') ? null : notBase64Json());
    },
    flush(callback) {
      callback(state === 'after' ? null : notBase64Json());
    },
  });
}
