import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSettingsInForce } from '../../../../../src/main/services/settings/settings-in-force';

let dir: string;
beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'settings-in-force-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('readSettingsInForce', () => {
  it('says user for the keys the file sets and builtIn for the others', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, JSON.stringify({ theme: 'dark', partsInFlight: 8 }));
    const settings = await readSettingsInForce(file);
    expect(settings).toContainEqual({ key: 'theme', value: 'dark', source: 'user' });
    expect(settings).toContainEqual({ key: 'partsInFlight', value: 8, source: 'user' });
    expect(settings).toContainEqual({ key: 'density', value: 'compact', source: 'builtIn' });
  });

  it('answers the defaults, all built in, for a missing or invalid file, as the store does', async () => {
    const file = join(dir, 'settings.json');
    for (const text of [undefined, '{"theme":"neon"}', 'not json']) {
      if (text !== undefined) await writeFile(file, text);
      const settings = await readSettingsInForce(file);
      expect(settings.length).toBeGreaterThan(10);
      expect(settings.every((setting) => setting.source === 'builtIn')).toBe(true);
      expect(settings).toContainEqual({ key: 'theme', value: 'system', source: 'builtIn' });
    }
  });
});
