import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

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
    const target = new URL(req.url ?? '');
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (req, socket, head) => {
    forwarded.push(`CONNECT ${req.url ?? ''}`);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host ?? '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
