import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  POLICY_ONLY_KEYS,
  PolicySchema,
  PolicySettingsSchema,
  SETTING_KEYS,
  TestPolicySchema,
} from '../../../../src/shared/model/policy';
import { SettingsSchema } from '../../../../src/shared/model/settings';

describe('PolicySchema', () => {
  it('reads a full policy, keeping origins only and filling in what was left out', () => {
    const policy = PolicySchema.parse({
      version: 1,
      defaults: { theme: 'dark', bandwidthLimitMiBps: 20 },
      locked: { auditOnFailure: 'refuse', proxyUrl: 'http://proxy.corp:3128' },
      allowedServiceUrls: ['https://databridge.corp.example/databridge'],
      allowedRegions: ['eu'],
      allowDestructive: false,
      updates: { mode: 'manual', pinVersion: '1.4.2', url: 'https://mirror.corp/databridge' },
      teamMonitorUrl: 'https://monitor.corp:9464',
    });
    expect(policy.allowedServiceUrls).toEqual(['https://databridge.corp.example']);
    expect(policy.allowSessionKill).toBe(true);
    // An update mode or channel left out is not locked: the user's setting stays theirs.
    expect(policy.updates).toEqual({
      mode: 'manual',
      pinVersion: '1.4.2',
      url: 'https://mirror.corp/databridge',
    });
    expect(policy.defaults).toEqual({ theme: 'dark', bandwidthLimitMiBps: 20 });
  });

  it('refuses an update mode or channel locked to two values, naming both', () => {
    const result = PolicySchema.safeParse({
      version: 1,
      locked: { updateMode: 'auto', updateChannel: 'beta' },
      updates: { mode: 'off', channel: 'beta' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [
        'updates.mode',
        'updates.mode (off) and locked.updateMode (auto) lock the same setting to two values: keep one',
      ],
    ]);
  });

  it('takes an http mirror on this machine only in the test folder’s policy', () => {
    const loopback = { version: 1, updates: { url: 'http://127.0.0.1:8123/feed/' } };
    expect(PolicySchema.safeParse(loopback).success).toBe(false);
    expect(TestPolicySchema.parse(loopback).updates?.url).toBe('http://127.0.0.1:8123/feed/');
    for (const url of [
      'http://mirror.corp/feed/',
      'http://127.0.0.1.nip.io/',
      'ftp://127.0.0.1/',
    ]) {
      expect(TestPolicySchema.safeParse({ version: 1, updates: { url } }).success, url).toBe(false);
    }
  });

  it('fills in no built-in default inside defaults or locked (an absent key stays absent)', () => {
    expect(PolicySchema.parse({ version: 1 })).toMatchObject({ defaults: {}, locked: {} });
    expect(PolicySettingsSchema.parse({ clock: 'system' })).toEqual({ clock: 'system' });
  });

  it('refuses an unknown setting, a bad value, an unknown key and another version, by path', () => {
    const result = PolicySchema.safeParse({
      version: 2,
      locked: { auditOnFailur: 'refuse', transfersAtOnce: 99 },
      updates: { mode: 'sometimes', url: 'http://mirror' },
      allowedRegions: ['asia'],
      colour: 'red',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining([
        'version',
        'locked',
        'locked.transfersAtOnce',
        'updates.mode',
        'updates.url',
        'allowedRegions.0',
        '',
      ]),
    );
  });

  it('can default and lock every setting, each validated as the settings schema does', () => {
    expect(Object.keys(PolicySettingsSchema.shape)).toEqual(Object.keys(SettingsSchema.shape));
    expect(SETTING_KEYS).toContain('auditOnFailure');
    expect(PolicySettingsSchema.safeParse({ bandwidthLimitMiBps: 0.05 }).success).toBe(false);
    expect(PolicySettingsSchema.safeParse({ proxyUrl: 'http://a:b@proxy:1' }).success).toBe(false);
  });

  it('lists the policy-only keys, which are no settings', () => {
    expect(POLICY_ONLY_KEYS).toEqual([
      'allowedServiceUrls',
      'allowedRegions',
      'allowDestructive',
      'allowSessionKill',
      'updates',
      'teamMonitorUrl',
    ]);
  });
});

describe("the README's example policy", () => {
  it('is a valid policy', () => {
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.slice(readme.indexOf('## Managed by your organisation'));
    const example = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
    expect(example).toBeDefined();
    expect(PolicySchema.safeParse(JSON.parse(example ?? '')).error).toBeUndefined();
  });
});
