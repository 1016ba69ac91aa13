import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connectUpstream, listenOnLoopback, requestUpstream } from './proxy-forwarding';

/** A minimal HTTP forward proxy on 127.0.0.1 that records what it forwarded. */
export interface ForwardProxy {
  readonly url: string;
  /** `GET http://host/path` for forwarded requests, `CONNECT host:port` for tunnels. */
  readonly forwarded: string[];
  /** The forwarded requests (not tunnels) with the headers they carried. */
  readonly requests: { method: string; url: string; headers: IncomingHttpHeaders }[];
  /** The Proxy-Authorization value of each request and tunnel, in order (`-` for none). */
  readonly authorizations: string[];
  close(): Promise<void>;
}

/** A proxy that asks for credentials: 407 with these challenges until `accept` is sent. */
export interface ProxyAuthDemand {
  /** The Proxy-Authenticate values of the 407 (`Basic realm="corp"`, `Negotiate`). */
  readonly challenges: string[];
  /** The Proxy-Authorization value let through; none for a proxy that never lets through. */
  readonly accept?: string;
}

/** The 407 a proxy demanding `auth` answers, or undefined when `given` passes. */
function refusal(auth: ProxyAuthDemand | undefined, given: string | undefined): string | undefined {
  if (!auth || (auth.accept !== undefined && given === auth.accept)) return undefined;
  const headers = auth.challenges.map((value) => `Proxy-Authenticate: ${value}\r\n`).join('');
  return `HTTP/1.1 407 Proxy Authentication Required\r\n${headers}Content-Length: 0\r\n\r\n`;
}

/**
 * Forwards absolute-URI requests (plain http targets) and tunnels CONNECT (https targets),
 * as a company proxy would; with `auth`, it answers 407 until the right credentials come.
 * Test-only: loopback only.
 */
export async function startForwardProxy(auth?: ProxyAuthDemand): Promise<ForwardProxy> {
  const forwarded: string[] = [];
  const requests: ForwardProxy['requests'] = [];
  const authorizations: string[] = [];
  const server: Server = createServer((req, res) => {
    const given = req.headers['proxy-authorization'];
    authorizations.push(given ?? '-');
    const refused = refusal(auth, given);
    if (refused !== undefined && auth) {
      res.writeHead(407, { 'proxy-authenticate': auth.challenges, 'content-length': '0' }).end();
      return;
    }
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
    const given = req.headers['proxy-authorization'];
    authorizations.push(given ?? '-');
    const refused = refusal(auth, given);
    if (refused !== undefined) {
      socket.end(refused);
      return;
    }
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
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
