import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer as createHttps, type Server as HttpsServer } from 'node:https';
import {
  createServer as createHttp,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createTcp, type AddressInfo, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directRoute, type DirectRoute } from '../../../src/main/services/http/direct-route';
import { directGet } from '../../../src/main/services/transfers/download/direct-get';
import type { ExportFile } from '../../../src/main/services/transfers/journal-schema';
import { RangeDownloader } from '../../../src/main/services/transfers/download/range-downloader';
import { hasOpenssl, makeSelfSigned } from '../../support/self-signed';

/*
 * The direct GET of downloads against local hosts: plain HTTP with the answers a storage host
 * may give (ranges, chunked, redirects, errors), a raw socket that sends its head a few bytes
 * at a time, and HTTPS with a private CA.
 */

const KIB = 1024;
const content = Buffer.alloc(3 * 1024 * KIB + 77);
for (let i = 0; i < content.length; i += 1) content[i] = (i * 7 + (i >> 9)) & 0xff;
const etag = `"${createHash('md5').update(content).digest('hex')}"`;
const seen: IncomingMessage['headers'][] = [];
let dir: string;
let http: Server;
let origin: string;
const dispatcher = new Agent();
const route: DirectRoute = {
  ...directRoute({ env: {} }),
  pool: { slots: 3, slotBytes: 128 * KIB },
};

function serveFile(req: IncomingMessage, res: ServerResponse, slow = false): void {
  const start = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1] ?? 0);
  const body = content.subarray(start);
  const headers: Record<string, string | number> = { ETag: etag, 'Content-Length': body.length };
  if (start > 0)
    headers['Content-Range'] = `bytes ${start}-${content.length - 1}/${content.length}`;
  res.writeHead(start > 0 ? 206 : 200, headers);
  if (!slow) return void res.end(body);
  // 64 KiB every 10 ms: a download long enough to stop in the middle.
  let at = 0;
  const timer = setInterval(() => {
    if (res.destroyed || at >= body.length) return void (clearInterval(timer), res.end());
    res.write(body.subarray(at, (at += 64 * KIB)));
  }, 10);
}

function serve(req: IncomingMessage, res: ServerResponse): void {
  seen.push(req.headers);
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/file') return serveFile(req, res);
  if (path === '/slow') return serveFile(req, res, true);
  if (path === '/chunked') {
    res.writeHead(200, { ETag: etag });
    res.write(content.subarray(0, KIB));
    return void res.end(content.subarray(KIB));
  }
  if (path === '/moved') return void res.writeHead(302, { Location: '/file' }).end();
  if (path === '/expired')
    return void res.writeHead(403).end('<Message>Request has expired</Message>');
  if (path === '/busy') return void res.writeHead(503, { 'Retry-After': '2' }).end('busy');
  res.writeHead(404).end();
}

function target(name: string): ExportFile {
  return { remoteName: name, dest: join(dir, name), bytesWritten: 0, done: false };
}

function downloadRequest(url: string, state: ExportFile, signal = new AbortController().signal) {
  return { url, state, signal, refreshUrl: () => Promise.resolve(url) };
}

const downloader = new RangeDownloader({
  dispatcher,
  route,
  retry: { baseDelayMs: 1, maxDelayMs: 5 },
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'direct-get-'));
  http = createHttp(serve);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => http.close(resolve));
  await dispatcher.close();
  await rm(dir, { recursive: true, force: true });
});

describe('direct GET', () => {
  it('downloads byte for byte, sending no Authorization header', async () => {
    seen.length = 0;
    const state = target('plain.bak');
    await downloader.download(downloadRequest(`${origin}/file?sig=1`, state));
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.authorization).toBeUndefined();
    expect(seen[0]?.connection).toBe('close');
  });

  it('refuses to send an Authorization header', async () => {
    await expect(
      directGet(`${origin}/file`, { headers: { Authorization: 'Bearer x' } }, route),
    ).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('leaves chunked bodies, redirects and proxied hosts to undici, which downloads them', async () => {
    expect(await directGet(`${origin}/chunked`, {}, route)).toBeUndefined();
    expect(await directGet(`${origin}/moved`, {}, route)).toBeUndefined();
    const proxied = directRoute({ env: { HTTP_PROXY: 'http://127.0.0.1:9' } });
    seen.length = 0;
    expect(await directGet(`${origin}/file`, {}, proxied)).toBeUndefined();
    expect(seen).toEqual([]);
    const state = target('chunked.bak');
    await downloader.download(downloadRequest(`${origin}/chunked`, state));
    expect((await readFile(state.dest)).equals(content)).toBe(true);
  });

  it('turns error answers into the AppErrors of undici’s path', async () => {
    const expired = await downloader
      .download(downloadRequest(`${origin}/expired`, target('expired.bak')))
      .catch((error: unknown) => error);
    expect(expired).toMatchObject({ code: 'FORBIDDEN', status: 403, details: 'url-expired' });
    const answer = await directGet(`${origin}/busy`, {}, route);
    expect(answer?.statusCode).toBe(503);
    expect(await answer?.text()).toBe('busy');
  });

  it('stopped in the middle, leaves a .part the next run resumes with a Range', async () => {
    const state = target('stopped.bak');
    const stop = new AbortController();
    const run = downloader.download({
      ...downloadRequest(`${origin}/slow`, state, stop.signal),
      onProgress: (written: number) => {
        if (written >= 512 * KIB) stop.abort(new Error('paused by the test'));
      },
    });
    await expect(run).rejects.toThrow('paused by the test');
    const kept = (await stat(`${state.dest}.part`)).size;
    expect(kept).toBeGreaterThanOrEqual(512 * KIB);
    expect(kept).toBe(state.bytesWritten);
    seen.length = 0;
    await downloader.download(downloadRequest(`${origin}/file`, state));
    expect(seen.map((headers) => headers.range)).toEqual([`bytes=${kept}-`]);
    expect((await readFile(state.dest)).equals(content)).toBe(true);
  });
});

describe('direct GET from a host that sends its head a few bytes at a time', () => {
  let tcp: TcpServer;
  beforeAll(async () => {
    const head = `HTTP/1.1 200 OK\r\nContent-Length: ${content.length}\r\nETag: ${etag}\r\n\r\n`;
    tcp = createTcp((socket) => {
      socket.setNoDelay(true);
      const send = async (): Promise<void> => {
        for (let at = 0; at < head.length; at += 3) {
          socket.write(head.slice(at, at + 3), 'latin1');
          // Separate reads on the client: each piece is sent on its own.
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        socket.end(content);
      };
      socket.once('data', () => void send());
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => tcp.close(() => resolve())));

  it('joins the head and keeps every body byte', async () => {
    const state = target('split.bak');
    const url = `http://127.0.0.1:${(tcp.address() as AddressInfo).port}/split`;
    await downloader.download(downloadRequest(url, state));
    expect((await readFile(state.dest)).equals(content)).toBe(true);
  });
});

const opensslMissing = !hasOpenssl();
if (opensslMissing) console.log('direct-get TLS: skipped, openssl is not installed');

describe.skipIf(opensslMissing)('direct GET over TLS with a private CA', () => {
  let https: HttpsServer;
  let ca: string;
  let url: string;
  beforeAll(async () => {
    const certDir = join(dir, 'tls');
    await mkdir(certDir, { recursive: true });
    const { keyFile, certFile } = makeSelfSigned(certDir, 'localhost', 'DNS:localhost');
    ca = await readFile(certFile, 'utf8');
    https = createHttps({ key: await readFile(keyFile), cert: ca }, serve);
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
    url = `https://localhost:${(https.address() as AddressInfo).port}/file?sig=tls`;
  });
  afterAll(() => new Promise<void>((resolve) => https.close(() => resolve())));

  it('downloads through TLS (SNI localhost) when the CA is given', async () => {
    const tls = new RangeDownloader({ dispatcher, route: { ...route, ca: [ca] } });
    const state = target('tls.bak');
    await tls.download(downloadRequest(url, state));
    expect((await readFile(state.dest)).equals(content)).toBe(true);
  });

  it('refuses a certificate no trusted CA signed', async () => {
    await expect(directGet(url, {}, route)).rejects.toMatchObject({
      code: expect.stringMatching(/SELF_SIGNED|UNABLE_TO_VERIFY/) as unknown,
    });
  });
});
