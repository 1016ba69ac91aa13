import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../../../src/main/services/settings/settings-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'databridge-density-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('SettingsStore and the table density', () => {
  it('reads compact from a file written before it existed, and keeps the choice once saved', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, JSON.stringify({ theme: 'dark' }));
    const store = new SettingsStore({ file });
    expect(await store.load()).toMatchObject({ theme: 'dark', density: 'compact' });
    await store.update({ density: 'comfortable' });
    expect(await new SettingsStore({ file }).load()).toMatchObject({ density: 'comfortable' });
    await expect(store.update({ density: 'dense' as 'compact' })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });
});
