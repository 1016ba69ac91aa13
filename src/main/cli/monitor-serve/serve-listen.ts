import { isIP } from 'node:net';
import { UsageError } from '../cli-args';

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

/** Refuses a non-loopback address without a bearer token and without TLS. */
export function checkExposure(listen: ListenAddress, guarded: { token: boolean; tls: boolean }) {
  if (isLoopback(listen.host) || guarded.token || guarded.tls) return;
  throw new UsageError(
    `Not listening on ${listen.host}:${listen.port}: it is reachable from other machines, so it needs a bearer token (--token-file FILE or --token-env VAR) or TLS (--tls-cert FILE --tls-key FILE), or both. Or listen on loopback (--listen 127.0.0.1:${listen.port}).`,
  );
}
