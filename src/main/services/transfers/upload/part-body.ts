import { open } from 'node:fs/promises';
import type { BandwidthLimiter } from '../bandwidth-limiter';
import type { PartRange } from '../part-plan';

/**
 * Read size of an upload body. Each chunk is one read, one limiter take, one MD5 update, one
 * progress call and one socket write: at 1 MiB that is 1,024 of each per GiB. A fresh read
 * buffer costs per byte (page faults and zeroing in the kernel, garbage collection) whatever
 * its size, so the buffers are recycled
 * ({@link BODY_BUFFERS} per part being sent).
 */
const STREAM_CHUNK_BYTES = 1024 * 1024;

/**
 * Buffers each part body reads into, in turn. The HTTP client (undici) asks for chunk n + 1
 * only once chunk n is handed to the kernel: a write at least as large as the socket's
 * high-water mark (64 KiB) returns false, and the client waits for the socket's `drain`. One
 * read runs ahead (chunk n + 1 is read while chunk n is written), so a buffer is reused three
 * chunks later, a chunk after its bytes left. Should a client ever hold a chunk longer, the
 * bytes sent would differ from the bytes hashed, and the ETag check would reject the part.
 */
export const BODY_BUFFERS = 3;

/**
 * The smallest read under a bandwidth limit (whose burst may be smaller): above the socket's
 * high-water mark, so that every chunk waits for `drain` (see {@link BODY_BUFFERS}).
 */
const MIN_LIMITED_CHUNK_BYTES = 128 * 1024;

/** What {@link partBody} needs besides the range. */
export interface PartBodyOptions {
  /** Each chunk waits for it before it goes; chunks are no larger than its burst. */
  limiter?: BandwidthLimiter | undefined;
  signal: AbortSignal;
  /** Sees each chunk (MD5, progress) after the limiter let it through and before it is sent. */
  onChunk?: (chunk: Buffer) => void;
  /** Read size (default {@link STREAM_CHUNK_BYTES}). */
  chunkBytes?: number;
}

interface Read {
  readonly buffer: Buffer;
  readonly asked: number;
  readonly bytesRead: number;
}

/**
 * The bytes of `range` of the file at `path`, as the body of a PUT: an async iterable the HTTP
 * client pulls one chunk at a time, so backpressure from the socket reaches the file read and
 * at most {@link BODY_BUFFERS} chunks per part are in memory. No stream and no copy between
 * the file and the socket. The file is opened on the first pull and closed when the body ends,
 * fails or is returned. A file shorter than the range ends the body early: the client's
 * Content-Length check, and the uploader's count, catch it.
 */
export async function* partBody(
  path: string,
  range: PartRange,
  options: PartBodyOptions,
): AsyncGenerator<Buffer, void, undefined> {
  const { limiter, signal, onChunk } = options;
  const chunkBytes = options.chunkBytes ?? STREAM_CHUNK_BYTES;
  const handle = await open(path, 'r');
  const buffers = Array.from({ length: BODY_BUFFERS }, () => Buffer.allocUnsafeSlow(chunkBytes));
  const end = range.end + 1;
  let position = range.start;
  let turn = 0;
  const readNext = (): Promise<Read> | undefined => {
    if (position >= end) return undefined;
    const buffer = buffers[turn++ % BODY_BUFFERS] as Buffer;
    // Under a limit, a chunk is at most the limiter's burst, so the limit stays smooth.
    const burst = limiter ? Math.max(MIN_LIMITED_CHUNK_BYTES, limiter.burstBytes()) : chunkBytes;
    const size = Math.min(chunkBytes, end - position, burst);
    const at = position;
    position += size;
    return handle
      .read(buffer, 0, size, at)
      .then(({ bytesRead }) => ({ buffer, asked: size, bytesRead }));
  };
  let ahead = readNext();
  try {
    while (ahead) {
      const { buffer, asked, bytesRead } = await ahead;
      if (bytesRead === 0) return;
      // The next read overlaps the limiter's wait and the socket write of this chunk; a read
      // shorter than asked is the end of the file: nothing more is read.
      ahead = bytesRead === asked ? readNext() : undefined;
      const chunk = buffer.subarray(0, bytesRead);
      if (limiter) await limiter.take(bytesRead, signal);
      onChunk?.(chunk);
      yield chunk;
    }
  } finally {
    // A read still running must end before the file closes (and must not reject unheard).
    await ahead?.catch(() => undefined);
    await handle.close();
  }
}
