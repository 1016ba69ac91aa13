import { describe, expect, it } from 'vitest';
import {
  effectiveSettings,
  lockedKeysOf,
  lockedSettingsOf,
} from '../../../../../src/main/services/policy/settings-precedence';
import { SETTING_KEYS } from '../../../../../src/shared/model/policy';
import { defaultSettings } from '../../../../../src/shared/model/settings';

describe('effectiveSettings', () => {
  it('answers the built-in defaults, each from builtIn, with no policy and no choice', () => {
    const { settings, sources } = effectiveSettings({}, undefined);
    expect(settings).toEqual(defaultSettings());
    expect(Object.keys(sources)).toEqual(SETTING_KEYS);
    expect(new Set(Object.values(sources))).toEqual(new Set(['builtIn']));
  });

  it('takes locked over the user, the user over the policy default, that over built-in', () => {
    const { settings, sources } = effectiveSettings(
      { theme: 'light', bandwidthLimitMiBps: 100, clock: 'system' },
      {
        locked: { bandwidthLimitMiBps: 10, auditOnFailure: 'continue' },
        defaults: { theme: 'dark', bandwidthLimitMiBps: 50, density: 'comfortable' },
      },
    );
    expect(settings).toMatchObject({
      bandwidthLimitMiBps: 10,
      auditOnFailure: 'continue',
      theme: 'light',
      clock: 'system',
      density: 'comfortable',
      transfersAtOnce: 2,
    });
    expect(sources).toMatchObject({
      bandwidthLimitMiBps: 'locked',
      auditOnFailure: 'locked',
      theme: 'user',
      clock: 'user',
      density: 'policyDefault',
      transfersAtOnce: 'builtIn',
    });
  });

  it('counts a user choice equal to the built-in default as the user’s', () => {
    const { settings, sources } = effectiveSettings(
      { theme: 'system' },
      { locked: {}, defaults: { theme: 'dark' } },
    );
    expect(settings.theme).toBe('system');
    expect(sources.theme).toBe('user');
  });

  it('applies an optional setting (the proxy) from each layer, and none when none has it', () => {
    const proxy = 'http://proxy.corp:3128';
    expect(effectiveSettings({}, { locked: {}, defaults: { proxyUrl: proxy } })).toMatchObject({
      settings: { proxyUrl: proxy },
      sources: { proxyUrl: 'policyDefault' },
    });
    expect(
      effectiveSettings(
        { proxyUrl: 'http://mine:1' },
        { locked: { proxyUrl: proxy }, defaults: {} },
      ),
    ).toMatchObject({ settings: { proxyUrl: proxy }, sources: { proxyUrl: 'locked' } });
    expect(effectiveSettings({}, undefined).settings).not.toHaveProperty('proxyUrl');
  });
});

describe('the update mode and channel of the policy’s updates', () => {
  it('lock the settings updateMode and updateChannel, as locked would', () => {
    const policy = {
      locked: {},
      defaults: { updateChannel: 'beta' as const },
      updates: { mode: 'off' as const },
    };
    const { settings, sources } = effectiveSettings({ updateMode: 'auto' }, policy);
    expect(settings).toMatchObject({ updateMode: 'off', updateChannel: 'beta' });
    expect(sources).toMatchObject({ updateMode: 'locked', updateChannel: 'policyDefault' });
    expect(lockedKeysOf({ updateMode: 'manual', updateChannel: 'stable' }, policy)).toEqual([
      'updateMode',
    ]);
    expect(lockedSettingsOf({ locked: { theme: 'dark' }, updates: { channel: 'stable' } })).toEqual(
      {
        theme: 'dark',
        updateChannel: 'stable',
      },
    );
  });
});

describe('lockedKeysOf', () => {
  it('names the locked keys a patch sets, a removal (null) included', () => {
    const policy = { locked: { proxyUrl: 'http://p:1', theme: 'dark' as const } };
    expect(lockedKeysOf({ proxyUrl: null, density: 'compact' }, policy)).toEqual(['proxyUrl']);
    expect(lockedKeysOf({ theme: undefined, density: 'compact' }, policy)).toEqual([]);
    expect(lockedKeysOf({ theme: 'dark' }, undefined)).toEqual([]);
  });
});
