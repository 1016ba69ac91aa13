import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { ExportFile } from '../../src/main/services/transfers/journal-schema';
import {
  downloadStack,
  misplacedWrite,
  type DownloadStackHandle,
  type DownloadStackOptions,
} from './download-stacks';
import {
  fileAnswer,
  flush,
  startRawHost,
  type RawAnswer,
  type RawHost,
  type RawRequest,
} from './raw-http-host';

/*
 * What the HTTP/1.1 edge-case suites share: one file the hosts serve (with its MD5 as ETag),
 * a raw host whose answers each test scripts, download engines closed after each test, and
 * the checks of a finished download (the host's bytes, its MD5, no write at a wrong offset).
 */

export const KIB = 1024;

/**
 * The file every host serves: a little over three 64 KiB segments of bytes that never repeat
 * at any shift a test uses (xorshift32), so a byte at a wrong offset is always a wrong byte.
 */
export const content = Buffer.alloc(192 * KIB + 77);
for (let i = 0, x = 0x9e3779b9; i < content.length; i += 1) {
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  content[i] = x & 0xff;
}
const md5 = createHash('md5').update(content).digest('hex');
export const etag = `"${md5}"`;

/** Read deadline of the cases that stall: short, as the service's option sets it. */
export const READ_TIMEOUT_MS = 300;

/** Answers a request as a well-behaved host, then closes (the answer says so). */
export async function answerWell(request: RawRequest, socket: Socket): Promise<void> {
  const { head, body } = fileAnswer(request, content, etag, { Connection: 'close' });
  await flush(socket, head);
  socket.end(body);
}

/** The first request gets `first`; the later ones a well-behaved answer. */
export function firstThenWell(first: RawAnswer): RawAnswer {
  return (request, socket, index) =>
    index === 0 ? first(request, socket, index) : answerWell(request, socket);
}

/** Bytes `from`-`to` of the file in chunks with extensions, as `size;ext CRLF data CRLF`. */
export function chunked(from: number, to: number): Buffer {
  const sizes = [1, 4093, 65536, 300, 17];
  const parts: Buffer[] = [];
  for (let at = from, n = 0; at < to; n += 1) {
    const piece = content.subarray(at, Math.min(to, at + (sizes[n % sizes.length] ?? 1)));
    at += piece.length;
    const size = n % 2 === 0 ? piece.length.toString(16) : piece.length.toString(16).toUpperCase();
    const extension = n % 3 === 0 ? `;part=${n};note="a;b"` : n % 3 === 1 ? ';flag' : '';
    parts.push(Buffer.from(`${size}${extension}\r\n`, 'latin1'), piece, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

/** The last chunk of a chunked body, with an extension and two trailer fields. */
export const LAST_CHUNK = `0;end=1\r\nX-Checksum: ${md5}\r\nX-Served-By: edge\r\n\r\n`;

/**
 * Checks that a retry asked from the bytes the client had (`range`: its Range header). A direct
 * GET hands every byte received to the file before it reports the break, so it resumes at
 * exactly `sent`; undici's body stream drops what it held when the socket broke, so a retry on
 * undici resumes at `sent` or before (those bytes are fetched again, never skipped).
 */
export function expectResumedAt(range: string | undefined, sent: number, exact: boolean): void {
  const from = range === undefined ? 0 : Number(/^bytes=(\d+)-$/.exec(range)?.[1]);
  if (exact) expect(from).toBe(sent);
  else expect(from).toBeLessThanOrEqual(sent);
}

/** The suite's host, destinations and engines. */
export interface Http11Fixture {
  /** The plain-http host (its answer function is reset by each test that scripts one). */
  readonly host: RawHost;
  readonly dir: string;
  /** A journal entry downloading into a new file of the suite's folder. */
  target(): ExportFile;
  /** A download engine, closed after the test. */
  engineOf(options: DownloadStackOptions): DownloadStackHandle;
  /** The Range header of each request the host read, in order. */
  ranges(): (string | undefined)[];
  /** Downloads `url` and checks the file: the host's bytes, its MD5, no write off its offset. */
  downloadsWhole(engine: DownloadStackHandle, url: string): Promise<ExportFile>;
}

/** Registers the suite's hooks (call it at the top level of a test file). */
export function useHttp11Fixture(prefix: string): Http11Fixture {
  let dir = '';
  let host: RawHost | undefined;
  let files = 0;
  const opened: DownloadStackHandle[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
    host = await startRawHost(() => undefined);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((engine) => engine.close()));
    if (host) host.requests.length = 0;
  });
  afterAll(async () => {
    await host?.close();
    await rm(dir, { recursive: true, force: true });
  });
  const fixture: Http11Fixture = {
    get host(): RawHost {
      if (!host) throw new Error('The HTTP/1.1 fixture is used before its beforeAll ran.');
      return host;
    },
    get dir() {
      return dir;
    },
    target: () => {
      files += 1;
      return {
        remoteName: 'x.bak',
        dest: join(dir, `file-${files}.bak`),
        bytesWritten: 0,
        done: false,
      };
    },
    engineOf: (options) => {
      const engine = downloadStack(options);
      opened.push(engine);
      return engine;
    },
    ranges: () => fixture.host.requests.map((request) => request.headers['range']),
    downloadsWhole: async (engine, url) => {
      const state = fixture.target();
      await engine.download(url, state);
      const bytes = await readFile(state.dest);
      expect(bytes.length).toBe(content.length);
      expect(createHash('md5').update(bytes).digest('hex')).toBe(md5);
      expect(bytes.equals(content)).toBe(true);
      expect(misplacedWrite(engine.writes, content)).toBeUndefined();
      return state;
    },
  };
  return fixture;
}
