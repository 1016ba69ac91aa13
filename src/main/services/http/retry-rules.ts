import type { Operation } from '../../../shared/contract/catalogue';
import { followsRetryAfter, type RetryPolicy } from '../common/retry-policy';
import type { PreparedRequest } from './request-parts';

/*
 * What the service client retries (its timing is SERVICE_RETRY in common/retry-policy.ts).
 * Only idempotent requests are retried after an answer or a broken connection; a request that
 * is not idempotent (a POST that starts a job) is retried only when it provably never left
 * this machine (see NEVER_SENT_CODES), because replaying one that reached the server could
 * start the job twice.
 */

/** Answer statuses worth retrying: the server did not do the work and says so. */
const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

/**
 * Error codes that mean the request never reached the server: the connection was refused,
 * the name did not resolve, the network or host was unreachable, or no connection was made in
 * time. Only these make a non-idempotent request safe to send again.
 */
const NEVER_SENT_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The code of a network error (undici puts it on the error or on its cause). */
export function networkErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** What a retry decision looks at besides the failure. */
export interface RetryContext {
  readonly policy: RetryPolicy;
  readonly op: Operation;
  readonly prepared: PreparedRequest;
  /** Attempts made so far, the failed one included. */
  readonly attempt: number;
}

/**
 * True when an answer with `status` is worth another attempt: a status of
 * {@link RETRY_STATUSES}, an idempotent request that can be sent again, attempts left, and a
 * Retry-After the policy waits for.
 */
export function mayRetryStatus(
  context: RetryContext,
  status: number,
  retryAfterMs: number | undefined,
): boolean {
  const { policy, op, prepared, attempt } = context;
  return (
    RETRY_STATUSES.has(status) &&
    op.idempotent &&
    prepared.replayable &&
    attempt < policy.maxAttempts &&
    followsRetryAfter(policy, retryAfterMs)
  );
}

/** True when a request that got no answer (`error`) is worth another attempt. */
export function mayRetryAfterNetworkError(context: RetryContext, error: unknown): boolean {
  const { policy, op, prepared, attempt } = context;
  if (attempt >= policy.maxAttempts || !prepared.replayable) return false;
  // A request that is not idempotent is sent again only if it never left this machine.
  return op.idempotent || NEVER_SENT_CODES.has(networkErrorCode(error) ?? '');
}
