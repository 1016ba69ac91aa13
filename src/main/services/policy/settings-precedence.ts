import {
  SETTING_KEYS,
  type Policy,
  type PolicySettings,
  type SettingKey,
  type SettingSource,
  UPDATE_LOCKS,
} from '../../../shared/model/policy';
import { SettingsSchema, type Settings } from '../../../shared/model/settings';

/** The settings in force and where each came from. */
export interface EffectiveSettings {
  readonly settings: Settings;
  readonly sources: Record<SettingKey, SettingSource>;
}

/** The parts of a policy that lock settings: `locked`, and `updates.mode` and `updates.channel`. */
type LockingPolicy = Pick<Policy, 'locked'> & Partial<Pick<Policy, 'updates'>>;

/**
 * The settings the policy locks, with their values: its `locked` ones, and the update mode
 * and channel its `updates` names (the schema refuses a policy where the two disagree).
 */
export function lockedSettingsOf(policy: LockingPolicy | undefined): PolicySettings {
  const locked: PolicySettings = { ...policy?.locked };
  const { mode, channel } = policy?.updates ?? {};
  if (mode !== undefined) locked[UPDATE_LOCKS.mode] = mode;
  if (channel !== undefined) locked[UPDATE_LOCKS.channel] = channel;
  return locked;
}

/**
 * The value of each setting, from the strongest source that has one: the policy's locked
 * value, then the user's choice, then the policy's default, then the built-in default. A key
 * the user's file holds counts as the user's choice, whatever its value.
 */
export function effectiveSettings(
  user: PolicySettings,
  policy: (LockingPolicy & Pick<Policy, 'defaults'>) | undefined,
): EffectiveSettings {
  const layers: readonly [SettingSource, PolicySettings][] = [
    ['locked', lockedSettingsOf(policy)],
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
  policy: LockingPolicy | undefined,
): SettingKey[] {
  const locked = lockedSettingsOf(policy);
  return SETTING_KEYS.filter((key) => patch[key] !== undefined && locked[key] !== undefined);
}
