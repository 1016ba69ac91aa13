import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ExportFile } from '../../../../../../src/main/services/transfers/journal-schema';
import {
  RangeDownloader,
  type RangeDownloaderOptions,
} from '../../../../../../src/main/services/transfers/download/range-downloader';
import {
  directRoute,
  type DirectRoute,
} from '../../../../../../src/main/services/http/direct-route';
import { closeFileHost, downloadTargets } from '../../../../../support/download-targets';

/*
 * The resumable download against a local file host (127.0.0.1) that serves one file with
 * ETag and single byte ranges, and can cut a response after some bytes, change the file, or
 * answer that the URL expired.
 */

let server: Server;
let origin: string;
let dir: string;
let content: Buffer;
let etag: string;
let cutAfter: number | undefined;
let expireNext = 0;
let requests: { range: string | undefined; url: string }[] = [];
const dispatcher = new Agent();

function setContent(seed: number, bytes = 4 * 1024 * 1024 + 99): void {
  content = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += 1) content[i] = (i * seed + (i >> 10)) & 0xff;
  etag = `"${createHash('md5').update(content).digest('hex')}"`;
}

function serve(req: IncomingMessage, res: ServerResponse): void {
  requests.push({ range: req.headers.range, url: req.url ?? '' });
  if (expireNext > 0) {
    expireNext -= 1;
    res.writeHead(403);
    res.end('<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
    return;
  }
  const match = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
  const start = match ? Number(match[1]) : 0;
  if (start >= content.length) {
    res.writeHead(416, { 'Content-Range': `bytes */${content.length}`, ETag: etag });
    res.end();
    return;
  }
  const body = content.subarray(start);
  const headers: Record<string, string | number> = { ETag: etag, 'Content-Length': body.length };
  if (match) headers['Content-Range'] = `bytes ${start}-${content.length - 1}/${content.length}`;
  res.writeHead(match ? 206 : 200, headers);
  if (cutAfter !== undefined) {
    const cut = cutAfter;
    cutAfter = undefined;
    // The connection ends after these bytes (FIN). A reset (RST) would be a cut as well, but
    // the client's kernel may then drop bytes it had received and not yet handed over, so
    // whether any byte reached the .part would depend on timing.
    res.write(body.subarray(0, cut), () => res.socket?.end());
    return;
  }
  res.end(body);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'range-downloader-'));
  server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  requests = [];
  cutAfter = undefined;
  expireNext = 0;
});

afterAll(() => closeFileHost(dispatcher, server, dir));

const target = downloadTargets(() => dir);

/** Which client the downloads of a describe block take: undici alone, or the direct GET. */
let client: 'undici' | 'direct' = 'undici';
const requestsSeen: Record<string, string>[] = [];
const route: DirectRoute = {
  ...directRoute({ env: {} }),
  pool: { slots: 3, slotBytes: 256 * 1024 },
  onRequest: (_origin, headers) => void requestsSeen.push(headers),
};

function downloader(options: Partial<RangeDownloaderOptions> = {}): RangeDownloader {
  return new RangeDownloader({
    dispatcher,
    ...(client === 'direct' ? { route } : {}),
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    checkpointBytes: 1024 * 1024,
    ...options,
  });
}

const request = (state: ExportFile, extra: object = {}) => ({
  url: `${origin}/file?sig=1`,
  state,
  signal: new AbortController().signal,
  refreshUrl: () => Promise.resolve(`${origin}/file?sig=fresh`),
  ...extra,
});

describe.each(['undici', 'direct'] as const)('RangeDownloader on %s', (via) => {
  beforeAll(() => {
    client = via;
    requestsSeen.length = 0;
  });

  // Every request of the block went the way it names (the direct hook sees only direct GETs).
  afterAll(() => {
    if (via === 'direct') expect(requestsSeen.length).toBeGreaterThan(5);
    else expect(requestsSeen).toEqual([]);
  });

  it('downloads into <dest>.part, verifies length and MD5, then renames into place', async () => {
    setContent(3);
    const state = target();
    const checkpoints: { bytes: number; etag: string | undefined }[] = [];
    const path = await downloader().download(
      request(state, {
        checkpoint: () =>
          Promise.resolve(void checkpoints.push({ bytes: state.bytesWritten, etag: state.etag })),
      }),
    );
    // The ETag is journaled before the first byte: a run killed before the first checkpoint
    // of bytes still keeps its .part on the next run.
    expect(checkpoints[0]).toEqual({ bytes: 0, etag });
    expect(path).toBe(state.dest);
    expect((await readFile(path)).equals(content)).toBe(true);
    expect(state).toMatchObject({
      etag,
      totalBytes: content.length,
      bytesWritten: content.length,
      done: true,
    });
    // The ETag is an MD5 and the bytes matched it: the journal says so for the record.
    expect(state.md5Verified).toBe(true);
    expect(checkpoints.length).toBeGreaterThanOrEqual(3);
    expect(await readdir(dir)).not.toContain(`${state.dest.split('/').pop()}.part`);
  });

  it('continues a cut response with a Range request from the bytes it has', async () => {
    setContent(5);
    cutAfter = 1_500_000;
    const state = target();
    await downloader().download(request(state));
    expect(requests[0]?.range).toBeUndefined();
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(requests[1]?.range ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(1_500_000);
    expect((await readFile(state.dest)).equals(content)).toBe(true);
  });

  it('resumes from an existing .part left by an earlier run (a new downloader, as after a restart)', async () => {
    setContent(7);
    const state = target();
    await writeFile(`${state.dest}.part`, content.subarray(0, 1_000_000));
    state.etag = etag;
    state.totalBytes = content.length;
    await downloader().download(request(state));
    expect(requests.map((r) => r.range)).toEqual(['bytes=1000000-']);
    expect((await readFile(state.dest)).equals(content)).toBe(true);
  });

  it('ends at once when the .part already holds the whole file (416 at its end)', async () => {
    setContent(8);
    const state = target();
    await writeFile(`${state.dest}.part`, content);
    state.etag = etag;
    await downloader().download(request(state));
    expect(requests.map((r) => r.range)).toEqual([`bytes=${content.length}-`]);
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(state.done).toBe(true);
  });

  it('starts over when the file on the server changed since the .part was written', async () => {
    setContent(9);
    const old = content;
    const state = target();
    await writeFile(`${state.dest}.part`, old.subarray(0, 1_000_000));
    state.etag = etag;
    setContent(11);
    await downloader().download(request(state));
    expect(requests.map((r) => r.range)).toEqual(['bytes=1000000-', undefined]);
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(state.etag).toBe(etag);
  });

  it('asks for a fresh URL when the pre-signed one expired', async () => {
    setContent(13, 1000);
    expireNext = 1;
    const state = target();
    await downloader().download(request(state));
    expect(requests.map((r) => r.url)).toEqual(['/file?sig=1', '/file?sig=fresh']);
  });

  it('refuses (and discards) bytes that do not match the ETag checksum', async () => {
    setContent(15, 2000);
    etag = '"0123456789abcdef0123456789abcdef"';
    const state = target();
    await expect(downloader().download(request(state))).rejects.toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
      message: expect.stringMatching(/does not match its checksum/) as unknown,
    });
    expect((await readFile(`${state.dest}.part`)).length).toBe(0);
    expect(state.done).toBe(false);
  });

  it('flushes the .part to the disk while the bytes arrive, one flush at a time', async () => {
    setContent(17);
    const state = target();
    const flushedAt: number[] = [];
    let running = 0;
    let overlapped = false;
    // Each flush lasts until another MiB has arrived (or the last byte), however fast or busy
    // the machine: a downloader that waited for it would never finish, and one that started a
    // flush every MiB regardless would run two at once.
    let release = (): void => undefined;
    let until = Infinity;
    const flusher = () => async () => {
      overlapped ||= running > 0;
      running += 1;
      flushedAt.push(state.bytesWritten);
      until = Math.min(state.bytesWritten + 1024 * 1024, content.length);
      if (state.bytesWritten < until) await new Promise<void>((resolve) => (release = resolve));
      running -= 1;
    };
    const onProgress = (written: number): void => {
      if (written >= until) release();
    };
    await downloader({ flushBytes: 1024 * 1024, flusher }).download(request(state, { onProgress }));
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    // 4 MiB in flushes of at least 1 MiB each: some while bytes arrived, never two at once.
    expect(flushedAt.length).toBeGreaterThanOrEqual(2);
    expect(flushedAt.length).toBeLessThanOrEqual(4);
    expect(flushedAt[0]).toBeLessThan(content.length);
    expect(overlapped).toBe(false);
  });

  it('keeps receiving while a checkpoint saves (the journal is not in the data path)', async () => {
    setContent(21);
    const state = target();
    let allWritten = (): void => undefined;
    const whole = new Promise<void>((resolve) => (allWritten = resolve));
    let calls = 0;
    await downloader().download(
      request(state, {
        // The first checkpoint (the ETag) comes before the first byte; the second holds until
        // every byte is on disk, which only a download that does not wait for it reaches.
        checkpoint: () => (++calls === 2 ? whole : Promise.resolve()),
        onProgress: (written: number) => {
          if (written === content.length) allWritten();
        },
      }),
    );
    expect(calls).toBeGreaterThanOrEqual(2);
    expect((await readFile(state.dest)).equals(content)).toBe(true);
  });

  it('stops with a disk error, keeping the .part to resume, when a flush fails', async () => {
    setContent(19);
    const state = target();
    const flusher = () => () =>
      Promise.reject(Object.assign(new Error('I/O error'), { code: 'EIO' }));
    await expect(
      downloader({ flushBytes: 1024 * 1024, flusher }).download(request(state)),
    ).rejects.toMatchObject({
      code: 'INTERNAL',
      details: 'EIO',
      message: expect.stringMatching(
        /^Writing .*file-\d+\.bak to the disk failed\. Check the disk/,
      ) as unknown,
    });
    // Not retried (a disk fault is not the network's), and the bytes written stay for a resume.
    expect(requests).toHaveLength(1);
    expect((await readFile(`${state.dest}.part`)).length).toBeGreaterThanOrEqual(1024 * 1024);
    expect(state.done).toBe(false);
  });
});
