import type { FileHandle } from 'node:fs/promises';
import { AppError } from '../../../../shared/errors';
import type { BandwidthLimiter } from '../bandwidth-limiter';
import { contentRange, header, RestartFromZero } from './download-headers';
import { openDownload, type DownloadAnswer, type DownloadClients } from './download-answer';
import type { FrontHasher } from './front-hasher';
import type { PartWrite } from './part-file-sink';
import { isUrlExpired, toTransferError } from '../presigned-http';
import { withRetries, type RetryContext } from '../step-retry';
import {
  bytesDone,
  isComplete,
  recordStored,
  segmentLength,
  segmentsToFetch,
  takeRun,
  type Segments,
} from './range-segments';

/*
 * The connections of a download in byte ranges: each takes the next segment with bytes left,
 * asks for the rest of it (`Range: bytes=a-b`), checks that the answer is that range of the
 * same file, and writes it in place in the `.part` file. The bytes written stay counted in the
 * journal's segments, so a retry (or a later run) asks only for what is missing. A connection
 * left alone (the ramp found it fast, or there is one) asks for all the untouched segments
 * after its own in the same request: one stream, not a request per segment.
 */

/** One run of the connections over the segments still to fetch. */
export interface RangesRun {
  clients: DownloadClients;
  /** The pre-signed URL in hand, and how to replace it once it expired. */
  source: UrlSource;
  /** How a segment's connection is tried again after it broke (the others go on). */
  retry: Omit<RetryContext, 'signal'>;
  handle: FileHandle;
  /** The final path, for messages. */
  dest: string;
  /** The file's ETag and size, known from the first answer; the plan of its segments. */
  file: { etag: string; total: number; segments: Segments };
  hasher: FrontHasher;
  inFlight: number;
  /** When the connections beyond the first open: see {@link RampUp}. */
  rampUp: RampUp;
  signal: AbortSignal;
  write: PartWrite;
  limiter?: BandwidthLimiter;
  /** The first answer (segment 0 from its start), not read yet; used for segment 0. */
  first?: DownloadAnswer;
  /** After each write: the bytes of all the segments on disk. */
  onWritten: (written: number) => void;
}

/**
 * Where more connections help: the first connection runs alone for `afterMs`; the others open
 * only if it brought less than `fastBytesPerSecond` meanwhile (a link that limits each
 * connection, a long round trip). A fast connection (loopback, a LAN) stays alone: more would
 * only cost CPU (the hash reads back what arrives ahead of it).
 */
export interface RampUp {
  afterMs: number;
  fastBytesPerSecond: number;
}

/**
 * The default {@link RampUp}: 500 ms, 100 MiB/s (a connection to an object store over a WAN
 * rarely brings more; this machine's loopback, even while the disk writes gigabytes back,
 * brings at least twice that).
 */
export const RAMP_UP: RampUp = { afterMs: 500, fastBytesPerSecond: 100 * 1024 * 1024 };

/** The URL of a download, shared by its connections. */
export interface UrlSource {
  readonly url: string;
  /** Replaces `expired` with a fresh URL, once for all the connections that found it expired. */
  refresh(expired: string): Promise<void>;
}

/** A download's URL and how to ask for a fresh one (see {@link urlSource}). */
export interface UrlRequest {
  url: string;
  refreshUrl: (signal: AbortSignal) => Promise<string>;
  signal: AbortSignal;
}

/** The request's URL, replaced by a fresh one (once for all its connections) when it expired. */
export function urlSource(request: UrlRequest): UrlSource {
  let refreshing: Promise<void> | undefined;
  const source = {
    url: request.url,
    refresh: (expired: string): Promise<void> => {
      if (source.url !== expired) return Promise.resolve();
      refreshing ??= request
        .refreshUrl(request.signal)
        .then((url) => void (source.url = url))
        .finally(() => (refreshing = undefined));
      return refreshing;
    },
  };
  return source;
}

/**
 * Fetches every segment with bytes left, `inFlight` at a time. A connection that breaks tries
 * its segment again by itself (from its bytes on disk, with the retry policy's delays) while
 * the others go on; a segment out of attempts, or a file that changed, stops them all and
 * throws.
 */
export async function fetchRanges(run: RangesRun): Promise<void> {
  const queue = segmentsToFetch(run.file.segments, run.file.total);
  const stop = new AbortController();
  const onAbort = (): void => stop.abort(run.signal.reason);
  run.signal.addEventListener('abort', onAbort, { once: true });
  let first = run.first;
  let failure: unknown;
  const counter = { written: bytesDone(run.file.segments) };
  const more = Math.min(run.inFlight, queue.length) - 1;
  // Whether the connection at work stays the only one: then it asks for runs of segments.
  let alone = more < 1;
  const worker = async (): Promise<void> => {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      const answer = index === 0 ? first : undefined;
      if (answer) first = undefined;
      // The first answer is of its segment alone (the request that found the file's size).
      const indexes = alone && !answer ? takeRun(run.file.segments, queue, index) : [index];
      try {
        await fetchWithRetries(run, { indexes, answer, counter, signal: stop.signal });
      } catch (error) {
        failure ??= error;
        stop.abort();
        return;
      }
    }
  };
  // The wait for the ramp ends early when the first connection has done everything.
  const firstDone = new AbortController();
  const others = async (): Promise<void> => {
    const signal = AbortSignal.any([stop.signal, firstDone.signal]);
    if (more < 1) return;
    if (!(await connectionIsSlow(run, counter, signal))) {
      alone = true;
      return;
    }
    await Promise.all(Array.from({ length: more }, worker));
  };
  try {
    await Promise.all([worker().finally(() => firstDone.abort()), others()]);
  } finally {
    run.signal.removeEventListener('abort', onAbort);
    await first?.discard();
  }
  if (failure !== undefined) throw toTransferError(failure, run.signal);
}

/** Whether the first connection brought less than the ramp's fast rate in its first moments. */
async function connectionIsSlow(
  run: RangesRun,
  counter: { written: number },
  signal: AbortSignal,
): Promise<boolean> {
  const { afterMs, fastBytesPerSecond } = run.rampUp;
  const from = counter.written;
  const stopped = await run.retry.sleep(afterMs, signal).then(
    () => false,
    () => true,
  );
  return !stopped && (counter.written - from) * 1000 < fastBytesPerSecond * afterMs;
}

interface SegmentFetch {
  /** Segments next to each other, fetched in one request. */
  indexes: number[];
  answer: DownloadAnswer | undefined;
  counter: { written: number };
  signal: AbortSignal;
}

/** One run of segments, tried again on a broken connection or an expired URL. */
async function fetchWithRetries(run: RangesRun, fetch: SegmentFetch): Promise<void> {
  let restart: RestartFromZero | undefined;
  let answer = fetch.answer;
  await withRetries({ ...run.retry, signal: fetch.signal }, async () => {
    const url = run.source.url;
    try {
      await fetchSegment(run, { ...fetch, answer }, url);
    } catch (caught) {
      const error = toTransferError(caught, fetch.signal);
      // Another file on the server: no use trying this segment again.
      if (error instanceof RestartFromZero) {
        restart = error;
        return;
      }
      if (isUrlExpired(error)) await run.source.refresh(url);
      throw error;
    } finally {
      answer = undefined;
    }
  });
  if (restart) throw restart;
}

async function fetchSegment(run: RangesRun, fetch: SegmentFetch, url: string): Promise<void> {
  const { segments, total } = run.file;
  const { counter, signal } = fetch;
  const complete = (index: number): boolean => isComplete(segments, total, index);
  // A retry asks from the first byte missing: the segments before it are on disk.
  const indexes = fetch.indexes.filter((index) => !complete(index));
  const first = indexes[0];
  const last = indexes.at(-1);
  if (first === undefined || last === undefined) return;
  const from = first * segments.segmentBytes + (segments.done[first] ?? 0);
  const to = last * segments.segmentBytes + segmentLength(segments, total, last) - 1;
  const answer = fetch.answer ?? (await openDownload(run.clients, url, { from, to }, signal));
  await checkAnswer(run, answer, { from, to });
  await answer.receive({
    write: run.write,
    progress: { written: from },
    onWriting: (chunks, position) => run.hasher.hashAhead(chunks, position),
    onStored: (chunks, position) => {
      const bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
      recordStored(segments, total, position, bytes);
      counter.written += bytes;
      run.hasher.stored(chunks, position);
    },
    onWritten: () => run.onWritten(counter.written),
    ...(run.limiter ? { limiter: run.limiter } : {}),
    signal,
  });
  if (!indexes.every(complete)) {
    throw new AppError({
      code: 'NETWORK',
      message: `A range of ${run.dest} ended early; resuming.`,
    });
  }
}

/** Throws unless `answer` is bytes `from`-`to` of the same file (206, its ETag, its size). */
async function checkAnswer(
  run: RangesRun,
  answer: DownloadAnswer,
  range: { from: number; to: number },
): Promise<void> {
  if (answer.statusCode >= 300 && answer.statusCode !== 416) {
    throw await answer.error(`the download of ${run.dest}`);
  }
  const etag = header(answer.headers['etag']);
  const got = contentRange(answer.headers['content-range']);
  let reason: string | undefined;
  if (etag !== undefined && etag !== run.file.etag) reason = 'the file on the server changed';
  else if (answer.statusCode !== 206 || got?.start !== range.from || got.total !== run.file.total)
    reason = `the server did not answer bytes ${range.from}-${range.to} of the file`;
  if (reason === undefined) return;
  await answer.discard();
  throw new RestartFromZero(reason);
}
