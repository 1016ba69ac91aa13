import { execFileSync } from 'node:child_process';
import { appendFile, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileIdentity } from '../../../../../../src/main/services/transfers/file-identity';
import type { SourceFs } from '../../../../../../src/main/services/transfers/transfer-disk';
import {
  assertStillPlanned,
  planImportOf,
} from '../../../../../../src/main/services/transfers/upload/import-plan';
import { writeSampleDatabaseFile } from '../../../../../support/sample-files';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-plan-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Node's calls, counted. */
function countingFs(): SourceFs & { opens: number; stats: number } {
  const fs = {
    opens: 0,
    stats: 0,
    open: ((...args: Parameters<typeof open>) => {
      fs.opens += 1;
      return open(...args);
    }) as typeof open,
    stat: ((...args: Parameters<typeof stat>) => {
      fs.stats += 1;
      return stat(...args);
    }) as typeof stat,
  };
  return fs;
}

describe('planning an import', () => {
  it('reads the file through one open handle: size, type check and identity', async () => {
    const path = join(dir, 'Once.bak');
    await writeSampleDatabaseFile(path, 'bak', 3 * 1024 * 1024);
    const fs = countingFs();
    const planned = await planImportOf({ profileId: 'p1', sourcePath: path }, {}, fs);
    expect(fs).toMatchObject({ opens: 1, stats: 0 });
    expect(planned).toMatchObject({ fileType: 'bak', sizeBytes: 3 * 1024 * 1024 });
    expect(planned.typeCheck).toEqual({ ok: true });
    expect(planned.identity).toEqual(await readFileIdentity(path));
    const info = await stat(path);
    expect(planned.stamp).toEqual({
      dev: info.dev,
      ino: info.ino,
      size: info.size,
      mtimeMs: info.mtimeMs,
    });
  });

  it('says a type mismatch without throwing, and refuses what it cannot plan', async () => {
    const path = join(dir, 'Text.bak');
    await writeFile(path, 'not a backup');
    const planned = await planImportOf({ profileId: 'p1', sourcePath: path }, {});
    expect(planned.typeCheck.ok).toBe(false);
    await expect(
      planImportOf({ profileId: 'p1', sourcePath: join(dir, 'missing.bak') }, {}),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(planImportOf({ profileId: 'p1', sourcePath: dir }, {})).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });

  it('refuses a pipe or a device named as a backup at once, without waiting in open()', async (context) => {
    // Windows has neither in its file system (its named pipes live under \\.\pipe\).
    if (process.platform === 'win32')
      context.skip('Windows has no FIFO or /dev in its file system');
    const fifo = join(dir, 'Pipe.bak');
    execFileSync('mkfifo', [fifo]);
    await expect(planImportOf({ profileId: 'p1', sourcePath: fifo }, {})).rejects.toMatchObject({
      code: 'VALIDATION',
      message: `${fifo} is a pipe, a device or a socket, not a file. Choose an .mdf, .bak or .dacpac file.`,
    });
    await expect(
      planImportOf({ profileId: 'p1', sourcePath: '/dev/zero' }, {}),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('checks at the start, with one stat, that the file is still the one planned', async () => {
    const path = join(dir, 'Checked.bak');
    await writeSampleDatabaseFile(path, 'bak', 64 * 1024);
    const planned = await planImportOf({ profileId: 'p1', sourcePath: path }, {});
    const fs = countingFs();
    await assertStillPlanned(planned, fs);
    expect(fs).toMatchObject({ opens: 0, stats: 1 });
    await appendFile(path, 'more');
    await expect(assertStillPlanned(planned)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/changed since it was chosen/) as unknown,
    });
    await rm(path);
    await expect(assertStillPlanned(planned)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
