import { request, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/*
 * The forwarding that the test proxies share, as a company proxy does it: an absolute-URI
 * request (a plain-http target) is sent on to its host, a CONNECT (an https target) becomes a
 * tunnel. Test-only: no authentication, loopback only.
 */

/**
 * Opens the request to the host that the absolute-URI proxy request `req` names, with its
 * method and headers. The caller pipes the body in and passes the answer back.
 */
export function requestUpstream(
  req: IncomingMessage,
  onAnswer: (answer: IncomingMessage) => void,
): ClientRequest {
  const target = new URL(req.url ?? '');
  return request(
    {
      host: target.hostname,
      port: target.port,
      path: target.pathname + target.search,
      method: req.method,
      headers: req.headers,
    },
    onAnswer,
  );
}

/**
 * Connects to the `host:port` of the CONNECT request `req` and, once connected, tells `client`
 * the tunnel is open and calls `onOpen` to join the two; an error of the host's side ends the
 * client's.
 */
export function connectUpstream(req: IncomingMessage, client: Duplex, onOpen: () => void): Socket {
  const [host, port] = (req.url ?? '').split(':');
  const upstream = connect(Number(port), host ?? '127.0.0.1', () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    onOpen();
  });
  upstream.on('error', () => client.destroy());
  return upstream;
}

/** Starts `server` on 127.0.0.1; resolves to its URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}
