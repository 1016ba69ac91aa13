import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobStore, type UploadKey } from '../../../../src/emulator/blobs/blob-store';
import { EmulatorHttpError } from '../../../../src/emulator/http-error';
import { sniffDatabaseFile } from '../../../../src/shared/contract/file-signature';

const KEY: UploadKey = { instance: 'sql-eu-dev-01', database: 'Sales', ext: 'bak' };
const MIN_PART = 64 * 1024;
const MIB = 1024 * 1024;
const TTL_SEC = 60;

function md5(data: Uint8Array): string {
  return createHash('md5').update(data).digest('hex');
}

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Deterministic, non-repeating bytes (a BAK header on request). */
function content(size: number, seed: number, bak = false): Buffer {
  const data = Buffer.alloc(size);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < size; i += 1) {
    x = (x * 1103515245 + 12345) >>> 0;
    data[i] = x >>> 24;
  }
  if (bak) data.write('TAPE', 0, 'latin1');
  return data;
}

/** The blob store behind a loopback server, with the clock, faults and pace the tests set. */
interface BlobHost {
  store: BlobStore;
  origin: string;
  dataDir: string;
  faults: ('reset' | '500')[];
  advance(ms: number): void;
  /** Sets the pace of each export GET, bytes per second (0: none), as the fault switch does. */
  pace(bytesPerSec: number): void;
  /** The service's proxied PUT upload-part, as E1's handler would call receivePart. */
  proxyUrl(key: UploadKey, uploadId: string, part: number): string;
}

async function proxied(store: BlobStore, req: IncomingMessage, res: ServerResponse) {
  const [, , instance = '', database = '', ext = '', uploadId = '', part = ''] = (
    req.url ?? ''
  ).split('/');
  try {
    const key = { instance, database, ext: ext as UploadKey['ext'] };
    const etag = await store.receivePart(key, uploadId, Number(part), req);
    res.end(JSON.stringify(etag));
  } catch (error) {
    const status = error instanceof EmulatorHttpError ? error.status : 500;
    if (!res.socket?.destroyed) res.writeHead(status).end(String(error));
  }
}

async function startBlobHost(): Promise<{ host: BlobHost; server: Server }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'blob-store-test-'));
  const faults: ('reset' | '500')[] = [];
  let clock = Date.parse('2030-01-01T00:00:00Z');
  let origin = '';
  let bytesPerSec = 0;
  const store = new BlobStore({
    dataDir,
    minPartSize: MIN_PART,
    urlTtlSec: TTL_SEC,
    origin: () => origin,
    now: () => clock,
    faults: { takePartFault: () => faults.shift() },
    downloadPace: () => bytesPerSec,
  });
  const server = createServer((req, res) => {
    void (async () => {
      if (await store.handle(req, res)) return;
      if (req.url?.startsWith('/proxy/') && req.method === 'PUT') await proxied(store, req, res);
      else res.writeHead(418).end('not a blob');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const host: BlobHost = {
    store,
    origin,
    dataDir,
    faults,
    advance: (ms) => {
      clock += ms;
    },
    pace: (rate) => {
      bytesPerSec = rate;
    },
    proxyUrl: (key, uploadId, part) =>
      `${origin}/proxy/${key.instance}/${key.database}/${key.ext}/${uploadId}/${part}`,
  };
  return { host, server };
}

async function pollUntil(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met before the deadline');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function put(url: string, body: Uint8Array, headers: Record<string, string> = {}) {
  return fetch(url, { method: 'PUT', body, headers });
}

async function expectHttpError(work: Promise<unknown>, status: number, message: RegExp) {
  const error: unknown = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmulatorHttpError);
  expect((error as EmulatorHttpError).status).toBe(status);
  expect((error as EmulatorHttpError).message).toMatch(message);
}

let h: BlobHost;
let server: Server;

beforeEach(async () => {
  ({ host: h, server } = await startBlobHost());
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await h.store.close();
  await rm(h.dataDir, { recursive: true, force: true });
});

describe('pre-signed part URLs', () => {
  it('take a part with no Authorization and answer its quoted MD5 ETag', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    expect(uploadId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const url = h.store.partUrl(KEY, uploadId, 1);
    expect(url).toMatch(new RegExp(`^${h.origin}/_blobs/.*\\?expires=\\d+&sig=[0-9a-f]{64}$`));
    const part = content(1000, 1);
    const res = await put(url, part);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${md5(part)}"`);
  });

  it('answer 403 "Request has expired" after their lifetime', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    const url = h.store.partUrl(KEY, uploadId, 1);
    h.advance(TTL_SEC * 1000 + 1000);
    const res = await put(url, content(100, 2));
    expect(res.status).toBe(403);
    const body = await res.text();
    expect(body).toContain('<Code>AccessDenied</Code>');
    expect(body).toContain('Request has expired');
  });

  it('answer 403 to a large PUT without cutting the client off', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    const url = h.store.partUrl(KEY, uploadId, 1);
    h.store.expireUrls();
    const res = await put(url, content(8 * 1024 * 1024, 2));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Request has expired');
  });

  it('answer 403 "Signature does not match" when the path, expiry or signature is changed', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    const url = h.store.partUrl(KEY, uploadId, 1);
    const longer = url.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`);
    const otherPart = url.replace('/parts/1?', '/parts/2?');
    const badSig = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    const noSig = url.replace(/&sig=.*$/, '');
    for (const tampered of [longer, otherPart, badSig, noSig]) {
      const res = await put(tampered, content(100, 3));
      expect(res.status, tampered).toBe(403);
      expect(await res.text()).toContain('Signature does not match');
    }
  });

  it('are bound to their method: a PUT URL cannot be read with GET', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    const res = await fetch(h.store.partUrl(KEY, uploadId, 1));
    expect(res.status).toBe(405);
  });

  it('all expire at once on expireUrls(), while URLs issued afterwards work', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    const before = h.store.partUrl(KEY, uploadId, 1);
    const single = h.store.singleUploadUrl(KEY).url;
    h.store.expireUrls();
    expect((await put(before, content(10, 4))).status).toBe(403);
    expect(await (await put(single, content(10, 4, true))).text()).toContain('Request has expired');
    const after = h.store.partUrl(KEY, uploadId, 1);
    expect((await put(after, content(10, 4))).status).toBe(200);
  });

  it('answer 404 NoSuchUpload for an upload that is gone, and 404 for unknown blob paths', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    const url = h.store.partUrl(KEY, uploadId, 1);
    const part = content(100, 5);
    await put(url, part);
    await h.store.completeUpload(KEY, uploadId, { '1': md5(part) });
    const res = await put(url, part);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<Code>NoSuchUpload</Code>');
    expect((await fetch(`${h.origin}/_blobs/nothing/here`)).status).toBe(404);
    expect((await fetch(`${h.origin}/api/other`)).status).toBe(418);
  });
});

describe('part rules', () => {
  it('refuse URLs for part numbers outside 1..10000 and for unknown uploads', () => {
    const { uploadId } = h.store.initUpload(KEY);
    expect(() => h.store.partUrl(KEY, uploadId, 0)).toThrow(/Part number 0 is out of range/);
    expect(() => h.store.partUrl(KEY, uploadId, 10_001)).toThrow(/out of range/);
    expect(h.store.partUrl(KEY, uploadId, 10_000)).toContain('/parts/10000?');
    expect(() => h.store.partUrl(KEY, 'no-such-upload', 1)).toThrow(EmulatorHttpError);
    const otherKey = { ...KEY, database: 'Other' };
    expect(() => h.store.partUrl(otherKey, uploadId, 1)).toThrow(/was not found/);
  });

  it('check complete: upload exists, ETags given, contiguous from 1, matching, big enough', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    const parts = [content(MIN_PART, 1, true), content(MIN_PART - 1, 2), content(10, 3)];
    const etags: Record<string, string> = {};
    for (const [i, part] of parts.entries()) {
      const res = await put(h.store.partUrl(KEY, uploadId, i + 1), part);
      etags[String(i + 1)] = res.headers.get('etag') ?? '';
    }
    const complete = (e: Record<string, string>, id = uploadId) =>
      h.store.completeUpload(KEY, id, e);
    await expectHttpError(complete(etags, 'no-such-upload'), 404, /no-such-upload was not found/);
    await expectHttpError(complete({}), 400, /at least one part/);
    await expectHttpError(
      complete({ '1': etags['1']!, '3': etags['3']! }),
      400,
      /^Part 2 is missing/,
    );
    await expectHttpError(complete({ '2': etags['2']! }), 400, /^Part 1 is missing/);
    await expectHttpError(complete({ '01': etags['1']! }), 400, /"01" is not a part number/);
    await expectHttpError(
      complete({ ...etags, '2': etags['1']! }),
      400,
      /ETag of part 2 .* does not match/,
    );
    await expectHttpError(complete({ ...etags, '4': 'abc' }), 400, /^Part 4 was never uploaded/);
    await expectHttpError(complete(etags), 400, new RegExp(`^Part 2 is ${MIN_PART - 1} bytes`));
  });

  it('accept a small last part and ETags with or without quotes', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    const parts = [content(MIN_PART, 6, true), content(MIN_PART, 7), content(1, 8)];
    for (const [i, part] of parts.entries()) await put(h.store.partUrl(KEY, uploadId, i + 1), part);
    await h.store.completeUpload(KEY, uploadId, {
      '1': `"${md5(parts[0]!)}"`,
      '2': md5(parts[1]!),
      '3': ` "${md5(parts[2]!).toUpperCase()}" `,
    });
    expect(await readFile(h.store.lastUpload(KEY)!)).toEqual(Buffer.concat(parts));
  });
});

describe('complete', () => {
  it('assembles the parts in part order, byte-identical, and removes them', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    const parts = [content(MIN_PART, 11, true), content(MIN_PART + 7, 12), content(999, 13)];
    const etags: Record<string, string> = {};
    for (const i of [2, 0, 1]) {
      const res = await put(h.store.partUrl(KEY, uploadId, i + 1), parts[i]!);
      etags[String(i + 1)] = res.headers.get('etag')!;
    }
    expect(await readdir(join(h.dataDir, 'uploads', uploadId))).toEqual([
      'part-00001',
      'part-00002',
      'part-00003',
    ]);
    await h.store.completeUpload(KEY, uploadId, etags);
    const path = h.store.lastUpload(KEY)!;
    expect(path).toBe(join(h.dataDir, 'files', 'sql-eu-dev-01', 'sales.bak'));
    expect(sha256(await readFile(path))).toBe(sha256(Buffer.concat(parts)));
    await expect(readdir(join(h.dataDir, 'uploads', uploadId))).rejects.toThrow(/ENOENT/);
    expect(h.store.lastUpload({ ...KEY, database: 'SALES' })).toBe(path);
    expect(h.store.lastUpload({ ...KEY, ext: 'mdf' })).toBeUndefined();
  });

  it('uses the part sent last when a part is sent again', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    const first = content(500, 21, true);
    const second = content(700, 22, true);
    await put(h.store.partUrl(KEY, uploadId, 1), first);
    await put(h.store.partUrl(KEY, uploadId, 1), second);
    await expectHttpError(
      h.store.completeUpload(KEY, uploadId, { '1': md5(first) }),
      400,
      /ETag of part 1/,
    );
    await h.store.completeUpload(KEY, uploadId, { '1': md5(second) });
    expect(await readFile(h.store.lastUpload(KEY)!)).toEqual(second);
  });
});

describe('part faults', () => {
  it('reset: the client sees the connection drop and no part is stored', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    h.faults.push('reset');
    const part = content(4 * 1024 * 1024, 31);
    await expect(put(h.store.partUrl(KEY, uploadId, 1), part)).rejects.toThrow();
    await expectHttpError(
      h.store.completeUpload(KEY, uploadId, { '1': md5(part) }),
      400,
      /^Part 1 was never uploaded/,
    );
    const left = await readdir(join(h.dataDir, 'uploads', uploadId)).catch(() => []);
    expect(left).toEqual([]);
    // The next attempt, with no fault armed, goes through.
    expect((await put(h.store.partUrl(KEY, uploadId, 1), part)).status).toBe(200);
  });

  it('reset on the proxied PUT too', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    h.faults.push('reset');
    await expect(put(h.proxyUrl(KEY, uploadId, 1), content(1024 * 1024, 32))).rejects.toThrow();
    expect(h.faults).toEqual([]);
  });

  it('a client that drops mid-part leaves no part and no temporary file', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    const url = new URL(h.store.partUrl(KEY, uploadId, 1));
    const req = request(url, { method: 'PUT', headers: { 'content-length': 1_000_000 } });
    req.on('error', () => undefined);
    req.write(content(300_000, 34));
    const dir = join(h.dataDir, 'uploads', uploadId);
    await pollUntil(async () => (await readdir(dir).catch(() => [])).length > 0);
    req.destroy();
    await pollUntil(async () => (await readdir(dir)).length === 0);
    await expectHttpError(
      h.store.completeUpload(KEY, uploadId, { '1': 'x' }),
      400,
      /never uploaded/,
    );
  });

  it('500: the body is read, the answer is 500 and the part is not stored', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    h.faults.push('500');
    const part = content(1000, 33);
    const res = await put(h.store.partUrl(KEY, uploadId, 1), part);
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('injected fault');
    await expectHttpError(
      h.store.completeUpload(KEY, uploadId, { '1': md5(part) }),
      400,
      /never uploaded/,
    );
  });
});

describe('proxied PUT upload-part (receivePart)', () => {
  it('stores raw bytes and JSON base64 strings alike', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    const raw = content(300_000, 41, true);
    const res1 = await put(h.proxyUrl(KEY, uploadId, 1), raw, {
      'content-type': 'application/octet-stream',
    });
    expect(await res1.json()).toBe(`"${md5(raw)}"`);
    const encoded = content(100_001, 42);
    const json = JSON.stringify(encoded.toString('base64')).replace(/\//g, '\\/');
    const res2 = await put(h.proxyUrl(KEY, uploadId, 2), Buffer.from(json), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(await res2.json()).toBe(`"${md5(encoded)}"`);
    const bad = await put(h.proxyUrl(KEY, uploadId, 3), Buffer.from('{"a":1}'), {
      'content-type': 'application/json',
    });
    expect(bad.status).toBe(400);
  });

  it('answers 404 for an upload of another database', async () => {
    const { uploadId } = h.store.initUpload(KEY);
    const other = { ...KEY, instance: 'sql-eu-prod-01' };
    const res = await put(h.proxyUrl(other, uploadId, 1), content(10, 43));
    expect(res.status).toBe(404);
  });
});

describe('single-stream upload', () => {
  it('PUTs a whole file to a pre-signed URL that says when it expires', async () => {
    const { url, expiresAt } = h.store.singleUploadUrl(KEY);
    expect(expiresAt).toBe('2030-01-01T00:01:00.000Z');
    const file = content(200_000, 51, true);
    const res = await put(url, file);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${md5(file)}"`);
    expect(await readFile(h.store.lastUpload(KEY)!)).toEqual(file);
  });
});

describe('exports', () => {
  const exportOf = (sizeMb: number, jobId = 'job-1') =>
    h.store.createExport({
      instance: 'sql-eu-dev-01',
      database: 'Sales',
      ext: 'dacpac',
      sizeMb,
      jobId,
    });

  it('writes a well-formed file of min(sizeMb, 16) MiB and serves it with length and ETag', async () => {
    const [url] = await exportOf(1);
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body.length).toBe(1024 * 1024);
    expect(res.headers.get('content-length')).toBe(String(1024 * 1024));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toBe(`"${md5(body)}"`);
    expect(sniffDatabaseFile(body)).toBe('dacpac');
    const [big] = await exportOf(153_600, 'job-2');
    const head = await fetch(big!, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(16 * 1024 * 1024));
  });

  it('answers single byte ranges with 206 and Content-Range', async () => {
    const [url] = await exportOf(1);
    const whole = Buffer.from(await (await fetch(url!)).arrayBuffer());
    const size = whole.length;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-', 1000, size - 1],
      ['bytes=-10', size - 10, size - 1],
      ['bytes=5-99999999', 5, size - 1],
      ['bytes=-99999999', 0, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await fetch(url!, { headers: { range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(
        Buffer.from(await res.arrayBuffer()).equals(whole.subarray(start, end + 1)),
        range,
      ).toBe(true);
    }
  });

  it('answers 416 for an unsatisfiable range and ignores what it does not support', async () => {
    const [url] = await exportOf(1);
    const size = 1024 * 1024;
    for (const range of [`bytes=${size}-`, 'bytes=-0']) {
      const res = await fetch(url!, { headers: { range } });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
    }
    for (const range of ['bytes=0-1,5-6', 'lines=1-2', 'bytes=9-3']) {
      const res = await fetch(url!, { headers: { range } });
      expect(res.status, range).toBe(200);
      await res.arrayBuffer();
    }
  });

  /** GETs `url` (with `range`, if any) whole; answers the body and the seconds it took. */
  const timedGet = async (url: string, range?: string) => {
    const started = performance.now();
    const res = await fetch(url, range === undefined ? {} : { headers: { range } });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, body, seconds: (performance.now() - started) / 1000 };
  };

  it('paces each GET to the download pace, per connection, bytes intact', async () => {
    const [url] = await exportOf(4);
    const whole = (await timedGet(url!)).body;
    const size = whole.length;
    expect(size).toBe(4 * MIB);
    const rate = 20 * MIB;
    h.pace(rate);
    const paced = await timedGet(url!);
    expect(paced.status).toBe(200);
    expect(paced.body.equals(whole)).toBe(true);
    // A lower bound only: a busy machine may be slower, never faster than the pace.
    expect(paced.seconds).toBeGreaterThanOrEqual((0.8 * size) / rate);
    const half = size / 2;
    const halves = await Promise.all([
      timedGet(url!, `bytes=0-${half - 1}`),
      timedGet(url!, `bytes=${half}-`),
    ]);
    for (const [i, part] of halves.entries()) {
      expect(part.status).toBe(206);
      expect(part.body.equals(whole.subarray(i * half, (i + 1) * half))).toBe(true);
      expect(part.seconds).toBeGreaterThanOrEqual((0.8 * half) / rate);
    }
  });

  it('serves the body unpaced and intact at pace 0, HEAD and 416 alike', async () => {
    const [url] = await exportOf(1);
    h.pace(0);
    const whole = await timedGet(url!);
    expect(whole.body.length).toBe(MIB);
    expect(whole.body.subarray(0, 1000).equals((await timedGet(url!, 'bytes=0-999')).body)).toBe(
      true,
    );
    h.pace(1024);
    const head = await fetch(url!, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(MIB));
    expect((await fetch(url!, { headers: { range: `bytes=${MIB}-` } })).status).toBe(416);
  });

  it('gives fresh download URLs after the old ones expired', async () => {
    const [old] = await exportOf(1);
    h.store.expireUrls();
    expect((await fetch(old!)).status).toBe(403);
    const [fresh] = h.store.refreshDownloadUris('job-1');
    expect((await fetch(fresh!)).status).toBe(200);
    expect(h.store.refreshDownloadUris('no-such-job')).toEqual([]);
  });
});
