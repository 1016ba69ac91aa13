import { createHash } from 'node:crypto';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FrontHasher } from '../../../../../../src/main/services/transfers/download/front-hasher';

/*
 * The in-order MD5 of a file written out of order: chunks that continue the hash are hashed
 * from memory (ahead of their write, undone if it fails), the others read back once the bytes
 * before them are on disk.
 */

const content = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7 + (i >> 9)) & 0xff));
const md5 = (bytes: Buffer): string => createHash('md5').update(bytes).digest('hex');
let dir: string;
let handle: FileHandle;
/** Bytes on disk contiguous from 0, as the segments would say. */
let onDisk: number;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'front-hasher-'));
  handle = await open(join(dir, 'file.part'), 'w+');
  onDisk = 0;
});

afterEach(async () => {
  await handle.close();
  await rm(dir, { recursive: true, force: true });
});

async function write(from: number, to: number): Promise<Buffer[]> {
  const chunk = content.subarray(from, to);
  await handle.write(chunk, 0, chunk.length, from);
  return [chunk];
}

describe('FrontHasher', () => {
  it('hashes the front from memory and reads back what arrived ahead of it', async () => {
    const hasher = new FrontHasher(handle, () => onDisk);
    // The second half arrives first: nothing to hash yet (the front is missing).
    hasher.stored(await write(150_000, 300_000), 150_000);
    expect(hasher.hashed).toBe(0);
    // The front, hashed ahead of its write; once written, the rest is read back.
    const chunks = [content.subarray(0, 150_000)];
    expect(hasher.hashAhead(chunks, 0)).toBeTypeOf('function');
    await write(0, 150_000);
    onDisk = 300_000;
    hasher.stored(chunks, 0);
    const { hash, hashed } = await hasher.settle();
    expect(hashed).toBe(300_000);
    expect(hash.digest('hex')).toBe(md5(content));
  });

  it('undoes a hash ahead of a write that failed, and waits for it before reading back', async () => {
    const hasher = new FrontHasher(handle, () => onDisk);
    await write(100_000, 300_000);
    const undo = hasher.hashAhead([content.subarray(0, 100_000)], 0);
    expect(hasher.hashed).toBe(100_000);
    // While that write runs, bytes after it on disk are not read back (they wait for it),
    // even where the segments already count them.
    onDisk = 300_000;
    hasher.stored([content.subarray(100_000, 300_000)], 100_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hasher.hashed).toBe(100_000);
    onDisk = 0;
    undo?.();
    expect(hasher.hashed).toBe(0);
    // Written again, this time through the disk: the whole file is read back in order.
    await write(0, 100_000);
    onDisk = 300_000;
    hasher.catchUp();
    const { hash, hashed } = await hasher.settle();
    expect(hashed).toBe(300_000);
    expect(hash.digest('hex')).toBe(md5(content));
  });

  it('does not hash ahead chunks that do not continue the hash', () => {
    const hasher = new FrontHasher(handle, () => onDisk);
    expect(hasher.hashAhead([content.subarray(10, 20)], 10)).toBeUndefined();
    expect(hasher.hashed).toBe(0);
  });
});
