import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readToken, tokenFileProblem } from '../../../../../src/main/cli/monitor-serve/serve-token';

const TOKEN = 'a-bearer-token-of-32-characters!';

describe("monitor serve's bearer token file", () => {
  it('takes a file only its owner can read or write, as ssh does for keys', () => {
    expect(tokenFileProblem('/run/t', { mode: 0o100600 }, 'linux')).toBeNull();
    expect(tokenFileProblem('/run/t', { mode: 0o100400 }, 'darwin')).toBeNull();
    expect(tokenFileProblem('/run/t', { mode: 0o100644 }, 'linux')).toBe(
      "--token-file /run/t: the file's mode is 644, so other users of this machine can read the token. Make it readable by its owner only: chmod 600 /run/t",
    );
    expect(tokenFileProblem('/run/t', { mode: 0o100640 }, 'linux')).toContain('can read');
    expect(tokenFileProblem('/run/t', { mode: 0o100620 }, 'linux')).toContain('can change');
    // Windows guards files with ACLs, not modes.
    expect(tokenFileProblem('C:\\t', { mode: 0o100666 }, 'win32')).toBeNull();
  });

  describe.skipIf(process.platform === 'win32')('on disk', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'serve-token-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('reads an owner-only file and refuses it once others can read it', async () => {
      const file = join(dir, 'token');
      await writeFile(file, `${TOKEN}\n`);
      await chmod(file, 0o600);
      await expect(readToken({ file }, {})).resolves.toBe(TOKEN);
      await chmod(file, 0o644);
      await expect(readToken({ file }, {})).rejects.toThrow(`chmod 600 ${file}`);
    });
  });

  it('refuses a token too short or of several words, naming where it came from', async () => {
    await expect(readToken({ env: 'T' }, { T: 'short' })).rejects.toThrow(
      '--token-env T: the bearer token must be one word of at least 16 characters.',
    );
    await expect(readToken({ env: 'T' }, { T: `${TOKEN} more` })).rejects.toThrow('one word');
    await expect(readToken({ env: 'T' }, { T: TOKEN })).resolves.toBe(TOKEN);
  });
});
