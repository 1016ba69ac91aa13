import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pacedStream, parseRange } from '../../../../src/emulator/blobs/blob-responses';
import { fileSafeName, unquoteEtag } from '../../../../src/emulator/blobs/blob-types';
import { base64JsonDecoder } from '../../../../src/emulator/blobs/request-body';
import {
  createSyntheticFileStream,
  minSyntheticSize,
} from '../../../../src/emulator/blobs/synthetic-file';
import { UrlSigner } from '../../../../src/emulator/blobs/url-signer';
import { sniffDatabaseFile } from '../../../../src/shared/contract/file-signature';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('UrlSigner', () => {
  const start = Date.parse('2030-01-01T00:00:00Z');
  const signer = (clock: { ms: number }) => new UrlSigner({ ttlSec: 60, now: () => clock.ms });

  it('verifies what it signed, for that method and path only', () => {
    const s = signer({ ms: start });
    const { expires, sig } = s.sign('PUT', '/_blobs/a');
    expect(expires).toBe(start / 1000 + 60);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(s.verify('PUT', '/_blobs/a', String(expires), sig)).toBe('ok');
    expect(s.verify('put', '/_blobs/a', String(expires), sig.toUpperCase())).toBe('ok');
    expect(s.verify('GET', '/_blobs/a', String(expires), sig)).toBe('bad-signature');
    expect(s.verify('PUT', '/_blobs/b', String(expires), sig)).toBe('bad-signature');
    expect(s.verify('PUT', '/_blobs/a', String(expires + 1), sig)).toBe('bad-signature');
    expect(s.verify('PUT', '/_blobs/a', String(expires), sig.slice(0, 63) + 'x')).toBe(
      'bad-signature',
    );
    expect(s.verify('PUT', '/_blobs/a', null, sig)).toBe('bad-signature');
    expect(s.verify('PUT', '/_blobs/a', String(expires), undefined)).toBe('bad-signature');
  });

  it('does not accept a signature from another process (another secret)', () => {
    const clock = { ms: start };
    const { expires, sig } = signer(clock).sign('PUT', '/_blobs/a');
    expect(signer(clock).verify('PUT', '/_blobs/a', String(expires), sig)).toBe('bad-signature');
  });

  it('expires after its lifetime', () => {
    const clock = { ms: start };
    const s = signer(clock);
    const { expires, sig } = s.sign('GET', '/_blobs/x');
    clock.ms += 59_999;
    expect(s.verify('GET', '/_blobs/x', String(expires), sig)).toBe('ok');
    clock.ms += 1;
    expect(s.verify('GET', '/_blobs/x', String(expires), sig)).toBe('expired');
  });

  it('expireAll() expires what was issued, not what is issued next in the same second', () => {
    const s = signer({ ms: start });
    const old = s.sign('GET', '/_blobs/x');
    s.expireAll();
    const fresh = s.sign('GET', '/_blobs/x');
    expect(s.verify('GET', '/_blobs/x', String(old.expires), old.sig)).toBe('expired');
    expect(s.verify('GET', '/_blobs/x', String(fresh.expires), fresh.sig)).toBe('ok');
    expect(fresh.expires).toBeGreaterThan(old.expires);
  });
});

describe('parseRange', () => {
  it('reads the three single-range forms and clamps to the size', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'part', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ kind: 'part', start: 95, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'part', start: 0, end: 99 });
    expect(parseRange('bytes=10-1000', 100)).toEqual({ kind: 'part', start: 10, end: 99 });
  });

  it('cannot satisfy a start past the end or an empty suffix', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=100-200', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores no, malformed or multiple ranges', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=5-1',
      'items=0-1',
      'bytes=0-1,3-4',
    ]) {
      expect(parseRange(header, 100), String(header)).toEqual({ kind: 'whole' });
    }
  });
});

describe('pacedStream', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds each chunk until the bytes so far fit the rate since it was made', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    // 10 KiB/s: a piece is at most 0.1 s of the rate (1 KiB), so these chunks pass whole.
    const paced = pacedStream(10 * 1024);
    const out: number[] = [];
    paced.on('data', (chunk: Buffer) => out.push(chunk.length));
    paced.write(Buffer.alloc(512));
    paced.write(Buffer.alloc(1024));
    await vi.advanceTimersByTimeAsync(49);
    expect(out).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(out).toEqual([512]);
    await vi.advanceTimersByTimeAsync(99);
    expect(out).toEqual([512]);
    await vi.advanceTimersByTimeAsync(1);
    expect(out).toEqual([512, 1024]);
    // Behind the pace (a slow reader), the pieces pass at once until it has caught up.
    await vi.advanceTimersByTimeAsync(5000);
    paced.write(Buffer.alloc(2048));
    await vi.advanceTimersByTimeAsync(0);
    expect(out).toEqual([512, 1024, 1024, 1024]);
  });

  it('trickles a slow pace a piece at a time instead of a whole read after a long silence', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    // 10 B/s: pieces of one byte, one every 100 ms.
    const paced = pacedStream(10);
    const out: number[] = [];
    paced.on('data', (chunk: Buffer) => out.push(chunk.length));
    paced.write(Buffer.alloc(3));
    await vi.advanceTimersByTimeAsync(100);
    expect(out).toEqual([1]);
    await vi.advanceTimersByTimeAsync(200);
    expect(out).toEqual([1, 1, 1]);
  });

  it('clears its pending timer when destroyed (a client that went away)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const paced = pacedStream(1024);
    paced.on('error', () => undefined);
    paced.write(Buffer.alloc(4096));
    expect(vi.getTimerCount()).toBe(1);
    paced.destroy(new Error('client gone'));
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('base64JsonDecoder', () => {
  it('decodes a JSON base64 string split anywhere, escapes included', async () => {
    const data = createHash('sha512').update('x').digest();
    const json = ` ${JSON.stringify(Buffer.concat([data, data, data]).toString('base64')).replace(/\//g, '\\/')}\n`;
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const pieces: Buffer[] = [];
      for (let i = 0; i < json.length; i += size) pieces.push(Buffer.from(json.slice(i, i + size)));
      const decoded = await collect(Readable.from(pieces).pipe(base64JsonDecoder()));
      expect(decoded.equals(Buffer.concat([data, data, data])), `pieces of ${size}`).toBe(true);
    }
  });

  it('refuses anything but one JSON string of base64', async () => {
    for (const body of ['{"a":1}', '"abc$"', '"abcd" x', '"abcd']) {
      await expect(
        collect(Readable.from([Buffer.from(body)]).pipe(base64JsonDecoder())),
        body,
      ).rejects.toThrow(/not a JSON string of base64/);
    }
  });
});

describe('synthetic files', () => {
  it('have the exact size, the signature of their type and deterministic content', async () => {
    for (const type of ['mdf', 'bak', 'dacpac'] as const) {
      const a = await collect(createSyntheticFileStream({ type, sizeBytes: 3_000_001, seed: 's' }));
      const b = await collect(createSyntheticFileStream({ type, sizeBytes: 3_000_001, seed: 's' }));
      const c = await collect(createSyntheticFileStream({ type, sizeBytes: 3_000_001, seed: 't' }));
      expect(a.length).toBe(3_000_001);
      expect(sniffDatabaseFile(a)).toBe(type);
      expect(a.equals(b)).toBe(true);
      expect(a.equals(c)).toBe(false);
      // Not all zeros after the header: a byte value spread like random data.
      expect(new Set(a.subarray(4096, 8192)).size).toBeGreaterThan(200);
    }
  });

  it('end a DACPAC with the zip end record pointing at its central directory', async () => {
    const zip = await collect(createSyntheticFileStream({ type: 'dacpac', sizeBytes: 10_000 }));
    const end = zip.subarray(zip.length - 22);
    expect(end.readUInt32LE(0)).toBe(0x06054b50);
    expect(zip.readUInt32LE(end.readUInt32LE(16))).toBe(0x02014b50);
  });

  it('refuse sizes smaller than their header', () => {
    expect(() => createSyntheticFileStream({ type: 'mdf', sizeBytes: 95 })).toThrow(RangeError);
    expect(minSyntheticSize('mdf')).toBe(96);
    expect(() => createSyntheticFileStream({ type: 'bak', sizeBytes: 1.5 })).toThrow(
      /whole number/,
    );
  });
});

describe('names and ETags', () => {
  it('makes names safe for one folder level, case-insensitively', () => {
    expect(fileSafeName('Sales')).toBe('sales');
    expect(fileSafeName('..')).toBe('%2E%2E');
    expect(fileSafeName('a/b\\c:d')).toBe('a%2Fb%5Cc%3Ad');
  });

  it('reads ETags with or without quotes', () => {
    expect(unquoteEtag('"ABC"')).toBe('abc');
    expect(unquoteEtag('abc')).toBe('abc');
    expect(unquoteEtag(' "abc" ')).toBe('abc');
  });
});
