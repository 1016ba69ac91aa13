import {
  SETTING_KEYS,
  type Policy,
  type PolicySettings,
  type SettingKey,
  type SettingSource,
} from '../../../shared/model/policy';
import { SettingsSchema, type Settings } from '../../../shared/model/settings';

/** The settings in force and where each came from. */
export interface EffectiveSettings {
  readonly settings: Settings;
  readonly sources: Record<SettingKey, SettingSource>;
}

/**
 * The value of each setting, from the strongest source that has one: the policy's locked
 * value, then the user's choice, then the policy's default, then the built-in default. A key
 * the user's file holds counts as the user's choice, whatever its value.
 */
export function effectiveSettings(
  user: PolicySettings,
  policy: Pick<Policy, 'locked' | 'defaults'> | undefined,
): EffectiveSettings {
  const layers: readonly [SettingSource, PolicySettings][] = [
    ['locked', policy?.locked ?? {}],
    ['user', user],
    ['policyDefault', policy?.defaults ?? {}],
  ];
  const chosen: Record<string, unknown> = {};
  const sources = {} as Record<SettingKey, SettingSource>;
  for (const key of SETTING_KEYS) {
    const layer = layers.find(([, values]) => values[key] !== undefined);
    sources[key] = layer?.[0] ?? 'builtIn';
    if (layer) chosen[key] = layer[1][key];
  }
  return { settings: SettingsSchema.parse(chosen), sources };
}

/** The keys of `patch` the policy locks (a patch's undefined keys change nothing). */
export function lockedKeysOf(
  patch: Readonly<Record<string, unknown>>,
  policy: Pick<Policy, 'locked'> | undefined,
): SettingKey[] {
  const locked = policy?.locked ?? {};
  return SETTING_KEYS.filter((key) => patch[key] !== undefined && locked[key] !== undefined);
}
