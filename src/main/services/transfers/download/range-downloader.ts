import type { FileHandle } from 'node:fs/promises';
import type { Dispatcher } from 'undici';
import { AppError } from '../../../../shared/errors';
import { TRANSFER_RETRY, type RetryPolicy } from '../../common/retry-policy';
import { sleep, type Sleep } from '../../common/sleep';
import type { DirectRoute } from '../../http/direct-route';
import type { BandwidthLimiter } from '../bandwidth-limiter';
import { openDownload, type DownloadAnswer, type DownloadClients } from './download-answer';
import { exists, restart, resumePoint, verify, type Progress } from './download-progress';
import { checkContinues, readRemoteFile, RestartFromZero } from './download-headers';
import { asDiskFull, checkDownloadRoom, downloadSite } from '../disk-full';
import { FrontHasher } from './front-hasher';
import type { ExportFile } from '../journal-schema';
import { handleWriter, type PartWrite } from './part-file-sink';
import { isUrlExpired, toTransferError } from '../presigned-http';
import { withRetries, type RetryContext } from '../step-retry';
import type { ThroughputFloor } from '../throughput-floor';
import { fetchRanges, RAMP_UP, urlSource, type RampUp, type UrlSource } from './parallel-ranges';
import { contiguousEnd, planSegments } from './range-segments';
import { systemDisk, type TransferDisk } from '../transfer-disk';
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
  /** The throughput floor of the direct GETs, read as each starts (default: none). */
  floor?: () => ThroughputFloor;
  retry?: Partial<RetryPolicy>;
  sleep?: Sleep;
  random?: () => number;
  /** The clock of the retry policy's time limit (default Date.now). */
  now?: () => number;
  /** Told of every failed request that will be tried again (the transfer's card shows it). */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  /** Told when a request succeeded after it was tried again. */
  onRecovered?: () => void;
  /**
   * Connections of a download larger than one segment, each fetching its own byte ranges;
   * read when a download starts (default 1: one stream).
   */
  rangesInFlight?: () => number;
  /** Bytes of each range of a download in ranges (default 64 MiB). */
  segmentBytes?: number;
  /** When the connections beyond the first open (default {@link RAMP_UP}). */
  rampUp?: RampUp;
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
  /** Where the `.part` file is opened and renamed (tests: a disk that fills up). */
  disk?: TransferDisk;
}

/** How the bytes of one attempt arrive: `onWritten` after each write, with the bytes on disk. */
type Body = (onWritten: (written: number) => void) => Promise<void>;

/**
 * Downloads a file with resumable HTTP Range requests: bytes go to `<dest>.part`, a later run
 * continues with `Range: bytes=<n>-` (the `.part` size is the truth after a crash), a different
 * ETag or a server that ignores the range starts over, the total length is checked against
 * Content-Length/Content-Range, and an MD5-looking ETag against the bytes. Only a complete,
 * verified file is renamed to its final name. A file larger than one segment, with an ETag, is
 * fetched over `rangesInFlight` connections in segments (parallel-ranges.ts), journaled per
 * segment and hashed in order.
 */
export class RangeDownloader {
  readonly #clients: DownloadClients;
  readonly #policy: RetryPolicy;
  readonly #sleep: Sleep;
  readonly #random: () => number;
  readonly #retryClock: Pick<RetryContext, 'now' | 'onRetry' | 'onRecovered'>;
  readonly #ranges: { inFlight: () => number; segmentBytes: number; rampUp: RampUp };
  readonly #checkpointBytes: number;
  readonly #limiter: BandwidthLimiter | undefined;
  readonly #partWriter: (handle: FileHandle) => PartWrite;
  readonly #flush: { bytes: number; flusher: (handle: FileHandle) => BackgroundTask };
  readonly #disk: TransferDisk;

  constructor(options: RangeDownloaderOptions) {
    this.#clients = {
      dispatcher: options.dispatcher,
      ...(options.route ? { route: options.route } : {}),
      ...(options.floor ? { floor: options.floor } : {}),
    };
    this.#policy = { ...TRANSFER_RETRY, ...options.retry };
    this.#sleep = options.sleep ?? sleep;
    this.#random = options.random ?? Math.random;
    this.#retryClock = {
      ...(options.now ? { now: options.now } : {}),
      ...(options.onRetry ? { onRetry: options.onRetry } : {}),
      ...(options.onRecovered ? { onRecovered: options.onRecovered } : {}),
    };
    this.#ranges = {
      inFlight: options.rangesInFlight ?? (() => 1),
      segmentBytes: options.segmentBytes ?? 64 * 1024 * 1024,
      rampUp: options.rampUp ?? RAMP_UP,
    };
    this.#checkpointBytes = options.checkpointBytes ?? 8 * 1024 * 1024;
    this.#limiter = options.limiter;
    this.#partWriter = options.partWriter ?? handleWriter;
    this.#flush = {
      bytes: options.flushBytes ?? 32 * 1024 * 1024,
      flusher: options.flusher ?? ((handle) => () => handle.datasync()),
    };
    this.#disk = options.disk ?? systemDisk;
  }

  /**
   * Downloads, verifies and renames into place; answers the final path. A full disk throws
   * DISK_FULL naming it, with the `.part` file and its bytes kept for the resume.
   */
  async download(request: DownloadRequest): Promise<string> {
    try {
      return await this.#download(request);
    } catch (error) {
      throw await asDiskFull(error, downloadSite(this.#disk, request.state));
    }
  }

  async #download(request: DownloadRequest): Promise<string> {
    const { state } = request;
    const partPath = `${state.dest}.part`;
    const handle = await this.#disk.open(partPath, (await exists(partPath)) ? 'r+' : 'w+');
    try {
      const progress = await resumePoint(handle, partPath, state);
      const inFlight = Math.max(1, Math.floor(this.#ranges.inFlight()));
      const source = urlSource(request);
      await withRetries({ ...this.#retry(), signal: request.signal }, async () => {
        try {
          await this.#attempt(request, source, progress, inFlight);
        } catch (error) {
          if (!isUrlExpired(error)) throw error;
          await source.refresh(source.url);
          await this.#attempt(request, source, progress, inFlight);
        }
      });
      await verify(state, progress);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await this.#disk.rename(partPath, state.dest);
    state.done = true;
    return state.dest;
  }

  #retry() {
    return {
      policy: this.#policy,
      sleep: this.#sleep,
      random: this.#random,
      ...this.#retryClock,
    };
  }

  async #attempt(
    request: DownloadRequest,
    source: UrlSource,
    progress: Progress,
    inFlight: number,
  ): Promise<void> {
    const { state, signal } = request;
    if (state.ranges) {
      await checkDownloadRoom(this.#disk, state);
      return this.#ranged(request, source, progress, inFlight);
    }
    if (state.totalBytes !== undefined && progress.written === state.totalBytes) return;
    const from = progress.written;
    // Asking for the first segment alone tells the file's size; a larger file goes in ranges.
    const probe = from === 0 && inFlight > 1;
    const range = probe ? { from, to: this.#ranges.segmentBytes - 1 } : { from };
    const response = await openDownload(this.#clients, source.url, range, signal);
    if (await checkContinues(response, state, progress)) return;
    const journaled = state.etag;
    readRemoteFile(response, state, from);
    await checkDownloadRoom(this.#disk, state, response);
    const inRanges = probe && response.statusCode === 206 && state.etag !== undefined;
    if (inRanges && (state.totalBytes ?? 0) > this.#ranges.segmentBytes) {
      state.ranges = planSegments(state.totalBytes ?? 0, this.#ranges.segmentBytes);
      await progress.handle.truncate(state.totalBytes);
    }
    // A later run keeps the `.part` bytes only when the journal holds their ETag: journal it
    // before the first byte, or a process killed before the first checkpoint (every few MiB)
    // would download everything again.
    if (journaled === undefined && state.etag !== undefined) {
      // A journal that cannot be saved ends the attempt: the answer is dropped, not left open.
      await request.checkpoint?.().catch(async (error: unknown) => {
        await response.discard();
        throw error;
      });
    }
    if (state.ranges) return this.#ranged(request, source, progress, inFlight, response);
    await this.#receive(request, progress, (onWritten) =>
      response.receive({
        write: this.#partWriter(progress.handle),
        progress,
        onWritten,
        ...(this.#limiter ? { limiter: this.#limiter } : {}),
        signal,
      }),
    );
    if (state.totalBytes !== undefined && progress.written !== state.totalBytes) {
      throw new AppError({
        code: 'NETWORK',
        message: `The download of ${state.dest} ended early (${progress.written} of ${state.totalBytes} bytes); resuming.`,
      });
    }
  }

  /** One attempt of a download in ranges: every segment left, then the hash caught up. */
  async #ranged(
    request: DownloadRequest,
    source: UrlSource,
    progress: Progress,
    inFlight: number,
    first?: DownloadAnswer,
  ): Promise<void> {
    const { state, signal } = request;
    const { etag, totalBytes: total, ranges: segments } = state;
    if (etag === undefined || total === undefined || segments === undefined) {
      throw new AppError({ code: 'INTERNAL', message: 'A ranged download lost its plan.' });
    }
    const hasher: FrontHasher = (progress.hasher ??= new FrontHasher(progress.handle, (): number =>
      contiguousEnd(segments, total, hasher.hashed),
    ));
    hasher.catchUp();
    await this.#receive(request, progress, (onWritten) =>
      fetchRanges({
        ...{ clients: this.#clients, source, retry: this.#retry() },
        ...{ handle: progress.handle, dest: state.dest, hasher, inFlight, signal },
        rampUp: this.#ranges.rampUp,
        file: { etag, total, segments },
        write: this.#partWriter(progress.handle),
        ...(this.#limiter ? { limiter: this.#limiter } : {}),
        ...(first ? { first } : {}),
        onWritten: (written) => {
          progress.written = written;
          onWritten(written);
        },
      }).catch(async (error: unknown) => {
        if (error instanceof RestartFromZero) await restart(progress, state);
        throw error;
      }),
    );
    const { hash, hashed } = await hasher.settle().catch((error: unknown) => {
      throw diskError(state.dest, error);
    });
    progress.hash = hash;
    progress.written = hashed;
  }

  /**
   * Runs one attempt's `body` with the flushes and checkpoints behind its writes; after a
   * failure, journals the bytes on disk (the next attempt resumes after them).
   */
  async #receive(request: DownloadRequest, progress: Progress, body: Body): Promise<void> {
    const { state, signal } = request;
    const behind = this.#behindWrites(request, progress);
    try {
      await body((written) => {
        state.bytesWritten = written;
        // A failed flush or checkpoint stops the download: the disk did not keep its bytes.
        for (const task of behind) {
          task.check();
          task.written(written);
        }
        request.onProgress?.(written, state.totalBytes);
      });
      for (const task of behind) await task.settle();
    } catch (error) {
      for (const task of behind) await task.settle().catch(() => undefined);
      state.bytesWritten = progress.written;
      await request.checkpoint?.().catch(() => undefined);
      throw toTransferError(error, signal);
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
}
