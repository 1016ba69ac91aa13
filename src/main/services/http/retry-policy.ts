/**
 * When and how long to wait before trying a request again. Only idempotent requests are
 * retried after an answer or a broken connection; a request that is not idempotent (a POST
 * that starts a job) is retried only when it provably never left this machine (see
 * {@link NEVER_SENT_CODES}), because replaying one that reached the server could start the
 * job twice.
 */
export interface RetryPolicy {
  /** Attempts in all, the first included (default 4). */
  readonly maxAttempts: number;
  /** Backoff cap of the first retry; doubles each retry (default 300 ms). */
  readonly baseDelayMs: number;
  /** Largest backoff (default 10 s). */
  readonly maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error reaches the caller (default 60 s). */
  readonly maxRetryAfterMs: number;
  /** Statuses worth retrying: the server did not do the work and says so (default 429/502/503/504). */
  readonly retryStatuses: readonly number[];
}

/** The policy used where a caller gives none. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 60_000,
  retryStatuses: [429, 502, 503, 504],
};

/**
 * Error codes that mean the request never reached the server: the connection was refused,
 * the name did not resolve, the network or host was unreachable, or no connection was made in
 * time. Only these make a non-idempotent request safe to send again.
 */
export const NEVER_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Backoff before retry number `retry` (1 for the first): "full jitter", a uniform random wait
 * between 0 and min(max, base * 2^(retry-1)), which spreads clients that failed together.
 */
export function backoffDelay(policy: RetryPolicy, retry: number, random: () => number): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * cap);
}

/**
 * The wait a `Retry-After` header asks for, in ms: delta-seconds or an HTTP date. Undefined
 * when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** The wait before the next attempt after a retryable answer: Retry-After when given, else backoff. */
export function delayAfterStatus(
  policy: RetryPolicy,
  retry: number,
  retryAfterMs: number | undefined,
  random: () => number,
): number {
  return retryAfterMs ?? backoffDelay(policy, retry, random);
}

/** The code of a network error (undici puts it on the error or on its cause). */
export function networkErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
