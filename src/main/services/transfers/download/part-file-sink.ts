import type { Hash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { Transform, Writable } from 'node:stream';
import type { BandwidthLimiter } from '../bandwidth-limiter';

/*
 * The taps and the sink of a streamed download (stream.pipeline from the response body to the
 * `.part` file). The sink hashes and counts a chunk only once it is on disk, so after a cut the
 * count, the hash and the file agree and the next attempt resumes from the bytes written.
 */

/** Writes `chunks` one after the other at `position` of the file; resolves once written. */
export type PartWrite = (chunks: Buffer[], position: number) => Promise<void>;

/** The default {@link PartWrite}: one positional writev on the open `.part` file. */
export function handleWriter(handle: FileHandle): PartWrite {
  return async (chunks, position) => {
    const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    let done = (await handle.writev(chunks, position)).bytesWritten;
    // A short write (rare: a full disk answers an error instead) is finished chunk by chunk.
    while (done < total) {
      const rest = Buffer.concat(chunks).subarray(done);
      done += (await handle.write(rest, 0, rest.length, position + done)).bytesWritten;
    }
  };
}

/** What the sink updates as bytes reach the disk. */
export interface SinkProgress {
  /** Where the next bytes go in the file (the bytes written, for a file written from 0). */
  written: number;
  /** The MD5 of the bytes written; absent when the caller hashes them ({@link onStored}). */
  hash?: Hash;
}

/** Options of {@link PartFileSink}. */
export interface PartFileSinkOptions {
  write: PartWrite;
  progress: SinkProgress;
  /** Called after each write with the bytes now on disk; a throw stops the download. */
  onWritten: (written: number) => void;
  /**
   * Called with the chunks and where they go while their write runs (a ranged download hashes
   * them then); answers what undoes it if the write fails.
   */
  onWriting?: (chunks: Buffer[], position: number) => (() => void) | undefined;
  /** Called first after each write with the chunks and where they went (a ranged download). */
  onStored?: (chunks: Buffer[], position: number) => void;
  /** Bytes buffered before the body is paused (default 1 MiB). */
  highWaterMark?: number;
}

/**
 * The end of the pipeline: positional writes into the `.part` file (batched by writev while a
 * write is under way), then the MD5 and the count of the bytes written, and progress. Its
 * buffer is bounded by `highWaterMark`: a slow disk pauses the response body, then the socket.
 */
export class PartFileSink extends Writable {
  readonly #options: PartFileSinkOptions;
  #pending: Promise<void> = Promise.resolve();

  constructor(options: PartFileSinkOptions) {
    super({ highWaterMark: options.highWaterMark ?? 1024 * 1024 });
    this.#options = options;
  }

  /** Resolves when no write is under way (after an error, before the file is looked at). */
  settled(): Promise<void> {
    return this.#pending;
  }

  override _write(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null) => void,
  ): void {
    this.#run([chunk], callback);
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.#run(
      chunks.map((entry) => entry.chunk),
      callback,
    );
  }

  #run(chunks: Buffer[], callback: (error?: Error | null) => void): void {
    this.#pending = this.#store(chunks).then(
      () => callback(),
      (error: unknown) => callback(error as Error),
    );
  }

  #store(chunks: Buffer[]): Promise<void> {
    return storeChunks(this.#options, chunks);
  }
}

/**
 * Writes `chunks` at the end of what the `.part` file holds while hashing them; once written,
 * counts them (the count and the hash cover only bytes on disk) and reports them.
 */
export async function storeChunks(
  options: Omit<PartFileSinkOptions, 'highWaterMark'>,
  chunks: Buffer[],
): Promise<void> {
  const { progress, write } = options;
  const position = progress.written;
  // The hash runs on this thread while the write runs on libuv's pool: both read the chunks,
  // neither changes them. A failed write takes the hash back to the bytes on disk.
  const before = progress.hash?.copy();
  const writing = write(chunks, position);
  if (progress.hash) for (const chunk of chunks) progress.hash.update(chunk);
  const undo = options.onWriting?.(chunks, position);
  try {
    await writing;
  } catch (error) {
    if (before) progress.hash = before;
    undo?.();
    throw error;
  }
  for (const chunk of chunks) progress.written += chunk.length;
  options.onStored?.(chunks, position);
  options.onWritten(progress.written);
}

/**
 * A pass-through that hands each chunk on once the bandwidth limiter lets its bytes go: while
 * it waits, the pipeline stops pulling the body (backpressure), so a limit slows the sender
 * without buffering more.
 */
export function limiterTap(limiter: BandwidthLimiter, signal: AbortSignal): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      limiter.take(chunk.length, signal).then(
        () => callback(null, chunk),
        (error: unknown) => callback(error as Error),
      );
    },
  });
}
