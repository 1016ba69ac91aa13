import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256Lines, SUMS_FILE } from '../../../../scripts/ci/sha256sums.mjs';

/* The release's SHA256SUMS: what `sha256sum -c` reads, for the installers and nothing else. */

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function folderWith(files: Record<string, string>): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'sha256sums-'));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) await writeFile(join(folder, name), text);
  return folder;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('SHA256SUMS of a release', () => {
  it("lists each file in sha256sum's form, sorted, leaving out itself and folders", async () => {
    const folder = await folderWith({
      'DataBridge-1.0.0.dmg': 'mac',
      'DataBridge Setup 1.0.0.exe': 'windows',
      [SUMS_FILE]: 'an older list',
    });
    await mkdir(join(folder, 'mac-arm64'));
    expect(await sha256Lines(folder)).toEqual([
      `${sha256('windows')}  DataBridge Setup 1.0.0.exe`,
      `${sha256('mac')}  DataBridge-1.0.0.dmg`,
    ]);
  });

  it('refuses an empty folder: a release without installers is a failed step', async () => {
    const folder = await folderWith({});
    await expect(sha256Lines(folder)).rejects.toThrow(/no file in .* to list/);
  });
});
