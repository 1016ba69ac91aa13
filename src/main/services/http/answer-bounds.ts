import type { Readable } from 'node:stream';
import { formatSize } from '../../../shared/format/units';

/**
 * An answer larger than its bound. Thrown by {@link readBoundedText} once the body has been
 * destroyed, so that nothing more of it is read or kept.
 */
export class AnswerTooLargeError extends Error {
  override readonly name = 'AnswerTooLargeError';

  constructor(
    /** The bound, in bytes. */
    readonly bound: number,
    /** Bytes read before the read stopped (0 when Content-Length alone refused it). */
    readonly bytesRead: number,
  ) {
    super(`The answer is larger than ${formatSize(bound)}.`);
  }
}

/**
 * Reads a body as UTF-8 text, at most `bound` bytes. A `Content-Length` above the bound is
 * refused before a byte is read; otherwise the bytes are counted as they arrive and the read
 * stops at the first chunk past the bound. Either way the body is destroyed (undici then drops
 * the connection instead of draining it) and {@link AnswerTooLargeError} is thrown: an answer
 * too large to use must cost neither the time nor the memory of reading it whole.
 */
export async function readBoundedText(
  body: Readable,
  bound: number,
  contentLength: string | undefined,
): Promise<string> {
  const declared = contentLength === undefined ? Number.NaN : Number(contentLength);
  if (declared > bound) {
    body.destroy();
    throw new AnswerTooLargeError(bound, 0);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > bound) {
      body.destroy();
      throw new AnswerTooLargeError(bound, size);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
