/*
 * A port's failures as the app's retry rules read them. Node's errors carry a `code`
 * (ECONNREFUSED); Chromium's carry only a message (`net::ERR_CONNECTION_REFUSED`), so its
 * network errors get the Node code that means the same, and the service client and the
 * transfer engine retry them exactly as they retry undici's (retry-rules.ts, presigned-http.ts).
 */

/** Chromium's net errors (net/base/net_error_list.h) and the Node code of the same failure. */
const CHROMIUM_CODES: Readonly<Record<string, string>> = {
  CONNECTION_REFUSED: 'ECONNREFUSED',
  PROXY_CONNECTION_FAILED: 'ECONNREFUSED',
  NAME_NOT_RESOLVED: 'ENOTFOUND',
  NAME_RESOLUTION_FAILED: 'EAI_AGAIN',
  ADDRESS_UNREACHABLE: 'EHOSTUNREACH',
  INTERNET_DISCONNECTED: 'ENETUNREACH',
  CONNECTION_TIMED_OUT: 'ETIMEDOUT',
  TIMED_OUT: 'ETIMEDOUT',
  CONNECTION_RESET: 'ECONNRESET',
  CONNECTION_CLOSED: 'ECONNRESET',
  EMPTY_RESPONSE: 'ECONNRESET',
  NETWORK_CHANGED: 'ECONNRESET',
  TUNNEL_CONNECTION_FAILED: 'ECONNRESET',
  CONNECTION_ABORTED: 'ECONNABORTED',
};

/** The Node code of a Chromium net error message (`net::ERR_X`), if it names one known here. */
export function chromiumErrorCode(message: string): string | undefined {
  const name = /^net::ERR_([A-Z0-9_]+)$/.exec(message.trim())?.[1];
  return name === undefined ? undefined : CHROMIUM_CODES[name];
}

/** A port's error with the code its retry needs; Node's errors pass unchanged. */
export function portErrorOf(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  if (typeof (error as { code?: unknown }).code === 'string') return error;
  const code = chromiumErrorCode(error.message);
  if (code === undefined) return error;
  return Object.assign(new Error(error.message, { cause: error }), { code });
}
