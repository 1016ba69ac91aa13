import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, stat, type FileHandle } from 'node:fs/promises';
import type { Dispatcher } from 'undici';
import { AppError } from '../../../shared/errors';
import { TRANSFER_RETRY, type RetryPolicy } from '../common/retry-policy';
import { sleep, type Sleep } from '../common/sleep';
import type { DirectRoute } from '../http/direct-route';
import type { BandwidthLimiter } from './bandwidth-limiter';
import { openDownload, type DownloadAnswer } from './download-answer';
import type { ExportFile } from './journal-schema';
import { handleWriter, type PartWrite } from './part-file-sink';
import { bareEtag } from './part-uploader';
import { isUrlExpired, toTransferError } from './presigned-http';
import { withRetries } from './step-retry';
import { diskError, WriteBehind, type BackgroundTask } from './write-behind';

/** One file to download into `state.dest`, resuming what `<dest>.part` already holds. */
export interface DownloadRequest {
  url: string;
  /** The file's journal entry; updated in place (etag, totalBytes, bytesWritten, done). */
  state: ExportFile;
  /** Fresh pre-signed URL of the same file, when the one in hand expired. */
  refreshUrl: (signal: AbortSignal) => Promise<string>;
  signal: AbortSignal;
  /** Bytes in `<dest>.part` now, and the file's total once known. */
  onProgress?: (bytesWritten: number, totalBytes: number | undefined) => void;
  /** Persists `state` (the journal); called now and then while bytes arrive. */
  checkpoint?: () => Promise<void>;
}

/** Options of {@link RangeDownloader}. */
export interface RangeDownloaderOptions {
  dispatcher: Dispatcher;
  /**
   * Direct GETs on sockets of the engine's own (the fast path); undici (`dispatcher`) still
   * takes what they cannot (a proxy, a redirect, a chunked body). Undefined: undici only.
   */
  route?: DirectRoute;
  retry?: Partial<RetryPolicy>;
  sleep?: Sleep;
  random?: () => number;
  /** Bytes between two checkpoints, saved while the bytes keep arriving (default 8 MiB). */
  checkpointBytes?: number;
  /** The app's bandwidth limit: each chunk received waits for it (default: none). */
  limiter?: BandwidthLimiter;
  /** How bytes reach the `.part` file (tests: a slow disk); default one writev per batch. */
  partWriter?: (handle: FileHandle) => PartWrite;
  /** Bytes between two flushes to the disk while the bytes arrive (default 32 MiB; 0: none). */
  flushBytes?: number;
  /** How the `.part` file is flushed (tests); default its `datasync`. */
  flusher?: (handle: FileHandle) => BackgroundTask;
}

/** Where a download stands: the open `.part` file, how much it holds, and the hash so far. */
interface Progress {
  handle: FileHandle;
  written: number;
  hash: Hash;
}

function contentRange(header: string | string[] | undefined) {
  const text = Array.isArray(header) ? header[0] : header;
  const match = text === undefined ? null : /^bytes (?:(\d+)-(\d+)|\*)\/(\d+)$/i.exec(text.trim());
  if (!match) return undefined;
  return { start: match[1] === undefined ? undefined : Number(match[1]), total: Number(match[3]) };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Thrown inside an attempt to start again from byte 0 (the remote file is another one). */
class RestartFromZero extends AppError {
  constructor(reason: string) {
    super({ code: 'NETWORK', message: `The download starts over: ${reason}.`, details: 'restart' });
  }
}

/**
 * Downloads a file with resumable HTTP Range requests: bytes go to `<dest>.part`, a later run
 * continues with `Range: bytes=<n>-` (the `.part` size is the truth after a crash), a different
 * ETag or a server that ignores the range starts over, the total length is checked against
 * Content-Length/Content-Range, and an MD5-looking ETag against the bytes. Only a complete,
 * verified file is renamed to its final name.
 */
export class RangeDownloader {
  readonly #clients: { dispatcher: Dispatcher; route?: DirectRoute };
  readonly #policy: RetryPolicy;
  readonly #sleep: Sleep;
  readonly #random: () => number;
  readonly #checkpointBytes: number;
  readonly #limiter: BandwidthLimiter | undefined;
  readonly #partWriter: (handle: FileHandle) => PartWrite;
  readonly #flush: { bytes: number; flusher: (handle: FileHandle) => BackgroundTask };

  constructor(options: RangeDownloaderOptions) {
    this.#clients = {
      dispatcher: options.dispatcher,
      ...(options.route ? { route: options.route } : {}),
    };
    this.#policy = { ...TRANSFER_RETRY, ...options.retry };
    this.#sleep = options.sleep ?? sleep;
    this.#random = options.random ?? Math.random;
    this.#checkpointBytes = options.checkpointBytes ?? 8 * 1024 * 1024;
    this.#limiter = options.limiter;
    this.#partWriter = options.partWriter ?? handleWriter;
    this.#flush = {
      bytes: options.flushBytes ?? 32 * 1024 * 1024,
      flusher: options.flusher ?? ((handle) => () => handle.datasync()),
    };
  }

  /** Downloads, verifies and renames into place; answers the final path. */
  async download(request: DownloadRequest): Promise<string> {
    const { state } = request;
    const partPath = `${state.dest}.part`;
    const handle = await open(partPath, (await exists(partPath)) ? 'r+' : 'w+');
    try {
      const progress = await this.#resumePoint(handle, partPath, state);
      let url = request.url;
      await withRetries(
        { policy: this.#policy, sleep: this.#sleep, random: this.#random, signal: request.signal },
        async () => {
          try {
            await this.#attempt(request, url, progress);
          } catch (error) {
            if (!isUrlExpired(error)) throw error;
            url = await request.refreshUrl(request.signal);
            await this.#attempt(request, url, progress);
          }
        },
      );
      await this.#verify(state, progress);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partPath, state.dest);
    state.done = true;
    return state.dest;
  }

  async #resumePoint(handle: FileHandle, partPath: string, state: ExportFile): Promise<Progress> {
    const size = (await handle.stat()).size;
    // Bytes without a known ETag could belong to any version of the file: start over.
    const keep = state.etag === undefined ? 0 : size;
    if (keep < size) await handle.truncate(keep);
    const hash = createHash('md5');
    if (keep > 0) {
      for await (const chunk of createReadStream(partPath, {
        end: keep - 1,
      }) as AsyncIterable<Buffer>) {
        hash.update(chunk);
      }
    }
    state.bytesWritten = keep;
    return { handle, written: keep, hash };
  }

  async #restart(progress: Progress, state: ExportFile): Promise<void> {
    await progress.handle.truncate(0);
    progress.written = 0;
    progress.hash = createHash('md5');
    state.bytesWritten = 0;
    state.etag = undefined;
    state.totalBytes = undefined;
  }

  async #attempt(request: DownloadRequest, url: string, progress: Progress): Promise<void> {
    const { state, signal } = request;
    if (state.totalBytes !== undefined && progress.written === state.totalBytes) return;
    const from = progress.written;
    const response = await openDownload(this.#clients, url, from, signal);
    const etag = header(response.headers['etag']);
    if (response.statusCode === 416) {
      await response.discard();
      const total = contentRange(response.headers['content-range'])?.total;
      if (total === from && (etag === undefined || etag === state.etag)) return;
      await this.#restart(progress, state);
      throw new RestartFromZero('the file on the server is shorter than the part downloaded');
    }
    if (response.statusCode !== 200 && response.statusCode !== 206) {
      throw await response.error(`the download of ${state.dest}`);
    }
    const range = contentRange(response.headers['content-range']);
    const sameFile = state.etag === undefined || etag === undefined || etag === state.etag;
    if (response.statusCode === 200 || !sameFile || range?.start !== from) {
      if (from > 0) {
        await response.discard();
        await this.#restart(progress, state);
        throw new RestartFromZero('the file on the server changed or ignored the range');
      }
    }
    const journaled = state.etag;
    state.etag = etag;
    state.totalBytes =
      range?.total ?? from + Number(header(response.headers['content-length']) ?? Number.NaN);
    if (!Number.isSafeInteger(state.totalBytes)) state.totalBytes = undefined;
    // A later run keeps the `.part` bytes only when the journal holds their ETag: journal it
    // before the first byte, or a process killed before the first checkpoint (every few MiB)
    // would download everything again.
    if (journaled === undefined && etag !== undefined) {
      // A journal that cannot be saved ends the attempt: the answer is dropped, not left open.
      await request.checkpoint?.().catch(async (error: unknown) => {
        await response.discard();
        throw error;
      });
    }
    await this.#receive(request, response, progress);
  }

  async #receive(
    request: DownloadRequest,
    response: DownloadAnswer,
    progress: Progress,
  ): Promise<void> {
    const { state, signal } = request;
    const behind = this.#behindWrites(request, progress);
    try {
      await response.receive({
        write: this.#partWriter(progress.handle),
        progress,
        onWritten: (written) => {
          state.bytesWritten = written;
          // A failed flush or checkpoint stops the download: the disk did not keep its bytes.
          for (const task of behind) {
            task.check();
            task.written(written);
          }
          request.onProgress?.(written, state.totalBytes);
        },
        ...(this.#limiter ? { limiter: this.#limiter } : {}),
        signal,
      });
      for (const task of behind) await task.settle();
    } catch (error) {
      for (const task of behind) await task.settle().catch(() => undefined);
      // The count and the hash cover the bytes on disk: the next attempt resumes after them.
      state.bytesWritten = progress.written;
      await request.checkpoint?.().catch(() => undefined);
      throw toTransferError(error, signal);
    }
    if (state.totalBytes !== undefined && progress.written !== state.totalBytes) {
      throw new AppError({
        code: 'NETWORK',
        message: `The download of ${state.dest} ended early (${progress.written} of ${state.totalBytes} bytes); resuming.`,
      });
    }
  }

  /**
   * The flushes (the final fsync then has only the tail to write) and the checkpoints, run
   * while the bytes keep arriving.
   */
  #behindWrites(request: DownloadRequest, progress: Progress): WriteBehind[] {
    const tasks: WriteBehind[] = [];
    const { checkpoint, state } = request;
    if (checkpoint)
      tasks.push(new WriteBehind(checkpoint, this.#checkpointBytes, progress.written));
    if (this.#flush.bytes > 0) {
      const flush = this.#flush.flusher(progress.handle);
      const task = () =>
        flush().catch((error: unknown) => {
          throw diskError(state.dest, error);
        });
      tasks.push(new WriteBehind(task, this.#flush.bytes, progress.written));
    }
    return tasks;
  }

  async #verify(state: ExportFile, progress: Progress): Promise<void> {
    if (state.totalBytes !== undefined && progress.written !== state.totalBytes) {
      throw new AppError({
        code: 'UNEXPECTED_RESPONSE',
        message: `The downloaded file ${state.dest} has ${progress.written} bytes instead of ${state.totalBytes}; download it again.`,
      });
    }
    const expected = state.etag === undefined ? '' : bareEtag(state.etag).toLowerCase();
    if (/^[0-9a-f]{32}$/.test(expected) && progress.hash.copy().digest('hex') !== expected) {
      await this.#restart(progress, state);
      throw new AppError({
        code: 'UNEXPECTED_RESPONSE',
        message: `The downloaded file ${state.dest} does not match its checksum; it was discarded, download it again.`,
      });
    }
  }
}

/** True when something is at `path` (a missing folder or file answers false). */
export async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
