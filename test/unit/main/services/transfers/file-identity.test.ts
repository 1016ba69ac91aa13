import { mkdtemp, open, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertUnchanged,
  identityDifferences,
  readFileIdentity,
} from '../../../../../src/main/services/transfers/file-identity';

const MIB = 1024 * 1024;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'file-identity-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, bytes: number): Promise<string> {
  const path = join(dir, name);
  const data = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += 1) data[i] = (i * 31 + (i >> 16)) & 0xff;
  await writeFile(path, data);
  return path;
}

const FIXED_TIME = new Date('2026-01-02T03:04:05.000Z');

/** Overwrites one byte at `offset`, keeping the size and the (fixed) modification time. */
async function poke(path: string, offset: number): Promise<void> {
  const handle = await open(path, 'r+');
  await handle.write(Buffer.from([0xee]), 0, 1, offset);
  await handle.close();
  await utimes(path, FIXED_TIME, FIXED_TIME);
}

describe('file identity', () => {
  it('records size, modification time and hashes of the first and last MiB', async () => {
    const path = await file('a.bak', 3 * MIB);
    const identity = await readFileIdentity(path);
    expect(identity.size).toBe(3 * MIB);
    expect(identity.mtimeMs).toBe((await stat(path)).mtimeMs);
    expect(identity.headSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(identity.headSha256).not.toBe(identity.tailSha256);
    await expect(assertUnchanged(path, identity)).resolves.toBeUndefined();
  });

  it('notices a change in the last MiB even with the same size and modification time', async () => {
    const path = await file('b.bak', 3 * MIB);
    await utimes(path, FIXED_TIME, FIXED_TIME);
    const identity = await readFileIdentity(path);
    await poke(path, 3 * MIB - 10);
    const now = await readFileIdentity(path);
    expect(identityDifferences(identity, now)).toEqual(['content']);
    await expect(assertUnchanged(path, identity)).rejects.toMatchObject({
      code: 'VALIDATION',
      message:
        'The file b.bak changed since the upload started (content differ); start a new import.',
    });
  });

  it('names every difference: size, modified time and content', async () => {
    const path = await file('c.bak', 2 * MIB);
    const identity = await readFileIdentity(path);
    await writeFile(path, Buffer.alloc(MIB, 7));
    await utimes(path, new Date(), new Date(Date.now() + 10_000));
    await expect(assertUnchanged(path, identity)).rejects.toMatchObject({
      message: expect.stringContaining('(size/modified time/content differ)') as unknown,
    });
  });

  it('handles files smaller than a MiB and reports a file that is gone', async () => {
    const path = await file('d.mdf', 1000);
    const identity = await readFileIdentity(path);
    expect(identity.headSha256).toBe(identity.tailSha256);
    await rm(path);
    await expect(assertUnchanged(path, identity)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
