import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSettingsInForce } from '../../../../../src/main/services/settings/settings-in-force';
import { PolicySchema } from '../../../../../src/shared/model/policy';

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

describe('readSettingsInForce under a machine policy', () => {
  it('says locked and policyDefault where the policy sets the value', async () => {
    const file = join(dir, 'settings.json');
    await writeFile(file, JSON.stringify({ theme: 'dark', auditOnFailure: 'continue' }));
    const policy = {
      status: 'ok' as const,
      path: join(dir, 'policy.json'),
      policy: PolicySchema.parse({
        version: 1,
        defaults: { density: 'comfortable' },
        locked: { auditOnFailure: 'refuse' },
      }),
    };
    const settings = await readSettingsInForce(file, policy);
    expect(settings).toContainEqual({ key: 'auditOnFailure', value: 'refuse', source: 'locked' });
    expect(settings).toContainEqual({ key: 'theme', value: 'dark', source: 'user' });
    expect(settings).toContainEqual({
      key: 'density',
      value: 'comfortable',
      source: 'policyDefault',
    });
  });
});
