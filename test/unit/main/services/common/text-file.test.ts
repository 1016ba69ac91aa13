import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTextIfPresent } from '../../../../../src/main/services/common/text-file';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'text-file-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('readTextIfPresent', () => {
  it('answers the text of a file, and undefined for none', async () => {
    await writeFile(join(dir, 'a.txt'), 'hello');
    expect(await readTextIfPresent(join(dir, 'a.txt'))).toBe('hello');
    expect(await readTextIfPresent(join(dir, 'missing.txt'))).toBeUndefined();
  });

  it('throws any other failure (a folder is not a file)', async () => {
    await expect(readTextIfPresent(dir)).rejects.toMatchObject({ code: 'EISDIR' });
  });
});
