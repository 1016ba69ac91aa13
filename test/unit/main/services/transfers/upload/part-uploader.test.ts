import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PartUploader } from '../../../../../../src/main/services/transfers/upload/part-uploader';
import { presignedRequest } from '../../../../../../src/main/services/transfers/presigned-http';

/*
 * One part against a local stand-in of a storage host (127.0.0.1), whose answer each test
 * scripts: what arrives, what is answered, and what the uploader does about it.
 */

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

type Script = (received: Received, res: ServerResponse) => void;

let server: Server;
let origin: string;
let dir: string;
let file: string;
let content: Buffer;
let script: Script[] = [];
let received: Received[] = [];
const dispatcher = new Agent();

const md5 = (data: Buffer): string => createHash('md5').update(data).digest('hex');
const ok: Script = (got, res) => {
  res.writeHead(200, { ETag: `"${md5(got.body)}"` });
  res.end();
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'part-uploader-'));
  file = join(dir, 'source.bak');
  content = Buffer.alloc(3 * 1024 * 1024 + 17);
  for (let i = 0; i < content.length; i += 1) content[i] = (i * 7 + (i >> 12)) & 0xff;
  await writeFile(file, content);
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const got = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(got);
      (script.shift() ?? ok)(got, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  script = [];
  received = [];
});

afterAll(async () => {
  await dispatcher.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

function uploader(): PartUploader {
  return new PartUploader({ dispatcher, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
}

const range = { partNumber: 2, start: 1024 * 1024, end: 2 * 1024 * 1024 - 1, length: 1024 * 1024 };
const expected = () => content.subarray(range.start, range.end + 1);

describe('PartUploader', () => {
  it('streams exactly the part, without credentials, and checks the ETag against its MD5', async () => {
    let urls = 0;
    const progress: number[] = [];
    const result = await uploader().upload({
      path: file,
      range,
      signal: new AbortController().signal,
      getUrl: () => Promise.resolve(`${origin}/part/2?sig=${(urls += 1)}`),
      onProgress: (delta) => progress.push(delta),
    });
    expect(received).toHaveLength(1);
    expect(received[0]?.body.equals(expected())).toBe(true);
    expect(received[0]?.headers['content-length']).toBe(String(range.length));
    expect(received[0]?.headers.authorization).toBeUndefined();
    expect(result).toEqual({
      etag: `"${md5(expected())}"`,
      md5Hex: md5(expected()),
      attempts: 1,
      bytesSent: range.length,
    });
    expect(progress.reduce((a, b) => a + b, 0)).toBe(range.length);
    expect(urls).toBe(1);
  });

  it('sends a part of several chunks, read into reused buffers, byte for byte', async () => {
    const whole = { partNumber: 1, start: 0, end: content.length - 1, length: content.length };
    const progress: number[] = [];
    const result = await uploader().upload({
      path: file,
      range: whole,
      signal: new AbortController().signal,
      getUrl: () => Promise.resolve(`${origin}/part/1`),
      onProgress: (delta) => progress.push(delta),
    });
    expect(received[0]?.body.equals(content)).toBe(true);
    expect(result.md5Hex).toBe(md5(content));
    expect(progress.length).toBeGreaterThan(3);
    expect(progress.reduce((a, b) => a + b, 0)).toBe(content.length);
  });

  it('asks for a fresh URL once, at once, when the URL expired', async () => {
    script = [
      (_got, res) => {
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end('<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
      },
    ];
    const urls: string[] = [];
    const result = await uploader().upload({
      path: file,
      range,
      signal: new AbortController().signal,
      getUrl: () => {
        urls.push(`${origin}/part/2?try=${urls.length + 1}`);
        return Promise.resolve(urls.at(-1) ?? '');
      },
    });
    expect(result.attempts).toBe(1);
    expect(received.map((r) => r.path)).toEqual(['/part/2?try=1', '/part/2?try=2']);
  });

  it('sends the part again when the stored checksum differs, and after 503/429', async () => {
    const wrong: Script = (_got, res) => {
      res.writeHead(200, { ETag: '"00000000000000000000000000000000"' });
      res.end();
    };
    const busy =
      (status: number): Script =>
      (_got, res) => {
        res.writeHead(status, { 'Retry-After': '0' });
        res.end('busy');
      };
    script = [wrong, busy(503), busy(429)];
    const progress: number[] = [];
    const result = await uploader().upload({
      path: file,
      range,
      signal: new AbortController().signal,
      getUrl: () => Promise.resolve(`${origin}/part/2`),
      onProgress: (delta) => progress.push(delta),
    });
    expect(result.attempts).toBe(4);
    expect(result.bytesSent).toBe(4 * range.length);
    expect(progress.reduce((a, b) => a + b, 0)).toBe(range.length);
  });

  it('fails at once on a refusal that a retry cannot fix', async () => {
    script = [
      (_got, res) => {
        res.writeHead(403);
        res.end('<Error><Message>Signature does not match</Message></Error>');
      },
    ];
    await expect(
      uploader().upload({
        path: file,
        range,
        signal: new AbortController().signal,
        getUrl: () => Promise.resolve(`${origin}/part/2`),
      }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/Signature does not match/) as unknown,
    });
    expect(received).toHaveLength(1);
  });

  it('says at once, without a retry, that the file ended before the part did', async () => {
    const short = join(dir, 'truncated.bak');
    await writeFile(short, content.subarray(0, range.start + 1000));
    const progress: number[] = [];
    let retries = 0;
    await expect(
      uploader().upload({
        path: short,
        range,
        signal: new AbortController().signal,
        getUrl: () => Promise.resolve(`${origin}/part/2`),
        onProgress: (delta) => progress.push(delta),
        onRetry: () => (retries += 1),
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(
        /^The source file ended early while sending part 2 \(1000 of 1048576 bytes\); it may have been truncated\.$/,
      ) as unknown,
    });
    expect(progress.reduce((a, b) => a + b, 0)).toBe(0);
    expect(retries).toBe(0);
  });

  it('stops with the abort reason and takes back the bytes it had counted', async () => {
    const controller = new AbortController();
    const reason = new Error('paused by the user');
    script = [() => controller.abort(reason)];
    const progress: number[] = [];
    await expect(
      uploader().upload({
        path: file,
        range,
        signal: controller.signal,
        getUrl: () => Promise.resolve(`${origin}/part/2`),
        onProgress: (delta) => progress.push(delta),
      }),
    ).rejects.toBe(reason);
    expect(progress.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('refuses to send an Authorization header to a pre-signed URL', async () => {
    await expect(
      presignedRequest(dispatcher, `${origin}/x`, {
        method: 'GET',
        headers: { Authorization: 'key' },
      }),
    ).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(received).toHaveLength(0);
  });
});
