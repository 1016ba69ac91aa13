import type { FileHandle } from 'node:fs/promises';
import { AppError } from '../../../shared/errors';
import type { BandwidthLimiter } from './bandwidth-limiter';
import { contentRange, header, RestartFromZero } from './download-headers';
import { openDownload, type DownloadAnswer, type DownloadClients } from './download-answer';
import type { FrontHasher } from './front-hasher';
import type { PartWrite } from './part-file-sink';
import { toTransferError } from './presigned-http';
import { bytesDone, segmentLength, segmentsToFetch, type Segments } from './range-segments';

/*
 * The connections of a download in byte ranges: each takes the next segment with bytes left,
 * asks for the rest of it (`Range: bytes=a-b`), checks that the answer is that range of the
 * same file, and writes it in place in the `.part` file. The first failure stops the others;
 * the bytes written stay counted in the journal's segments, so the next attempt (or a later
 * run) asks only for what is missing.
 */

/** One run of the connections over the segments still to fetch. */
export interface RangesRun {
  clients: DownloadClients;
  url: string;
  handle: FileHandle;
  /** The final path, for messages. */
  dest: string;
  /** The file's ETag and size, known from the first answer; the plan of its segments. */
  file: { etag: string; total: number; segments: Segments };
  hasher: FrontHasher;
  inFlight: number;
  signal: AbortSignal;
  write: PartWrite;
  limiter?: BandwidthLimiter;
  /** The first answer (segment 0 from its start), not read yet; used for segment 0. */
  first?: DownloadAnswer;
  /** After each write: the bytes of all the segments on disk. */
  onWritten: (written: number) => void;
}

/** Fetches every segment with bytes left, `inFlight` at a time; throws the first failure. */
export async function fetchRanges(run: RangesRun): Promise<void> {
  const queue = segmentsToFetch(run.file.segments, run.file.total);
  const stop = new AbortController();
  const onAbort = (): void => stop.abort(run.signal.reason);
  run.signal.addEventListener('abort', onAbort, { once: true });
  let first = run.first;
  let failure: unknown;
  const counter = { written: bytesDone(run.file.segments) };
  const worker = async (): Promise<void> => {
    for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
      const answer = index === 0 ? first : undefined;
      if (answer) first = undefined;
      try {
        await fetchSegment(run, { index, answer, counter, signal: stop.signal });
      } catch (error) {
        failure ??= error;
        stop.abort();
        return;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(run.inFlight, queue.length) }, worker));
  } finally {
    run.signal.removeEventListener('abort', onAbort);
    await first?.discard();
  }
  if (failure !== undefined) throw toTransferError(failure, run.signal);
}

interface SegmentFetch {
  index: number;
  answer: DownloadAnswer | undefined;
  counter: { written: number };
  signal: AbortSignal;
}

async function fetchSegment(run: RangesRun, fetch: SegmentFetch): Promise<void> {
  const { segments, total } = run.file;
  const { index, counter, signal } = fetch;
  const start = index * segments.segmentBytes;
  const length = segmentLength(segments, total, index);
  const from = start + (segments.done[index] ?? 0);
  const to = start + length - 1;
  const answer = fetch.answer ?? (await openDownload(run.clients, run.url, { from, to }, signal));
  await checkAnswer(run, answer, { from, to });
  await answer.receive({
    write: run.write,
    progress: { written: from },
    onStored: (chunks, position) => {
      const bytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
      segments.done[index] = position + bytes - start;
      counter.written += bytes;
      run.hasher.stored(chunks, position);
    },
    onWritten: () => run.onWritten(counter.written),
    ...(run.limiter ? { limiter: run.limiter } : {}),
    signal,
  });
  if (segments.done[index] !== length) {
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
