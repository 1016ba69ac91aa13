import { createHash } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { AppError } from '../../../../shared/errors';
import { TRANSFER_RETRY, type RetryPolicy } from '../../common/retry-policy';
import { sleep, type Sleep } from '../../common/sleep';
import type { BandwidthLimiter } from '../bandwidth-limiter';
import { partBody } from './part-body';
import type { PartRange } from '../part-plan';
import {
  bareEtag,
  isUrlExpired,
  presignedAnswerError,
  presignedRequest,
  toTransferError,
} from '../presigned-http';
import { withRetries } from '../step-retry';

/** One part (or a whole single-stream file) to PUT to a pre-signed URL. */
export interface PartUploadRequest {
  path: string;
  range: PartRange;
  /** Asks the service for a fresh pre-signed URL of this part; called right before each send. */
  getUrl: (signal: AbortSignal) => Promise<string>;
  signal: AbortSignal;
  /** Bytes handed to the connection (negative when a failed attempt's bytes are taken back). */
  onProgress?: (deltaBytes: number) => void;
  /** What to call the part in messages, e.g. `part 3`. */
  label?: string;
  /** Told when the part is about to be sent again (after the backoff's wait starts). */
  onRetry?: (attempt: number) => void;
}

/** What a successful part upload returns. */
export interface PartUploadResult {
  /** The ETag as the storage host sent it (quotes kept), for complete-upload. */
  etag: string;
  md5Hex: string;
  attempts: number;
  /** Body bytes sent over all attempts (a retried part counts twice). */
  bytesSent: number;
}

/** Options of {@link PartUploader}. */
export interface PartUploaderOptions {
  /** A plain dispatcher for pre-signed hosts: never one that adds the service's Authorization. */
  dispatcher: Dispatcher;
  retry?: Partial<RetryPolicy>;
  sleep?: Sleep;
  random?: () => number;
  /** The app's bandwidth limit: each chunk waits for it before it goes (default: none). */
  limiter?: BandwidthLimiter;
  /** Told of each retry (no URL: pre-signed URLs are credentials). */
  onRetry?: (label: string, error: unknown, attempt: number, delayMs: number) => void;
  /** Told when a part (by its label) was sent after it was tried again. */
  onRecovered?: (label: string) => void;
}

/**
 * Uploads one part: streamed from disk ({@link partBody}: its byte range in 1 MiB chunks from
 * recycled buffers, never the whole part in memory) to a pre-signed URL fetched just before
 * sending, its MD5 computed on the way and checked against the ETag the host returns. An expired URL is
 * replaced once at once; the network, 5xx and 429 are retried with backoff and Retry-After.
 */
export class PartUploader {
  readonly #dispatcher: Dispatcher;
  readonly #policy: RetryPolicy;
  readonly #sleep: Sleep;
  readonly #random: () => number;
  readonly #onRetry: PartUploaderOptions['onRetry'];
  readonly #onRecovered: PartUploaderOptions['onRecovered'];
  readonly #limiter: BandwidthLimiter | undefined;

  constructor(options: PartUploaderOptions) {
    this.#dispatcher = options.dispatcher;
    this.#policy = { ...TRANSFER_RETRY, ...options.retry };
    this.#sleep = options.sleep ?? sleep;
    this.#random = options.random ?? Math.random;
    this.#onRetry = options.onRetry;
    this.#onRecovered = options.onRecovered;
    this.#limiter = options.limiter;
  }

  /** Uploads the part; rejects with an AppError (or the abort reason) when it cannot. */
  async upload(part: PartUploadRequest): Promise<PartUploadResult> {
    const label = part.label ?? `part ${part.range.partNumber}`;
    let bytesSent = 0;
    const result = await withRetries(
      {
        policy: this.#policy,
        sleep: this.#sleep,
        random: this.#random,
        signal: part.signal,
        onRetry: (error, attempt, delay) => {
          this.#onRetry?.(label, error, attempt, delay);
          part.onRetry?.(attempt);
        },
        onRecovered: () => this.#onRecovered?.(label),
      },
      async (attempt) => {
        let url = await part.getUrl(part.signal);
        try {
          return { ...(await this.#attempt(part, url, label, (n) => (bytesSent += n))), attempt };
        } catch (error) {
          if (!isUrlExpired(error)) throw error;
        }
        // The URL expired between the service handing it out and the host reading it (a
        // sleeping laptop, a slow queue): one fresh URL, sent at once, without a backoff.
        url = await part.getUrl(part.signal);
        return { ...(await this.#attempt(part, url, label, (n) => (bytesSent += n))), attempt };
      },
    );
    return { etag: result.etag, md5Hex: result.md5Hex, attempts: result.attempt, bytesSent };
  }

  async #attempt(
    part: PartUploadRequest,
    url: string,
    label: string,
    countSent: (bytes: number) => void,
  ): Promise<{ etag: string; md5Hex: string }> {
    const hash = createHash('md5');
    let sent = 0;
    let failed = false;
    const { path, range, signal, onProgress } = part;
    // Whether the file ran out of bytes: the client then fails on its Content-Length, which
    // would read as a network failure and be retried for nothing.
    let ended = false;
    const source = partBody(path, range, {
      limiter: this.#limiter,
      signal,
      onChunk: (chunk) => {
        // A chunk let through by the limiter after the attempt failed is not counted.
        if (failed) return;
        hash.update(chunk);
        sent += chunk.length;
        countSent(chunk.length);
        onProgress?.(chunk.length);
      },
    });
    const body = (async function* () {
      yield* source;
      ended = true;
    })();
    try {
      const response = await presignedRequest(this.#dispatcher, url, {
        method: 'PUT',
        headers: {
          'content-length': String(range.length),
          'content-type': 'application/octet-stream',
        },
        body,
        signal,
      });
      if (response.statusCode < 200 || response.statusCode > 299) {
        throw await presignedAnswerError(response, label);
      }
      await response.body.dump();
      if (sent !== range.length) throw shortRead(label, sent, range.length);
      const md5Hex = hash.digest('hex');
      return { etag: checkEtag(response.headers.etag, md5Hex, label), md5Hex };
    } catch (error) {
      failed = true;
      // Closes the file (at once, or after the read in progress) unless the client did.
      body.return(undefined).catch(() => undefined);
      if (sent > 0) onProgress?.(-sent);
      // The file gave fewer bytes than the part holds: said at once, never retried.
      if (ended && sent < range.length && !signal.aborted) {
        throw shortRead(label, sent, range.length);
      }
      throw toTransferError(error, signal);
    }
  }
}

function shortRead(label: string, sent: number, expected: number): AppError {
  return new AppError({
    code: 'VALIDATION',
    message: `The source file ended early while sending ${label} (${sent} of ${expected} bytes); it may have been truncated.`,
  });
}

/**
 * Checks the host's ETag against the MD5 we computed. A single-part object's ETag is its MD5
 * (S3, and the emulator); hosts that encrypt with their own keys return something else, and
 * then there is nothing to compare: the value is kept for complete-upload as is.
 */
function checkEtag(header: string | string[] | undefined, md5Hex: string, label: string): string {
  const etag = Array.isArray(header) ? header[0] : header;
  if (etag === undefined || etag === '') {
    throw new AppError({
      code: 'UNEXPECTED_RESPONSE',
      message: `The storage host accepted ${label} but sent no ETag, so the upload cannot be completed.`,
    });
  }
  const bare = bareEtag(etag).toLowerCase();
  if (/^[0-9a-f]{32}$/.test(bare) && bare !== md5Hex) {
    // The bytes were damaged on the way: NETWORK makes it a retry of this part.
    throw new AppError({
      code: 'NETWORK',
      message: `The storage host stored ${label} with a different checksum than was sent; sending it again.`,
      details: 'md5-mismatch',
    });
  }
  return etag;
}
