import type { PolicyState, SettingSource } from '../../../shared/model/policy';
import type { Settings } from '../../../shared/model/settings';
import { SettingsStore } from './settings-store';

/*
 * Each setting's value in force and where it came from (the machine policy's locked value,
 * the user's choice, the policy's default or the app's own), for a diagnostics bundle.
 */

/** One setting as it is in force. */
export interface SettingInForce {
  readonly key: keyof Settings;
  readonly value: unknown;
  readonly source: SettingSource;
}

/** The settings in force of a loaded store, each with its source. */
export function settingsInForceOf(store: Pick<SettingsStore, 'get' | 'sources'>): SettingInForce[] {
  const settings = store.get();
  const sources = store.sources();
  return (Object.keys(settings) as (keyof Settings)[]).map((key) => ({
    key,
    value: settings[key],
    source: sources[key],
  }));
}

/**
 * The settings in force read from `file` (`<dataDir>/settings.json`) under `policy`, as the
 * settings store reads them: a missing file, or one that is not valid settings, means the
 * defaults (the policy's, then the app's).
 */
export async function readSettingsInForce(
  file: string,
  policy?: PolicyState,
): Promise<SettingInForce[]> {
  const store = new SettingsStore({ file, ...(policy ? { policy } : {}) });
  await store.load();
  return settingsInForceOf(store);
}
