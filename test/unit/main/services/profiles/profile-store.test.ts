import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProfileStore } from '../../../../../src/main/services/profiles/profile-store';
import type { ProfileInput } from '../../../../../src/shared/model/profile';

let dir: string;
let file: string;
let ids = 0;

function store(): ProfileStore {
  return new ProfileStore({
    file,
    now: () => new Date('2026-01-02T03:04:05.678Z'),
    idFactory: () => `id-${++ids}`,
  });
}

const euKey: ProfileInput = {
  name: 'EU production',
  target: { kind: 'region', region: 'EU' },
  auth: { kind: 'apiKey' },
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'profiles-'));
  file = join(dir, 'profiles.json');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('ProfileStore', () => {
  it('starts empty without a file, and persists created profiles with defaults', async () => {
    const first = store();
    expect(await first.load()).toEqual({ profiles: [] });
    const created = await first.create(euKey);
    expect(created).toMatchObject({ name: 'EU production', color: '#1f6feb', readOnly: false });
    const second = store();
    const loaded = await second.load();
    expect(loaded.profiles).toEqual([created]);
    expect(loaded.damaged).toBeUndefined();
  });

  it('updates, duplicates and removes', async () => {
    const profiles = store();
    await profiles.load();
    const created = await profiles.create(euKey);
    const updated = await profiles.update(created.id, {
      ...euKey,
      auth: { kind: 'token', tenantName: 'acme', userName: 'ann' },
      readOnly: true,
    });
    expect(updated).toMatchObject({ id: created.id, readOnly: true, auth: { kind: 'token' } });
    const copy = await profiles.duplicate(created.id);
    const copy2 = await profiles.duplicate(created.id);
    expect([copy.name, copy2.name]).toEqual(['EU production (copy)', 'EU production (copy 2)']);
    await profiles.remove(created.id);
    expect(profiles.list().map((p) => p.name)).toEqual([copy.name, copy2.name]);
    expect(() => profiles.get(created.id)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('refuses invalid input and duplicate names with VALIDATION', async () => {
    const profiles = store();
    await profiles.load();
    await profiles.create(euKey);
    await expect(profiles.create({ ...euKey, name: 'eu PRODUCTION' })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    await expect(
      profiles.create({ ...euKey, name: 'x', target: { kind: 'custom', baseUrl: 'ftp://x' } }),
    ).rejects.toMatchObject({ code: 'VALIDATION', operation: 'profiles.create' });
  });

  it('writes atomically: no temporary file is left behind', async () => {
    const profiles = store();
    await profiles.load();
    await profiles.create(euKey);
    await profiles.create({ ...euKey, name: 'second' });
    expect(await readdir(dir)).toEqual(['profiles.json']);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: 1 });
  });

  it('sets a file with bad JSON aside and reports it', async () => {
    await writeFile(file, '{"version": 1, "profiles": [');
    const result = await store().load();
    expect(result.profiles).toEqual([]);
    expect(result.damaged?.reason).toMatch(/not valid JSON/);
    expect(result.damaged?.movedTo).toMatch(/profiles\.json\.damaged-2026-01-02T03-04-05-678Z$/);
    expect(await readFile(result.damaged?.movedTo ?? '', 'utf8')).toContain('"profiles": [');
    expect(await readdir(dir)).not.toContain('profiles.json');
  });

  it('sets a file that breaks the schema aside and reports the field', async () => {
    await writeFile(file, JSON.stringify({ version: 1, profiles: [{ name: 'no id' }] }));
    const result = await store().load();
    expect(result.damaged?.reason).toMatch(/profiles\[0\]/);
    expect(await readdir(dir)).toHaveLength(1);
  });

  it('adds the built-in emulator profile once', async () => {
    const profiles = store();
    await profiles.load();
    const emulator = await profiles.ensureEmulatorProfile();
    expect(emulator).toMatchObject({ isEmulator: true, target: { kind: 'custom' } });
    expect((await profiles.ensureEmulatorProfile()).id).toBe(emulator.id);
  });
});
