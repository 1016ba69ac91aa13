import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LastCheckFile } from '../../../../../src/main/services/updates/last-check-file';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function fileIn(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'last-check-'));
  folders.push(folder);
  return join(folder, 'updates.json');
}

describe('LastCheckFile', () => {
  it('keeps the time of the last check across runs', async () => {
    const file = await fileIn();
    expect(await new LastCheckFile(file).read()).toBeUndefined();
    await new LastCheckFile(file).write('2026-11-30T05:00:10.000Z');
    expect(await new LastCheckFile(file).read()).toBe('2026-11-30T05:00:10.000Z');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      lastCheckAt: '2026-11-30T05:00:10.000Z',
    });
  });

  it('reads a damaged or foreign file as no check, and refuses to write what is no time', async () => {
    const file = await fileIn();
    await writeFile(file, '{"lastCheckAt": "yesterday"}');
    expect(await new LastCheckFile(file).read()).toBeUndefined();
    await writeFile(file, '{');
    expect(await new LastCheckFile(file).read()).toBeUndefined();
    await expect(new LastCheckFile(file).write('soon')).rejects.toThrow();
  });
});
