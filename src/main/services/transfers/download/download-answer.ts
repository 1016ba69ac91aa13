import { pipeline } from 'node:stream/promises';
import type { Dispatcher } from 'undici';
import type { AppError } from '../../../../shared/errors';
import type { DirectRoute } from '../../http/direct-route';
import type { BandwidthLimiter } from '../bandwidth-limiter';
import { directGet, type DirectAnswer } from './direct-get';
import { limiterTap, PartFileSink, storeChunks, type PartFileSinkOptions } from './part-file-sink';
import {
  answerError,
  presignedAnswerError,
  presignedRequest,
  toTransferError,
} from '../presigned-http';
import type { ThroughputFloor } from '../throughput-floor';

/*
 * One GET of a download, whichever client carries it: the direct GET (a socket of its own, the
 * default) or undici (the fallback: a proxy, a redirect, a body without Content-Length). The
 * range downloader checks the answer the same way for both.
 */

/** What the body's bytes go through on their way to the `.part` file. */
interface BodyStore extends Omit<PartFileSinkOptions, 'highWaterMark'> {
  limiter?: BandwidthLimiter;
  signal: AbortSignal;
}

/** The answer of a download GET, its body not read yet. */
export interface DownloadAnswer {
  /** Which client carries it (tests, logs). */
  via: 'direct' | 'undici';
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** Drops the body. */
  discard(): Promise<void>;
  /** The AppError of a failed answer, reading the start of its body. */
  error(what: string): Promise<AppError>;
  /** Writes the body into the `.part` file (positional writes, hash, progress, checkpoints). */
  receive(store: BodyStore): Promise<void>;
}

/** How a download reaches pre-signed hosts. */
export interface DownloadClients {
  dispatcher: Dispatcher;
  /** Direct GETs; undefined sends every request through undici. */
  route?: DirectRoute;
  /** The throughput floor of the direct GETs (undici's requests have it in `dispatcher`). */
  floor?: () => ThroughputFloor;
}

/** The bytes a download GET asks for: from `from` to the end, or to `to` (inclusive). */
export interface ByteRange {
  from: number;
  to?: number;
}

/** Sends a download GET of `range` (a Range request unless it is the whole file). */
export async function openDownload(
  clients: DownloadClients,
  url: string,
  range: ByteRange,
  signal: AbortSignal,
): Promise<DownloadAnswer> {
  const { from, to } = range;
  const headers: Record<string, string> =
    to !== undefined
      ? { range: `bytes=${from}-${to}` }
      : from > 0
        ? { range: `bytes=${from}-` }
        : {};
  if (clients.route) {
    let direct: DirectAnswer | undefined;
    try {
      const floor = clients.floor?.();
      direct = await directGet(
        url,
        { headers, signal, ...(floor ? { floor } : {}) },
        clients.route,
      );
    } catch (error) {
      throw toTransferError(error, signal);
    }
    if (direct) return directAnswer(direct);
  }
  const response = await presignedRequest(clients.dispatcher, url, {
    method: 'GET',
    headers,
    signal,
  });
  return undiciAnswer(response);
}

function directAnswer(answer: DirectAnswer): DownloadAnswer {
  return {
    via: 'direct',
    statusCode: answer.statusCode,
    headers: answer.headers,
    discard: () => {
      answer.discard();
      return Promise.resolve();
    },
    error: async (what) => {
      const text = await answer.text();
      return answerError({ status: answer.statusCode, headers: answer.headers, text, what });
    },
    receive: (store) =>
      answer.receive(async (bytes) => {
        // The limiter is waited for before the slot is written and freed: the socket stays
        // paused meanwhile, so a limit slows the sender without buffering more.
        await store.limiter?.take(bytes.length, store.signal);
        await storeChunks(store, [bytes]);
      }),
  };
}

function undiciAnswer(response: Dispatcher.ResponseData): DownloadAnswer {
  return {
    via: 'undici',
    statusCode: response.statusCode,
    headers: response.headers,
    discard: () => response.body.dump(),
    error: (what) => presignedAnswerError(response, what),
    receive: async (store) => {
      const sink = new PartFileSink(store);
      // Socket to file with backpressure: a slow disk (or a bandwidth limit) pauses the body,
      // then the socket, instead of buffering; nothing is awaited per chunk.
      const taps = store.limiter ? [limiterTap(store.limiter, store.signal)] : [];
      try {
        await pipeline([response.body, ...taps, sink], { signal: store.signal });
      } catch (error) {
        // The count and the hash cover the bytes on disk once the write under way has ended.
        await sink.settled();
        throw error;
      }
    },
  };
}
