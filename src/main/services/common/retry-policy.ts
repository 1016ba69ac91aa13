/**
 * How a failed step is tried again: how many attempts, how long to wait between them, and how
 * far to follow a server's `Retry-After`. Which failures are worth another attempt is each
 * caller's to say, from what it sees: the service client by answer status and idempotency
 * (`http/retry-rules.ts`), the transfer engine by error code (`transfers/step-retry.ts`).
 */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** Backoff cap of the first retry; it doubles after each failure. */
  readonly baseDelayMs: number;
  /** Largest backoff. */
  readonly maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error reaches the caller. */
  readonly maxRetryAfterMs: number;
  /**
   * How a Retry-After meets the backoff: `replaces` waits what the server asked instead of
   * the backoff; `atLeast` waits the longer of the two.
   */
  readonly retryAfter: 'replaces' | 'atLeast';
  /**
   * How long a step may go on, from its first attempt's start: no retry starts after this
   * (the last error reaches the caller, saying how long it tried). Unbounded when absent.
   */
  readonly maxElapsedMs?: number;
}

/**
 * The service client's: a few quick attempts, since a user waits on the answer; a server that
 * asks for more than a minute gets its error shown instead.
 */
export const SERVICE_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
  retryAfter: 'replaces',
};

/**
 * A transfer step's (a part, a ranged download, a service call of a transfer): more and
 * longer attempts, since a transfer runs unattended and its work so far is worth keeping; a
 * server's Retry-After is always waited for, and never shortens the backoff.
 */
export const TRANSFER_RETRY: RetryPolicy = {
  maxAttempts: 8,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: Number.POSITIVE_INFINITY,
  retryAfter: 'atLeast',
  // A dead host costs each attempt up to the read deadline (60 s), one that crawls below the
  // throughput floor (transfers/throughput-floor.ts) about three minutes: eight of them and
  // the waits between would take far longer. The step gives up after five (README).
  maxElapsedMs: 5 * 60_000,
};

/**
 * The wait before retry number `retry` (1 for the first). Backoff is "full jitter", a uniform
 * random wait between 0 and min(max, base * 2^(retry-1)), which spreads clients (or parts)
 * that failed together; a server's `retryAfterMs` joins it as the policy says.
 */
export function backoffDelay(
  policy: RetryPolicy,
  retry: number,
  random: () => number,
  retryAfterMs?: number,
): number {
  if (retryAfterMs !== undefined && policy.retryAfter === 'replaces') return retryAfterMs;
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  const jittered = Math.floor(random() * cap);
  return retryAfterMs === undefined ? jittered : Math.max(jittered, retryAfterMs);
}

/** True when the policy waits as long as a server's Retry-After asks (or none was given). */
export function followsRetryAfter(policy: RetryPolicy, retryAfterMs: number | undefined): boolean {
  return (retryAfterMs ?? 0) <= policy.maxRetryAfterMs;
}

/**
 * The wait a `Retry-After` header asks for, in ms: delta-seconds or an HTTP date. Undefined
 * when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | readonly string[] | undefined,
  now = Date.now(),
): number | undefined {
  const text = (typeof value === 'string' ? value : value?.[0])?.trim();
  if (text === undefined || text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
