import { AppError, isAppError } from '../../../shared/errors';
import { formatDuration } from '../../../shared/format/durations';
import { backoffDelay, followsRetryAfter, type RetryPolicy } from '../common/retry-policy';
import { abortReason, type Sleep } from '../common/sleep';

/*
 * How a transfer retries one step (a part, a download, a service call): which failures are
 * worth another attempt, and the loop that makes them, with the timing of TRANSFER_RETRY
 * (common/retry-policy.ts) unless the service's options say otherwise.
 */

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
function retryAfterOf(error: unknown): number | undefined {
  return isAppError(error) ? error.retryAfterMs : undefined;
}

/** Dependencies of {@link withRetries}. */
export interface RetryContext {
  policy: RetryPolicy;
  sleep: Sleep;
  random: () => number;
  /** The clock of the policy's time limit (default Date.now). */
  now?: () => number;
  signal?: AbortSignal;
  /** Told of every failure that will be retried (for logs). */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  /** Told when the step succeeds after it was retried (`attempts` made in all). */
  onRecovered?: (attempts: number) => void;
}

/** Runs `step` until it succeeds, fails with a non-retryable error, or attempts run out. */
export async function withRetries<T>(
  context: RetryContext,
  step: (attempt: number) => Promise<T>,
): Promise<T> {
  const { policy } = context;
  const now = context.now ?? Date.now;
  const started = now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      const value = await step(attempt);
      if (attempt > 1) context.onRecovered?.(attempt);
      return value;
    } catch (error) {
      if (context.signal?.aborted) throw abortReason(context.signal);
      const retryAfterMs = retryAfterOf(error);
      if (!isRetryable(error)) throw error;
      const tried = now() - started;
      if (attempt >= policy.maxAttempts) throw gaveUp(error, attempt, tried);
      if (!followsRetryAfter(policy, retryAfterMs)) throw error;
      const delay = backoffDelay(policy, attempt, context.random, retryAfterMs);
      if (policy.maxElapsedMs !== undefined && tried + delay > policy.maxElapsedMs) {
        throw gaveUp(error, attempt, tried);
      }
      context.onRetry?.(error, attempt, delay);
      await context.sleep(delay, context.signal);
    }
  }
}

/** The last error of a step that ran out of attempts or time, saying how long it tried. */
function gaveUp(error: unknown, attempts: number, triedMs: number): unknown {
  if (!isAppError(error) || attempts < 2) return error;
  const tried = `Gave up after ${attempts} attempts in ${formatDuration(triedMs)}.`;
  return new AppError(
    { ...error.toData(), message: `${error.message} ${tried}` },
    { cause: error },
  );
}
