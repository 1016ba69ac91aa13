/*
 * What the service client retries (its timing is SERVICE_RETRY in common/retry-policy.ts).
 * Only idempotent requests are retried after an answer or a broken connection; a request that
 * is not idempotent (a POST that starts a job) is retried only when it provably never left
 * this machine (see NEVER_SENT_CODES), because replaying one that reached the server could
 * start the job twice.
 */

/** Answer statuses worth retrying: the server did not do the work and says so. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

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

/** The code of a network error (undici puts it on the error or on its cause). */
export function networkErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
