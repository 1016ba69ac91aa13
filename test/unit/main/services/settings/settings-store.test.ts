import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../../../src/main/services/settings/settings-store';
import { defaultSettings } from '../../../../../src/shared/model/settings';

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
    expect(defaultSettings()).toMatchObject({
      partsInFlight: 4,
      rangesInFlight: 4,
      sessionRefreshSeconds: 5,
    });
    const seen: unknown[] = [];
    store.onDidChange((settings) => seen.push(settings));
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
    for (const [value, message] of [
      [0, 'Connections per download must be at least 1'],
      [17, 'Connections per download must be at most 16'],
      [2.5, 'Connections per download must be a whole number'],
    ] as const) {
      await expect(store.update({ rangesInFlight: value }), String(value)).rejects.toMatchObject({
        code: 'VALIDATION',
        message: expect.stringContaining(message) as unknown,
      });
    }
    expect(store.get().rangesInFlight).toBe(4);
  });

  it('saves the connections per download from 1 (one stream) to 16 and reads them back', async () => {
    const file = join(dir, 'settings.json');
    const store = new SettingsStore({ file });
    await store.load();
    await store.update({ rangesInFlight: 1 });
    expect(store.get().rangesInFlight).toBe(1);
    await store.update({ rangesInFlight: 16 });
    expect(await new SettingsStore({ file }).load()).toMatchObject({ rangesInFlight: 16 });
  });

  it('keeps a minimum speed of 1 KiB/s over 60 s unless told, 0 turning it off', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, JSON.stringify({ bandwidthLimitMiBps: 5 }));
    const store = new SettingsStore({ file });
    expect(await store.load()).toMatchObject({ minSpeedKiBps: 1, minSpeedWindowSeconds: 60 });
    await store.update({ minSpeedKiBps: 0, minSpeedWindowSeconds: 300 });
    expect(await new SettingsStore({ file }).load()).toMatchObject({
      minSpeedKiBps: 0,
      minSpeedWindowSeconds: 300,
    });
    for (const [patch, message] of [
      [{ minSpeedKiBps: -1 }, 'Minimum speed must be 0 (off) or more'],
      [{ minSpeedKiBps: 2048 }, 'Minimum speed must be at most 1024 KiB/s'],
      [{ minSpeedWindowSeconds: 5 }, 'Minimum speed window must be at least 10 seconds'],
      [{ minSpeedWindowSeconds: 30.5 }, 'Minimum speed window must be a whole number of seconds'],
    ] as const) {
      await expect(store.update(patch), JSON.stringify(patch)).rejects.toMatchObject({
        code: 'VALIDATION',
        message: expect.stringContaining(message) as unknown,
      });
    }
  });

  it('keeps a PAC URL, removes it with null, and refuses one that is not http(s)', async () => {
    const file = join(dir, 'settings.json');
    const store = new SettingsStore({ file });
    await store.load();
    await store.update({ proxyPacUrl: 'http://wpad.corp.example/proxy.pac' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      proxyPacUrl: 'http://wpad.corp.example/proxy.pac',
    });
    await expect(store.update({ proxyPacUrl: 'file:///etc/proxy.pac' })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    await store.update({ proxyPacUrl: null });
    expect(JSON.parse(await readFile(file, 'utf8'))).not.toHaveProperty('proxyPacUrl');
  });

  it('refuses a proxy URL with a user name or password (secrets never go to disk)', async () => {
    const store = new SettingsStore({ file: join(dir, 'settings.json') });
    await store.load();
    await expect(
      store.update({ proxyUrl: 'http://alice:s3cret@proxy.example:3128' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/no user name or password/) as unknown,
    });
    await expect(readFile(join(dir, 'settings.json'), 'utf8')).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('says what could not be saved, where and what to do, and keeps the settings before', async () => {
    // A file where the folder should be: the write fails (as a full or read-only disk would).
    await writeFile(join(dir, 'blocker'), 'x');
    const store = new SettingsStore({ file: join(dir, 'blocker', 'settings.json') });
    await store.load();
    const seen: unknown[] = [];
    store.onDidChange((settings) => seen.push(settings));
    await expect(store.update({ closeToTray: true })).rejects.toMatchObject({
      name: 'AppError',
      code: 'INTERNAL',
      message: expect.stringMatching(
        /^Could not save the settings to .*blocker.*settings\.json \(E\w+\)\. Check that the disk/,
      ) as unknown,
    });
    expect(store.get().closeToTray).toBe(false);
    expect(seen).toEqual([]);
  });

  it('uses defaults for a damaged file', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, '{"theme": 3');
    expect(await new SettingsStore({ file }).load()).toEqual(defaultSettings());
  });

  it('keeps the clock: 24-hour for a file written before it existed, the choice once saved', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, JSON.stringify({ theme: 'dark', timeDisplay: 'relative' }));
    const store = new SettingsStore({ file });
    expect(await store.load()).toMatchObject({
      theme: 'dark',
      timeDisplay: 'relative',
      clock: '24h',
    });
    await store.update({ clock: 'system' });
    expect(await new SettingsStore({ file }).load()).toMatchObject({ clock: 'system' });
    await expect(store.update({ clock: '12h' as 'system' })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });
});
