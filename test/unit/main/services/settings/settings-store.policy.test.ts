import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../../../src/main/services/settings/settings-store';
import { PolicySchema, type PolicyState } from '../../../../../src/shared/model/policy';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'databridge-settings-policy-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function policyState(raw: unknown): PolicyState {
  return { status: 'ok', path: '/etc/databridge/policy.json', policy: PolicySchema.parse(raw) };
}

describe('SettingsStore under a machine policy', () => {
  it('answers the locked value and the policy default, with their sources', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, JSON.stringify({ auditOnFailure: 'continue', theme: 'light' }));
    const policy = policyState({
      version: 1,
      locked: { auditOnFailure: 'refuse' },
      defaults: { theme: 'dark', density: 'comfortable' },
    });
    const store = new SettingsStore({ file, policy });
    expect(await store.load()).toMatchObject({
      auditOnFailure: 'refuse',
      theme: 'light',
      density: 'comfortable',
    });
    expect(store.sources()).toMatchObject({
      auditOnFailure: 'locked',
      theme: 'user',
      density: 'policyDefault',
      clock: 'builtIn',
    });
    expect(store.policy()).toEqual(policy);
  });

  it('refuses a change to a locked key, naming it, and leaves the file untouched', async () => {
    const file = join(dir, 'settings.json');
    const before = JSON.stringify({ theme: 'light' });
    await writeFile(file, before);
    const policy = policyState({
      version: 1,
      locked: { bandwidthLimitMiBps: 5, proxyUrl: 'http://p.corp:3128' },
    });
    const store = new SettingsStore({ file, policy });
    await store.load();
    const seen: unknown[] = [];
    store.onDidChange((settings) => seen.push(settings));
    await expect(store.update({ bandwidthLimitMiBps: 50, theme: 'dark' })).rejects.toMatchObject({
      code: 'VALIDATION',
      operation: 'settings.update',
      message: expect.stringMatching(/^bandwidthLimitMiBps is set by your organisation/) as unknown,
    });
    await expect(store.update({ proxyUrl: null })).rejects.toMatchObject({
      message: expect.stringContaining('proxyUrl is set by your organisation') as unknown,
    });
    expect(await readFile(file, 'utf8')).toBe(before);
    expect(store.get()).toMatchObject({ theme: 'light', bandwidthLimitMiBps: 5 });
    expect(seen).toEqual([]);
  });

  it('lets the user change a defaulted key, and saves only the user’s choices', async () => {
    const file = join(dir, 'settings.json');
    const policy = policyState({ version: 1, defaults: { transfersAtOnce: 4 } });
    const store = new SettingsStore({ file, policy });
    expect((await store.load()).transfersAtOnce).toBe(4);
    await store.update({ closeToTray: true });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ closeToTray: true });
    expect(store.get().transfersAtOnce).toBe(4);
    await store.update({ transfersAtOnce: 1 });
    expect(store.get().transfersAtOnce).toBe(1);
    expect(store.sources().transfersAtOnce).toBe('user');
  });

  it('ignores an invalid policy as a whole', async () => {
    const file = join(dir, 'settings.json');
    const store = new SettingsStore({
      file,
      policy: { status: 'invalid', path: '/p.json', problems: ['locked.theme: Invalid option'] },
    });
    await store.load();
    await store.update({ theme: 'dark' });
    expect(store.get().theme).toBe('dark');
    expect(new Set(Object.values(store.sources()))).toEqual(new Set(['user', 'builtIn']));
  });
});
