import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, readBodyFile } from '../../../../../src/main/cli/args/body-file';

/* `--body @FILE` reads a small regular file, and refuses anything else before reading it. */

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'cli-body-file-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('--body @FILE', () => {
  it('reads a regular file of JSON', async () => {
    const path = join(folder, 'login.json');
    await writeFile(path, '{"loginName":"etl"}');
    await expect(readBodyFile(path)).resolves.toBe('{"loginName":"etl"}');
  });

  it('refuses a file larger than the limit before reading it', async () => {
    const path = join(folder, 'export.bak');
    await writeFile(path, '');
    await truncate(path, MAX_BODY_BYTES + 1);
    await expect(readBodyFile(path)).rejects.toThrow(/is larger than 1024 KiB/);
  });

  it('refuses a device that never ends, at once', async (context) => {
    if (process.platform === 'win32') context.skip('Windows has no /dev/zero');
    await expect(readBodyFile('/dev/zero')).rejects.toThrow(/is not a regular file/);
  });

  it('refuses a FIFO instead of hanging in open()', async (context) => {
    // mkfifo exists on Linux and macOS; Windows has no named pipes in the file system.
    if (process.platform === 'win32') context.skip('Windows has no FIFO in its file system');
    const path = join(folder, 'pipe.json');
    execFileSync('mkfifo', [path]);
    await expect(readBodyFile(path)).rejects.toThrow(/pipe\.json is not a regular file/);
  });

  it('names a missing file as such', async () => {
    await expect(readBodyFile(join(folder, 'nowhere.json'))).rejects.toThrow(
      /nowhere\.json: no such file\./,
    );
  });
});
