import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import type { DirectRoute } from '../../http/direct-route';
import { SlotShelf } from './slot-shelf';

/*
 * The socket of a direct GET (direct-get.ts): how it is opened, the request head it writes,
 * and the slot buffers the direct GETs of one route share.
 */

/** The request head: HTTP/1.1, one request per connection. */
export function requestHead(target: URL, headers: Record<string, string>): string {
  const lines = [`GET ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push('Connection: close', 'Accept-Encoding: identity');
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** The connections that run at once and more (a download's ranges, two downloads). */
const SHELVED_CONNECTIONS = 8;
const shelves = new WeakMap<DirectRoute, SlotShelf>();

/** The slot buffers shared by the direct GETs of one route. */
export function shelfOf(route: DirectRoute): SlotShelf {
  let shelf = shelves.get(route);
  if (shelf === undefined) {
    shelf = new SlotShelf(route.pool.slotBytes, route.pool.slots * SHELVED_CONNECTIONS);
    shelves.set(route, shelf);
  }
  return shelf;
}

/**
 * Opens the socket of a direct GET, plain or TLS, reading into the buffers `onread` hands it
 * (the body pool's slots) rather than into buffers of its own.
 */
export function openSocket(
  target: URL,
  route: DirectRoute,
  onread: { buffer: () => Buffer; callback: (length: number, view: Buffer) => boolean },
): Socket {
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const secure = target.protocol === 'https:';
  const port = Number(target.port || (secure ? 443 : 80));
  if (!secure) return netConnect({ host, port, onread, noDelay: true });
  // Node's TLS sockets take `onread` too (nodejs/node#35753), though its types list it for
  // net only. SNI names the host (never an IP); the certificate must chain to `route.ca`.
  const options: ConnectionOptions & { onread: typeof onread } = {
    host,
    port,
    onread,
    ...(isIP(host) === 0 ? { servername: host } : {}),
    ...(route.ca ? { ca: route.ca } : {}),
    rejectUnauthorized: true,
    ALPNProtocols: ['http/1.1'],
  };
  return tlsConnect(options);
}
