import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  nodeWriteDisk,
  PRIVATE_FILE_MODE,
  writeFileAtomic,
  writeFileAtomicSync,
  type AtomicWriteDisk,
} from '../../../../../src/main/services/common/atomic-file';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atomic-file-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The machine's disk, noting every operation; `failRename` makes the rename fail. */
function recordingDisk(failRename?: NodeJS.ErrnoException): {
  disk: AtomicWriteDisk;
  ops: string[];
} {
  const ops: string[] = [];
  const disk: AtomicWriteDisk = {
    mkdir: (path) => (ops.push('mkdir'), nodeWriteDisk.mkdir(path)),
    open: async (path, flags, mode) => {
      ops.push('open');
      const handle = await nodeWriteDisk.open(path, flags, mode);
      const sync = handle.sync.bind(handle);
      handle.sync = () => (ops.push('sync'), sync());
      return handle;
    },
    rename: (from, to) => {
      ops.push('rename');
      return failRename ? Promise.reject(failRename) : nodeWriteDisk.rename(from, to);
    },
  };
  return { disk, ops };
}

describe('writeFileAtomic', () => {
  it('creates the folder, replaces the file and leaves nothing else beside it', async () => {
    const file = join(dir, 'nested', 'data.json');
    await writeFileAtomic(file, 'one');
    await writeFileAtomic(file, 'two', { syncFolder: true });
    expect(await readFile(file, 'utf8')).toBe('two');
    expect(await readdir(join(dir, 'nested'))).toEqual(['data.json']);
  });

  it('flushes the file unless told not to, through the disk it is given', async () => {
    const file = join(dir, 'journal.json');
    const flushed = recordingDisk();
    await writeFileAtomic(file, 'a', { disk: flushed.disk });
    expect(flushed.ops).toEqual(['mkdir', 'open', 'sync', 'rename']);
    const frequent = recordingDisk();
    await writeFileAtomic(file, 'b', { disk: frequent.disk, fsync: false, syncFolder: true });
    expect(frequent.ops).toEqual(['mkdir', 'open', 'rename']);
    expect(await readFile(file, 'utf8')).toBe('b');
  });

  it('throws the failure as it came, keeps the old file and removes the temporary one', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, 'old');
    const full = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    const { disk } = recordingDisk(full);
    await expect(writeFileAtomic(file, 'new', { disk })).rejects.toBe(full);
    expect(await readFile(file, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('writes a private file readable by the user alone', async (context) => {
    if (process.platform === 'win32') context.skip('file modes are POSIX only');
    const file = join(dir, 'connections.json');
    await writeFileAtomic(file, '{}', { mode: PRIVATE_FILE_MODE });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    writeFileAtomicSync(file, '[]', { mode: PRIVATE_FILE_MODE });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe('[]');
  });
});

describe('writeFileAtomicSync', () => {
  it('has replaced the file when it returns, creating its folder', async () => {
    const file = join(dir, 'window', 'state.json');
    writeFileAtomicSync(file, 'first');
    writeFileAtomicSync(file, 'second');
    expect(await readFile(file, 'utf8')).toBe('second');
    expect(await readdir(join(dir, 'window'))).toEqual(['state.json']);
  });
});
