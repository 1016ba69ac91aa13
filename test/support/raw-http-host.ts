import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import { createServer as createTlsServer } from 'node:tls';

/*
 * A storage host of the test's own on raw sockets (plain or TLS), for HTTP/1.1 cases no
 * ordinary server writes on purpose: chunk extensions and trailers, an interim answer, a head
 * split across reads, a body longer or shorter than its Content-Length, a stall, a wrong
 * Content-Range. The test's answer function writes every byte of each answer itself.
 */

/** One request as the host read it. */
export interface RawRequest {
  method: string;
  target: string;
  /** Field names lower-cased. */
  headers: Record<string, string>;
  /** Which connection of the host carried it (from 0), to tell connections apart. */
  connection: number;
}

/**
 * Writes the answer to `request` on `socket`. The connection stays open for a next request
 * (keep-alive) unless the function ends or destroys it; `index` counts the host's requests.
 */
export type RawAnswer = (
  request: RawRequest,
  socket: Socket,
  index: number,
) => Promise<void> | void;

/** The host and what it read. */
export interface RawHost {
  /** `http://127.0.0.1:<port>` (or `https://localhost:<port>` with TLS). */
  readonly origin: string;
  readonly port: number;
  readonly requests: RawRequest[];
  /** Replaces the answer function (each test scripts its own). */
  answer(next: RawAnswer): void;
  close(): Promise<void>;
}

/** Certificate and key of a TLS host; its origin then names `localhost`. */
export interface RawTls {
  key: Buffer;
  cert: Buffer;
}

/** Parses a request head (request line and fields, without the blank line). */
function parseRequest(text: string, connection: number): RawRequest {
  const [line = '', ...fields] = text.split('\r\n');
  const [method = '', target = ''] = line.split(' ');
  const headers: Record<string, string> = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    if (colon > 0)
      headers[field.slice(0, colon).trim().toLowerCase()] = field.slice(colon + 1).trim();
  }
  return { method, target, headers, connection };
}

/** Reads requests off one connection, one after the other, answering each in turn. */
function serveConnection(socket: Socket, connection: number, host: HostState): void {
  let pending = '';
  let busy = false;
  const next = async (): Promise<void> => {
    const end = pending.indexOf('\r\n\r\n');
    if (busy || end < 0 || socket.destroyed) return;
    busy = true;
    const request = parseRequest(pending.slice(0, end), connection);
    // Downloads send GETs without a body: what follows the head is the next request.
    pending = pending.slice(end + 4);
    host.requests.push(request);
    try {
      await host.answer(request, socket, host.requests.length - 1);
    } catch {
      socket.destroy();
    }
    busy = false;
    await next();
  };
  socket.on('data', (chunk: Buffer) => {
    pending += chunk.toString('latin1');
    void next();
  });
  socket.on('error', () => undefined);
}

interface HostState {
  requests: RawRequest[];
  answer: RawAnswer;
}

/** Starts a raw host on 127.0.0.1 (TLS when `tls` is given). */
export async function startRawHost(answer: RawAnswer, tls?: RawTls): Promise<RawHost> {
  const state: HostState = { requests: [], answer };
  const sockets = new Set<Socket>();
  let connections = 0;
  const onSocket = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setNoDelay(true);
    serveConnection(socket, connections++, state);
  };
  const server: Server = tls
    ? createTlsServer({ key: tls.key, cert: tls.cert, ALPNProtocols: ['http/1.1'] }, onSocket)
    : createTcpServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`,
    port,
    requests: state.requests,
    answer: (next) => void (state.answer = next),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** An answer head: status line and fields, with the blank line after them. */
export function answerHead(status: string, fields: Record<string, string | number>): string {
  const lines = [`HTTP/1.1 ${status}`];
  for (const [name, value] of Object.entries(fields)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Resolves once `data` was handed to the kernel and the event loop went round once more. */
export function flush(socket: Socket, data: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data, (error) => {
      // A later turn of the loop lets the client's read of these bytes happen on its own.
      if (error) reject(error);
      else setImmediate(() => setImmediate(resolve));
    });
  });
}

/** Writes `data` in pieces cut at `cuts` (offsets), each flushed before the next. */
export async function writeInPieces(
  socket: Socket,
  data: Buffer,
  cuts: readonly number[],
): Promise<void> {
  let at = 0;
  for (const cut of [...cuts, data.length]) {
    if (cut > at) await flush(socket, data.subarray(at, cut));
    at = Math.max(at, cut);
  }
}

/** A `Range: bytes=a-` or `bytes=a-b` header read against a file of `total` bytes. */
export function askedRange(
  header: string | undefined,
  total: number,
): { from: number; to: number } | undefined {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header ?? '');
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = match[2] === '' ? total - 1 : Math.min(Number(match[2]), total - 1);
  return { from, to };
}

/**
 * The head and body a well-behaved host answers for `request` of `content`: 200 with the
 * whole file, or 206 with the range asked.
 */
export function fileAnswer(
  request: RawRequest,
  content: Buffer,
  etag: string,
  extra: Record<string, string | number> = {},
): { head: string; body: Buffer } {
  const range = askedRange(request.headers['range'], content.length);
  if (!range) {
    const fields = { ETag: etag, 'Content-Length': content.length, ...extra };
    return { head: answerHead('200 OK', fields), body: content };
  }
  const body = content.subarray(range.from, range.to + 1);
  const fields = {
    ETag: etag,
    'Content-Length': body.length,
    'Content-Range': `bytes ${range.from}-${range.to}/${content.length}`,
    ...extra,
  };
  return { head: answerHead('206 Partial Content', fields), body };
}
