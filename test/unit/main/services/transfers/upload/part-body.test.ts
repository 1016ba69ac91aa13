import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BandwidthLimiter } from '../../../../../../src/main/services/transfers/bandwidth-limiter';
import {
  BODY_BUFFERS,
  partBody,
} from '../../../../../../src/main/services/transfers/upload/part-body';
import type { PartRange } from '../../../../../../src/main/services/transfers/part-plan';

/* The body of a part's PUT: the file's range, pulled chunk by chunk from recycled buffers. */

const KIB = 1024;
let dir: string;
let file: string;
let content: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'part-body-'));
  file = join(dir, 'source.bak');
  content = Buffer.alloc(300 * KIB + 5);
  for (let i = 0; i < content.length; i += 1) content[i] = (i * 13 + (i >> 10)) & 0xff;
  await writeFile(file, content);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const rangeOf = (start: number, length: number): PartRange => ({
  partNumber: 1,
  start,
  end: start + length - 1,
  length,
});

/** Pulls the body as the HTTP client does: a chunk is used up before the next is asked for. */
async function pull(body: AsyncIterable<Buffer>) {
  const copies: Buffer[] = [];
  const stores = new Set<ArrayBufferLike>();
  for await (const chunk of body) {
    copies.push(Buffer.from(chunk));
    stores.add(chunk.buffer);
  }
  return { bytes: Buffer.concat(copies), sizes: copies.map((c) => c.length), stores };
}

describe('partBody', () => {
  it('yields exactly the range, in chunks of at most the read size, from a few reused buffers', async () => {
    const range = rangeOf(7 * KIB + 3, 250 * KIB);
    const seen: number[] = [];
    const signal = new AbortController().signal;
    const body = partBody(file, range, {
      signal,
      chunkBytes: 16 * KIB,
      onChunk: (chunk) => seen.push(chunk.length),
    });
    const { bytes, sizes, stores } = await pull(body);
    expect(bytes.equals(content.subarray(range.start, range.end + 1))).toBe(true);
    expect(Math.max(...sizes)).toBe(16 * KIB);
    expect(sizes.length).toBe(Math.ceil(range.length / (16 * KIB)));
    expect(seen).toEqual(sizes);
    expect(stores.size).toBeLessThanOrEqual(BODY_BUFFERS);
  });

  it('ends early when the file is shorter than the range (the caller counts the bytes)', async () => {
    const range = rangeOf(290 * KIB, 64 * KIB);
    const { bytes } = await pull(
      partBody(file, range, { signal: new AbortController().signal, chunkBytes: 4 * KIB }),
    );
    expect(bytes.equals(content.subarray(290 * KIB))).toBe(true);
  });

  it('reads chunks no larger than the bandwidth limiter lets go at once', async () => {
    const limiter = new BandwidthLimiter({ bytesPerSecond: () => 512 * KIB }); // 128 KiB bucket
    expect(limiter.burstBytes()).toBe(128 * KIB);
    const range = rangeOf(0, 300 * KIB);
    const started = performance.now();
    const { bytes, sizes } = await pull(
      partBody(file, range, { signal: new AbortController().signal, limiter }),
    );
    expect(bytes.equals(content.subarray(0, 300 * KIB))).toBe(true);
    expect(sizes).toEqual([128 * KIB, 128 * KIB, 44 * KIB]);
    // 300 KiB at 512 KiB/s from an empty bucket: a full bucket first, then the rest at the rate.
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('stops reading when the client returns it half-way, and can be returned before it starts', async () => {
    const body = partBody(file, rangeOf(0, 200 * KIB), {
      signal: new AbortController().signal,
      chunkBytes: 8 * KIB,
    });
    const first = await body.next();
    expect(first.done).toBe(false);
    await expect(body.return(undefined)).resolves.toEqual({ done: true, value: undefined });
    await expect(body.next()).resolves.toEqual({ done: true, value: undefined });
    const unstarted = partBody(file, rangeOf(0, KIB), { signal: new AbortController().signal });
    await expect(unstarted.return(undefined)).resolves.toMatchObject({ done: true });
  });
});
