import type { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { AppError, isAppError } from '../../../shared/errors';
import { parseRetryAfter } from '../common/retry-policy';
import { abortReason } from '../common/sleep';
import { URL_EXPIRED } from './step-retry';

/** A request to a pre-signed URL. */
export interface PresignedRequest {
  method: 'GET' | 'PUT';
  headers?: Record<string, string>;
  /** A stream, or an async iterable of chunks the client pulls one at a time. */
  body?: Readable | AsyncIterable<Uint8Array>;
  signal?: AbortSignal;
}

/**
 * Sends a request to a pre-signed URL. This is the only way the transfer engine talks to
 * pre-signed hosts, and it refuses any `Authorization` header: the URL's signature is the
 * credential, and the service's key or token must never reach a storage host (a leaked
 * pre-signed URL must not leak the account with it). The dispatcher given here is a plain one,
 * without the service client's authentication.
 */
export async function presignedRequest(
  dispatcher: Dispatcher,
  url: string,
  init: PresignedRequest,
): Promise<Dispatcher.ResponseData> {
  const headers = init.headers ?? {};
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) {
    throw new AppError({
      code: 'INTERNAL',
      message: 'Refused to send credentials to a pre-signed URL.',
    });
  }
  try {
    return await request(url, {
      dispatcher,
      method: init.method,
      headers,
      // undici sends an async iterable body (pulled chunk by chunk, with backpressure), though
      // its types for request() list only streams.
      body: init.body as Readable | undefined,
      signal: init.signal,
    });
  } catch (error) {
    throw toTransferError(error, init.signal);
  }
}

/**
 * `dispatcher` with an idle deadline on every request to a pre-signed host: `idleMs` without
 * a byte while the host should answer (it stopped reading an upload, or never answers) or
 * while its body arrives ends the request with a network error, which the step retries. It is
 * set on each request, not left to the dispatcher: undici's proxy agents open a proxy's
 * forwarding connections without the agent's timeouts, and a caller may hand in any
 * dispatcher. A body paused by us (a slow disk, the bandwidth limit) is not idle.
 */
export function withReadDeadline(dispatcher: Dispatcher, idleMs: number): Dispatcher {
  return dispatcher.compose(
    (dispatch) => (opts, handler) =>
      dispatch(
        {
          ...opts,
          headersTimeout: opts.headersTimeout ?? idleMs,
          bodyTimeout: opts.bodyTimeout ?? idleMs,
        },
        handler,
      ),
  );
}

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
]);

function errorCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | undefined)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

/**
 * Turns what a transfer step threw into an AppError: the abort reason when the signal fired,
 * NETWORK for a broken connection (retried), INTERNAL otherwise.
 */
export function toTransferError(error: unknown, signal?: AbortSignal): Error {
  if (signal?.aborted) return abortReason(signal);
  if (isAppError(error)) return error;
  const code = errorCode(error);
  if (code !== undefined && NETWORK_CODES.has(code)) {
    return new AppError(
      {
        code: 'NETWORK',
        message: 'The connection to the storage host broke. The transfer retries on its own.',
        details: code,
      },
      { cause: error },
    );
  }
  return new AppError(
    { code: 'INTERNAL', message: 'The transfer failed unexpectedly. Try again.', details: code },
    { cause: error },
  );
}

/** Reads at most `limit` characters of an error answer (it may be XML, JSON or text). */
async function readErrorText(body: Dispatcher.ResponseData['body'], limit = 2000): Promise<string> {
  try {
    return (await body.text()).slice(0, limit);
  } catch {
    return '';
  }
}

/**
 * The AppError for a failed answer of a pre-signed URL, consuming its body. 403 "expired" is
 * marked {@link URL_EXPIRED} (ask for a new URL); 429 and 5xx are retryable with Retry-After.
 */
export async function presignedAnswerError(
  response: Dispatcher.ResponseData,
  what: string,
): Promise<AppError> {
  const text = await readErrorText(response.body);
  return answerError({ status: response.statusCode, headers: response.headers, text, what });
}

/** A failed answer's status, headers and the start of its body text. */
export interface FailedAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** What was asked, e.g. `the download of <file>`. */
  what: string;
}

/**
 * The AppError of a failed answer of a pre-signed URL, whichever client read it (undici or the
 * direct GET of a download): see {@link presignedAnswerError}.
 */
export function answerError({ status, headers, text, what }: FailedAnswer): AppError {
  const retryAfterMs = parseRetryAfter(headers['retry-after']);
  if (status === 403 && /expired/i.test(text)) {
    return new AppError({
      code: 'FORBIDDEN',
      status,
      details: URL_EXPIRED,
      message: `The pre-signed URL of ${what} expired.`,
    });
  }
  if (status === 429) {
    return new AppError({
      code: 'RATE_LIMITED',
      status,
      retryAfterMs,
      message: `The storage host is busy (429) while sending ${what}; retrying.`,
    });
  }
  if (status >= 500) {
    return new AppError({
      code: 'UNAVAILABLE',
      status,
      retryAfterMs,
      message: `The storage host failed (${status}) while sending ${what}; retrying.`,
    });
  }
  const code = status === 403 ? 'FORBIDDEN' : status === 404 ? 'NOT_FOUND' : 'VALIDATION';
  const reason = text
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
  return new AppError({
    code,
    status,
    message: `The storage host refused ${what} (${status}${reason ? `: ${reason}` : ''}).`,
  });
}

/** True for the AppError of an expired pre-signed URL. */
export function isUrlExpired(error: unknown): boolean {
  return isAppError(error) && error.details === URL_EXPIRED;
}

/** Checks that the service handed out an absolute http(s) URL before anything is sent to it. */
export function checkPresignedUrl(url: string, what: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url.trim());
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new AppError({
      code: 'UNEXPECTED_RESPONSE',
      message: `The service answered something that is not a URL for ${what}; the upload cannot go on.`,
    });
  }
  return parsed.href;
}

/** Strips the quotes (and a weak `W/` prefix) of an ETag. */
export function bareEtag(etag: string): string {
  return etag
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
}
