import { isIP } from 'node:net';
import { UsageError } from '../args/operation-args';

/** Where the server listens. */
export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

/** Parses `HOST:PORT` (`[::1]:PORT` for IPv6; port 0 picks a free one). */
export function parseListen(text: string): ListenAddress {
  const match = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$/.exec(text.trim());
  const host = match?.[1] ?? match?.[2] ?? '';
  const port = Number(match?.[3]);
  if (!match || host === '' || !(port >= 0 && port <= 65_535)) {
    throw new UsageError(
      `--listen must be HOST:PORT, e.g. 127.0.0.1:9420 or [::1]:9420 (got "${text}").`,
    );
  }
  return { host, port };
}

/**
 * True when only this machine can reach `host`: 127.0.0.0/8, ::1, ::ffff:127.x and
 * `localhost`. Every other address (0.0.0.0 and :: included) is reachable from elsewhere.
 */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase();
  if (name === 'localhost') return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6) return name === '::1' || /^::ffff:127\./.test(name);
  return false;
}

/**
 * Refuses a non-loopback address without a bearer token. TLS alone is not enough: it hides the
 * bytes on the wire, not from whoever connects, and every session's login, host and SQL text
 * would be theirs to read.
 */
export function checkExposure(listen: ListenAddress, guarded: { token: boolean; tls: boolean }) {
  if (isLoopback(listen.host) || guarded.token) return;
  const why = guarded.tls
    ? 'TLS hides what is sent from the network, not from whoever connects, so it needs a bearer token as well'
    : 'it needs a bearer token (and TLS, --tls-cert FILE --tls-key FILE, to keep it off the wire)';
  throw new UsageError(
    `Not listening on ${listen.host}:${listen.port}: other machines can reach it, and anyone who connects could read every session's login, host and SQL text; ${why}: --token-file FILE or --token-env VAR. Or listen on loopback (--listen 127.0.0.1:${listen.port}).`,
  );
}
