import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server whose answers a test writes, recording every request. */
export interface ScriptedServer {
  readonly origin: string;
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly seen: {
    method: string;
    url: string;
    authorization: string | undefined;
    /** The request body as text (filled when the request has ended). */
    body: string;
  }[];
  close(): Promise<void>;
}

/** Starts it on 127.0.0.1 with `handler` answering every request. */
export async function startScriptedServer(
  handler: (req: IncomingMessage, res: ServerResponse, index: number) => void,
): Promise<ScriptedServer> {
  const seen: ScriptedServer['seen'] = [];
  const server: Server = createServer((req, res) => {
    const entry = {
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      body: '',
    };
    seen.push(entry);
    const index = seen.length - 1;
    req.setEncoding('utf8').on('data', (chunk: string) => (entry.body += chunk));
    req.on('end', () => handler(req, res, index));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/databridge`,
    authUrl: `${origin}/sml/auth/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends a JSON answer. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
