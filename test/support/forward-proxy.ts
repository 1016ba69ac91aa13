import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connectUpstream, listenOnLoopback, requestUpstream } from './proxy-forwarding';

/** A minimal HTTP forward proxy on 127.0.0.1 that records what it forwarded. */
export interface ForwardProxy {
  readonly url: string;
  /** `GET http://host/path` for forwarded requests, `CONNECT host:port` for tunnels. */
  readonly forwarded: string[];
  /** The forwarded requests (not tunnels) with the headers they carried. */
  readonly requests: { method: string; url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * Forwards absolute-URI requests (plain http targets) and tunnels CONNECT (https targets),
 * as a company proxy would. Test-only: no authentication, loopback only.
 */
export async function startForwardProxy(): Promise<ForwardProxy> {
  const forwarded: string[] = [];
  const requests: ForwardProxy['requests'] = [];
  const server: Server = createServer((req, res) => {
    forwarded.push(`${req.method ?? ''} ${req.url ?? ''}`);
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const upstream = requestUpstream(req, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, socket, head) => {
    forwarded.push(`CONNECT ${req.url ?? ''}`);
    const upstream = connectUpstream(req, socket, () => {
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
  });
  return {
    url: await listenOnLoopback(server),
    forwarded,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
