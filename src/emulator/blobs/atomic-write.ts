import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EmulatorHttpError } from '../http-error';

/** Size and MD5 of a file written by {@link writeStreamAtomically}. */
export interface WrittenFile {
  size: number;
  md5Hex: string;
}

/** Options of {@link writeStreamAtomically}. */
export interface AtomicWriteOptions {
  /** More bytes than this fail the write with a 400 naming `what`. */
  maxBytes: number;
  /** Names the data in messages, e.g. `Part 3`. */
  what: string;
  /** A transform between the source and the hash (e.g. a JSON base64 decoder). */
  through?: Transform;
  /** Called after the bytes are on disk and before the rename; a throw discards the file. */
  beforeCommit?: () => void;
  /**
   * Flushed to the disk (fsync) before the rename, as a storage service stores an object
   * before it answers that it exists (exports: a download then starts on a quiet disk).
   */
  durable?: boolean;
}

/** MiB of write buffer: few, large writes without holding much in memory. */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * Streams `source` to `target`, hashing (MD5) and counting as it goes, through a temporary
 * name that is renamed into place only once every byte is written: a connection reset half-way
 * leaves nothing at `target`, and a re-sent file replaces the old one in one step.
 */
export async function writeStreamAtomically(
  source: Readable,
  target: string,
  options: AtomicWriteOptions,
): Promise<WrittenFile> {
  const temporary = `${target}.${randomUUID()}.tmp`;
  const hash = createHash('md5');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > options.maxBytes) {
        callback(
          new EmulatorHttpError(
            400,
            `${options.what} is larger than the largest allowed (${options.maxBytes} bytes)`,
          ),
        );
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const sink = createWriteStream(temporary, {
    highWaterMark: WRITE_BUFFER_BYTES,
    flush: options.durable === true,
  });
  try {
    if (options.through) await pipeline(source, options.through, meter, sink);
    else await pipeline(source, meter, sink);
    options.beforeCommit?.();
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { size, md5Hex: hash.digest('hex') };
}
