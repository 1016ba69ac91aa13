import { statSync } from 'node:fs';
import { mkdtemp, open, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SETTLE_MS,
  readStamp,
  settledStamp,
  stampChange,
} from '../../../../../../src/main/services/transfers/upload/source-stamp';
import { waitUntil } from '../../../../../support/transfer-rig';

let dir: string;
let path: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stamp-'));
  path = join(dir, 'a.bak');
  await writeFile(path, Buffer.alloc(4096, 1));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Waits (by polling) until the file's change time is older than the settle window. */
const settled = () =>
  waitUntil(() => Date.now() - statSync(path).ctimeMs > SETTLE_MS + 5, 5_000, 'an old ctime');

describe('stampChange', () => {
  it('sees a rewrite whose modification time was put back', async () => {
    await settled();
    const before = await readStamp(path);
    const info = statSync(path);
    const handle = await open(path, 'r+');
    await handle.write(Buffer.from([9]), 0, 1, 100);
    await handle.close();
    await utimes(path, info.atimeMs / 1000, info.mtimeMs / 1000);
    const after = await readStamp(path);
    expect(after.ctimeNs).not.toBe(before.ctimeNs);
    // `touch -r` puts the nanoseconds back too; Node's utimes only to the microsecond, so the
    // modification time is taken as restored exactly here: the change time alone must tell.
    expect(stampChange(before, { ...after, mtimeNs: before.mtimeNs })).toBe('changed');
  });

  it('tells a grown file and a replaced one apart, and a file left alone', async () => {
    const before = await readStamp(path);
    expect(stampChange(before, await readStamp(path))).toBeUndefined();
    await writeFile(join(dir, 'b.bak'), Buffer.alloc(4096, 1));
    await rename(join(dir, 'b.bak'), path);
    expect(stampChange(before, await readStamp(path))).toBe('replaced');
    expect(stampChange(before, { ...before, size: before.size + 1n })).toBe('size');
  });

  it('answers NOT_FOUND, naming the file, when it is gone', async () => {
    await rm(path);
    await expect(readStamp(path)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/The file a\.bak is no longer at/) as unknown,
    });
  });
});

describe('settledStamp', () => {
  it('waits, at most the settle window, while the change time is fresh', async () => {
    const waits: number[] = [];
    await writeFile(path, Buffer.alloc(4096, 2));
    await settledStamp(
      path,
      (ms) => (waits.push(ms), Promise.resolve()),
      new AbortController().signal,
    );
    expect(waits.length).toBeGreaterThanOrEqual(1);
    for (const ms of waits) {
      expect(ms).toBeGreaterThan(0);
      expect(ms).toBeLessThanOrEqual(SETTLE_MS);
    }
  });

  it('does not wait for a change time older than the window', async () => {
    await settled();
    const waits: number[] = [];
    const stamp = await settledStamp(
      path,
      (ms) => (waits.push(ms), Promise.resolve()),
      new AbortController().signal,
    );
    expect(waits).toEqual([]);
    expect(stamp.size).toBe(4096n);
  });
});
