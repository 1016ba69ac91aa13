import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src/shared/errors';
import {
  asDiskFull,
  checkRoom,
  describedDiskFull,
  diskFullCause,
  diskFullError,
} from '../../../../../src/main/services/transfers/disk-full';
import {
  systemDisk,
  type TransferDisk,
} from '../../../../../src/main/services/transfers/transfer-disk';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'disk-full-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The machine's disk, with the free space a test says. */
function diskWithFree(bytes: number | 'unknown'): TransferDisk {
  return {
    ...systemDisk,
    statfs: () =>
      bytes === 'unknown'
        ? Promise.reject(new Error('statfs is not supported'))
        : Promise.resolve({ bavail: bytes / 512, bsize: 512 }),
  };
}

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: it failed`), { code });
}

describe('disk-full errors', () => {
  it('finds ENOSPC and EDQUOT in an error or its causes, and nothing else', () => {
    const full = errno('ENOSPC');
    const wrapped = new AppError({ code: 'INTERNAL', message: 'wrapped' }, { cause: full });
    expect(diskFullCause(full)).toBe(full);
    expect(diskFullCause(new Error('outer', { cause: wrapped }))).toBe(full);
    expect(diskFullCause(errno('EDQUOT'))?.code).toBe('EDQUOT');
    expect(diskFullCause(errno('EIO'))).toBeUndefined();
    expect(diskFullCause('ENOSPC')).toBeUndefined();
  });

  it('names the disk, the folder meant, the space needed and free, and what to do', async () => {
    const folder = join(root, 'not', 'made', 'yet');
    const error = await diskFullError(
      {
        disk: diskWithFree(3 * 1024 * 1024),
        path: folder,
        what: 'the download of a.bak',
        neededBytes: 1024,
      },
      errno('ENOSPC'),
    );
    expect(error.code).toBe('DISK_FULL');
    expect(error.details).toBe('ENOSPC');
    expect(error.message).toMatch(
      new RegExp(
        `^Not enough space on the disk at \\S+ \\(${folder}\\): the download of a\\.bak needs 1\\.00 KiB, 3\\.00 MiB free\\. Free space, then resume the transfer\\.$`,
      ),
    );
  });

  it('says a used-up quota, an unknown need and an unreadable free space as such', async () => {
    const error = await diskFullError(
      { disk: diskWithFree('unknown'), path: root, what: 'the transfer' },
      errno('EDQUOT'),
    );
    expect(error.message).toMatch(/^The disk quota is used up on the disk at /);
    expect(error.message).toContain(
      ': the transfer needs more space, the free space could not be read.',
    );
  });

  it('describes a raw full-disk error once and leaves other errors alone', async () => {
    const site = { disk: diskWithFree(0), path: root, what: 'the transfer' };
    const described = await asDiskFull(errno('ENOSPC'), site);
    expect(described).toMatchObject({ code: 'DISK_FULL' });
    expect(await asDiskFull(described, { ...site, what: 'else' })).toBe(described);
    expect(describedDiskFull(new Error('outer', { cause: described }))).toBe(described);
    const other = errno('EIO');
    expect(await asDiskFull(other, site)).toBe(other);
  });

  it('checks the room for a download before it starts', async () => {
    const site = { path: root, what: 'the download of a.bak', neededBytes: 2048 };
    await expect(checkRoom({ ...site, disk: diskWithFree(4096) })).resolves.toBeUndefined();
    await expect(checkRoom({ ...site, disk: diskWithFree(1024) })).rejects.toMatchObject({
      code: 'DISK_FULL',
      message: expect.stringContaining('needs 2.00 KiB, 1.00 KiB free') as unknown,
    });
    // A disk that does not say its free space is let through: its writes will tell.
    await expect(checkRoom({ ...site, disk: diskWithFree('unknown') })).resolves.toBeUndefined();
  });
});
