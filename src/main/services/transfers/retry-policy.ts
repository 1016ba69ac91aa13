import { AppError, isAppError } from '../../../shared/errors';

/** How a transfer retries one step (a part, a download, a service call). */
export interface TransferRetryPolicy {
  /** Attempts in all, the first one included (default 8). */
  maxAttempts: number;
  /** Backoff cap of the first retry (default 500 ms); it doubles after each failure. */
  baseDelayMs: number;
  /** Largest wait between attempts (default 30 s). */
  maxDelayMs: number;
}

/** Defaults of {@link TransferRetryPolicy}. */
export const DEFAULT_RETRY_POLICY: TransferRetryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
};

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** A {@link Sleep} on real timers. */
export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The error to throw for an aborted signal: its reason when it is an Error, else CANCELLED. */
export function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  return new AppError({ code: 'CANCELLED', message: 'The transfer was stopped.' });
}

/**
 * Exponential backoff with full jitter (a random wait between 0 and the doubled cap), which
 * spreads the retries of parts that failed together; a server's Retry-After wins when longer.
 */
export function backoffDelay(
  policy: TransferRetryPolicy,
  failures: number,
  random: () => number,
  retryAfterMs?: number,
): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, failures - 1));
  const jittered = Math.floor(random() * cap);
  return retryAfterMs === undefined ? jittered : Math.max(jittered, retryAfterMs);
}

/** Reads a Retry-After header (seconds or an HTTP date) as milliseconds, if present. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  now = Date.now(),
): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const RETRYABLE_CODES = new Set(['NETWORK', 'UNAVAILABLE', 'RATE_LIMITED']);

/** Marks an AppError raised because a pre-signed URL is past its expiry (403 "expired"). */
export const URL_EXPIRED = 'url-expired';

/**
 * True for an error worth another attempt: the network, a busy or failing server (5xx, 429),
 * a pre-signed URL that expired again right after being renewed (the next attempt asks for a
 * new one). Authentication, validation, not-found and cancellation are not retried here: they
 * need the user, a new upload, or nothing at all.
 */
export function isRetryable(error: unknown): boolean {
  if (!isAppError(error)) return false;
  if (RETRYABLE_CODES.has(error.code) || error.details === URL_EXPIRED) return true;
  return error.code === 'INTERNAL' && (error.status ?? 0) >= 500;
}

/** The wait a server asked for on this error (Retry-After), if any. */
export function retryAfterOf(error: unknown): number | undefined {
  return isAppError(error) ? error.retryAfterMs : undefined;
}

/** Dependencies of {@link withRetries}. */
export interface RetryContext {
  policy: TransferRetryPolicy;
  sleep: Sleep;
  random: () => number;
  signal?: AbortSignal;
  /** Told of every failure that will be retried (for logs). */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

/** Runs `step` until it succeeds, fails with a non-retryable error, or attempts run out. */
export async function withRetries<T>(
  context: RetryContext,
  step: (attempt: number) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step(attempt);
    } catch (error) {
      if (context.signal?.aborted) throw abortReason(context.signal);
      if (!isRetryable(error) || attempt >= context.policy.maxAttempts) throw error;
      const delay = backoffDelay(context.policy, attempt, context.random, retryAfterOf(error));
      context.onRetry?.(error, attempt, delay);
      await context.sleep(delay, context.signal);
    }
  }
}
