import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../src/main/services/settings/settings-store';
import { defaultSettings } from '../../../src/shared/model/settings';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'databridge-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('SettingsStore', () => {
  it('starts from defaults, saves changes and reads them back', async () => {
    const file = join(dir, 'settings.json');
    const store = new SettingsStore({ file });
    expect(await store.load()).toEqual(defaultSettings());
    expect(defaultSettings()).toMatchObject({ partsInFlight: 4, sessionRefreshSeconds: 5 });
    const seen: unknown[] = [];
    store.onChange((settings) => seen.push(settings));
    await store.update({ closeToTray: true, proxyUrl: 'http://proxy.example:3128' });
    expect(seen).toHaveLength(1);
    const again = new SettingsStore({ file });
    expect(await again.load()).toMatchObject({
      closeToTray: true,
      proxyUrl: 'http://proxy.example:3128',
    });
    await again.update({ proxyUrl: null });
    expect(JSON.parse(await readFile(file, 'utf8'))).not.toHaveProperty('proxyUrl');
  });

  it('refuses values out of range', async () => {
    const store = new SettingsStore({ file: join(dir, 'settings.json') });
    await store.load();
    await expect(store.update({ partsInFlight: 17 })).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('uses defaults for a damaged file', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, '{"theme": 3');
    expect(await new SettingsStore({ file }).load()).toEqual(defaultSettings());
  });
});
