import { createHash } from 'node:crypto';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { directRoute } from '../../../../../../src/main/services/http/direct-route';
import type { ExportFile } from '../../../../../../src/main/services/transfers/journal-schema';
import { ExportFileSchema } from '../../../../../../src/main/services/transfers/journal-schema';
import { RAMP_UP } from '../../../../../../src/main/services/transfers/download/parallel-ranges';
import {
  RangeDownloader,
  type DownloadRequest,
  type RangeDownloaderOptions,
} from '../../../../../../src/main/services/transfers/download/range-downloader';
import { closeFileHost, downloadTargets } from '../../../../../support/download-targets';

/*
 * A large download over several connections, each fetching its own byte ranges, against a
 * local file host that serves `bytes=a-b` ranges and can delay, cut, corrupt or change what
 * it sends, or ignore ranges altogether.
 */

const MiB = 1024 * 1024;
const SEGMENT = MiB;

let server: Server;
let origin: string;
let dir: string;
let content: Buffer;
let etag: string;
/** What the host does differently for the request with this index (0 = the first). */
let quirks = new Map<number, 'slow' | 'cut' | 'corrupt' | 'change' | 'expire'>();
let ignoreRanges = false;
/** Milliseconds every answer holds its body (0: none), so that overlapping requests show. */
let holdMs = 0;
let requests: string[] = [];
let open = 0;
let mostOpen = 0;
const dispatcher = new Agent();

function setContent(seed: number, bytes: number): void {
  content = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += 1) content[i] = (i * seed + (i >> 12)) & 0xff;
  etag = `"${createHash('md5').update(content).digest('hex')}"`;
}

function answer(res: ServerResponse, start: number, end: number, quirk: string | undefined): void {
  let body = content.subarray(start, end + 1);
  if (quirk === 'corrupt') body = Buffer.from(body).fill(7, 0, 100);
  const ranged = !ignoreRanges;
  res.writeHead(ranged ? 206 : 200, {
    ETag: etag,
    'Content-Length': body.length,
    ...(ranged ? { 'Content-Range': `bytes ${start}-${end}/${content.length}` } : {}),
  });
  if (quirk === 'cut') {
    res.write(body.subarray(0, body.length >> 1), () => res.socket?.resetAndDestroy());
    return;
  }
  if (quirk === 'slow') {
    res.flushHeaders();
    setTimeout(() => res.end(body), 400);
  } else if (holdMs > 0) {
    res.flushHeaders();
    setTimeout(() => res.end(body), holdMs);
  } else res.end(body);
}

function serve(req: IncomingMessage, res: ServerResponse): void {
  const index = requests.push(req.headers.range ?? 'whole') - 1;
  open += 1;
  mostOpen = Math.max(mostOpen, open);
  res.on('close', () => (open -= 1));
  const quirk = quirks.get(index);
  if (quirk === 'expire') {
    res.writeHead(403);
    res.end('<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
    return;
  }
  if (quirk === 'change') setContent(99, content.length);
  const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  if (!match || ignoreRanges) {
    ignoreRanges = ignoreRanges || !match;
    answer(res, 0, content.length - 1, quirk);
    return;
  }
  const start = Number(match[1]);
  const end = Math.min(match[2] ? Number(match[2]) : content.length - 1, content.length - 1);
  answer(res, start, end, quirk);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parallel-ranges-'));
  server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  requests = [];
  quirks = new Map();
  ignoreRanges = false;
  holdMs = 0;
  mostOpen = 0;
});

afterAll(() => closeFileHost(dispatcher, server, dir));

const target = downloadTargets(() => dir);

/** The bytes that `bytes=a-b` ranges ask for, all told. */
function askedBytes(ranges: string[]): number {
  return ranges.reduce((sum, range) => {
    const [, a = '0', b = '0'] = /^bytes=(\d+)-(\d+)$/.exec(range) ?? [];
    return sum + Number(b) - Number(a) + 1;
  }, 0);
}

const request = (state: ExportFile, extra: Partial<DownloadRequest> = {}): DownloadRequest => ({
  url: `${origin}/file?sig=1`,
  state,
  signal: new AbortController().signal,
  refreshUrl: () => Promise.resolve(`${origin}/file?sig=fresh`),
  ...extra,
});

describe.each(['undici', 'direct'] as const)('a download in ranges on %s', (via) => {
  const downloader = (options: Partial<RangeDownloaderOptions> = {}): RangeDownloader =>
    new RangeDownloader({
      dispatcher,
      ...(via === 'direct'
        ? { route: { ...directRoute({ env: {} }), pool: { slots: 3, slotBytes: 64 * 1024 } } }
        : {}),
      retry: { baseDelayMs: 1, maxDelayMs: 5 },
      rangesInFlight: () => 4,
      segmentBytes: SEGMENT,
      // Every connection opens at once (the ramp's own tests below say otherwise).
      rampUp: { afterMs: 1, fastBytesPerSecond: Number.POSITIVE_INFINITY },
      checkpointBytes: 256 * 1024,
      ...options,
    });

  it('fetches the segments over at most 4 connections, journals them, and verifies the MD5', async () => {
    setContent(3, 10 * MiB + 12345);
    // The first segment arrives last: the hash reads the later ones back from the file.
    quirks.set(0, 'slow');
    const state = target();
    const journaled: ExportFile[] = [];
    // The default rate of the ramp: the first connection brings nothing in its first 100 ms
    // (the host holds the body 400 ms), so the others open.
    await downloader({ rampUp: { ...RAMP_UP, afterMs: 100 } }).download(
      request(state, {
        checkpoint: () => Promise.resolve(void journaled.push(ExportFileSchema.parse(state))),
      }),
    );
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(requests[0]).toBe(`bytes=0-${SEGMENT - 1}`);
    expect(new Set(requests).size).toBe(11);
    expect(requests).toContain(`bytes=${10 * SEGMENT}-${content.length - 1}`);
    expect(mostOpen).toBeGreaterThan(1);
    expect(mostOpen).toBeLessThanOrEqual(4);
    // The plan is journaled with the ETag before the first byte, then the bytes per segment.
    expect(journaled[0]?.ranges).toEqual({ segmentBytes: SEGMENT, done: new Array(11).fill(0) });
    expect(journaled[0]?.etag).toBe(etag);
    expect(journaled.some((j) => (j.ranges?.done ?? []).some((d) => d > 0 && d < SEGMENT))).toBe(
      true,
    );
    expect(state).toMatchObject({ done: true, bytesWritten: content.length, etag });
  });

  it('keeps one connection where the first one is fast', async () => {
    setContent(25, 10 * MiB);
    holdMs = 20;
    const state = target();
    let written = 0;
    let wake: (() => void) | undefined;
    // The ramp's wait ends once 2 MiB arrived: then the first connection counts as fast.
    const sleep = (_ms: number, signal?: AbortSignal): Promise<void> =>
      new Promise((resolve) => {
        wake = resolve;
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    await downloader({ sleep, rampUp: { afterMs: 1, fastBytesPerSecond: 1 } }).download(
      request(state, {
        onProgress: (bytes) => {
          written = bytes;
          if (written >= 2 * MiB) wake?.();
        },
      }),
    );
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(mostOpen).toBe(1);
    // A segment per request until the ramp found the connection fast (2 or 3 segments), then
    // the rest of the file in one request, each byte asked once.
    expect(requests.length).toBeLessThanOrEqual(4);
    expect(requests.at(-1)).toMatch(new RegExp(`^bytes=\\d+-${content.length - 1}$`));
    expect(askedBytes(requests)).toBe(content.length);
    expect(state.ranges?.done).toEqual(new Array(10).fill(SEGMENT));
  });

  it('asks one connection for the rest of the file in one request, and again from its bytes after a cut', async () => {
    setContent(27, 6 * MiB);
    const state = target();
    // A run that stopped with segment 0 and the start of segment 1 on disk.
    const kept = SEGMENT + 1000;
    const part = Buffer.alloc(content.length);
    content.copy(part, 0, 0, kept);
    await writeFile(`${state.dest}.part`, part);
    Object.assign(state, {
      etag,
      totalBytes: content.length,
      ranges: { segmentBytes: SEGMENT, done: [SEGMENT, 1000, 0, 0, 0, 0] },
    });
    quirks.set(0, 'cut');
    await downloader({ rangesInFlight: () => 1 }).download(request(state));
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toBe(`bytes=${kept}-${content.length - 1}`);
    const again = Number(/^bytes=(\d+)-/.exec(requests[1] ?? '')?.[1]);
    expect(again).toBeGreaterThan(kept);
    expect(requests[1]).toBe(`bytes=${again}-${content.length - 1}`);
  });

  it('asks again for the rest of a segment whose connection broke, while the others go on', async () => {
    setContent(5, 6 * MiB);
    quirks.set(2, 'cut');
    const state = target();
    await downloader().download(request(state));
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    // Six segments, and one more request: the rest of the broken one (no byte before those
    // on disk). The other connections were not stopped, so none of theirs was asked again.
    expect(requests).toHaveLength(7);
    const [, cutFrom = '', cutTo = ''] = /^bytes=(\d+)-(\d+)$/.exec(requests[2] ?? '') ?? [];
    const again = requests.filter((range) => range.endsWith(`-${cutTo}`));
    expect(again).toHaveLength(2);
    expect(Number(/^bytes=(\d+)-/.exec(again[1] ?? '')?.[1])).toBeGreaterThanOrEqual(
      Number(cutFrom),
    );
    expect(new Set(requests.map((range) => range.split('-')[1])).size).toBe(6);
  });

  it('resumes from the journal in a new run, fetching only what each segment lacks', async () => {
    setContent(7, 8 * MiB);
    const state = target();
    const controller = new AbortController();
    let saved: ExportFile | undefined;
    const first = downloader({ rangesInFlight: () => 2 }).download(
      request(state, {
        signal: controller.signal,
        checkpoint: () => Promise.resolve(void (saved = ExportFileSchema.parse(state))),
        onProgress: (written) => {
          if (written > 3 * MiB) controller.abort();
        },
      }),
    );
    await expect(first).rejects.toThrow();
    expect(saved?.ranges).toBeDefined();
    const journal = ExportFileSchema.parse(JSON.parse(JSON.stringify(saved)));
    expect((await stat(`${journal.dest}.part`)).size).toBe(content.length);
    requests = [];
    const onDisk = (journal.ranges?.done ?? []).reduce((sum, done) => sum + done, 0);
    await downloader().download(request(journal));
    expect((await readFile(journal.dest)).equals(content)).toBe(true);
    expect(onDisk).toBeGreaterThan(3 * MiB);
    expect(askedBytes(requests)).toBe(content.length - onDisk);
  });

  it('starts over from byte 0 when the file on the server changes between two ranges', async () => {
    setContent(9, 5 * MiB);
    quirks.set(3, 'change');
    const state = target();
    await downloader().download(request(state));
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(state.etag).toBe(etag);
    expect(requests.filter((r) => r === `bytes=0-${SEGMENT - 1}`)).toHaveLength(2);
  });

  it('discards a file whose bytes do not match the ETag checksum', async () => {
    setContent(11, 4 * MiB);
    quirks.set(2, 'corrupt');
    const state = target();
    await expect(downloader().download(request(state))).rejects.toThrow(/checksum/);
    expect((await stat(`${state.dest}.part`)).size).toBe(0);
    expect(state.ranges).toBeUndefined();
  });

  it('asks once for a fresh URL when ranges find the pre-signed one expired', async () => {
    setContent(13, 4 * MiB);
    quirks.set(1, 'expire');
    quirks.set(2, 'expire');
    const state = target();
    let refreshed = 0;
    await downloader().download(
      request(state, {
        refreshUrl: () => Promise.resolve(`${origin}/file?sig=fresh${(refreshed += 1)}`),
      }),
    );
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(refreshed).toBe(1);
  });

  it('takes the whole file on one stream from a host that ignores ranges', async () => {
    setContent(15, 3 * MiB);
    ignoreRanges = true;
    const state = target();
    await downloader().download(request(state));
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(requests).toEqual([`bytes=0-${SEGMENT - 1}`]);
    expect(state.ranges).toBeUndefined();
  });

  it('takes a file of one segment or less in the first answer', async () => {
    setContent(17, SEGMENT - 10);
    const state = target();
    await downloader().download(request(state));
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(requests).toEqual([`bytes=0-${SEGMENT - 1}`]);
    expect(state.ranges).toBeUndefined();
  });

  it('uses one stream when the setting says 1 connection', async () => {
    setContent(19, 3 * MiB);
    const state = target();
    await downloader({ rangesInFlight: () => 1 }).download(request(state));
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(requests).toEqual(['whole']);
  });

  it('continues the one stream of a journal without a plan (an older version, or a small start)', async () => {
    setContent(23, 3 * MiB);
    const state = target();
    await writeFile(`${state.dest}.part`, content.subarray(0, 1000));
    Object.assign(state, { etag, totalBytes: content.length });
    await downloader().download(request(state));
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(requests).toEqual(['bytes=1000-']);
  });

  it('starts over when the journaled plan does not fit the .part file', async () => {
    setContent(21, 3 * MiB);
    const state = target();
    await writeFile(`${state.dest}.part`, content.subarray(0, 1000));
    Object.assign(state, {
      etag,
      totalBytes: content.length,
      ranges: { segmentBytes: SEGMENT, done: [1000, 0, 0] },
    });
    await downloader().download(request(state));
    expect((await readFile(state.dest)).equals(content)).toBe(true);
    expect(requests[0]).toBe(`bytes=0-${SEGMENT - 1}`);
  });
});
