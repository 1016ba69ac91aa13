import { readFile } from 'node:fs/promises';
import { defaultSettings, SettingsSchema, type Settings } from '../../../shared/model/settings';

/*
 * Each setting's value in force and where it came from, for a diagnostics bundle and, later,
 * the machine policy: a source is one more value of `source`, and the function that answers
 * stays `() => Promise<SettingInForce[]>`.
 */

/** One setting as it is in force. */
export interface SettingInForce {
  readonly key: keyof Settings;
  readonly value: unknown;
  /** `user`: the user's settings file; `builtIn`: the app's default. */
  readonly source: 'user' | 'builtIn';
}

/**
 * The settings in force read from `file` (`<dataDir>/settings.json`) as the settings store
 * reads it: a missing file, or one that is not valid settings, means the built-in defaults.
 */
export async function readSettingsInForce(file: string): Promise<SettingInForce[]> {
  let stored: Record<string, unknown> = {};
  let settings: Settings = defaultSettings();
  try {
    const json: unknown = JSON.parse(await readFile(file, 'utf8'));
    const parsed = SettingsSchema.safeParse(json);
    if (parsed.success) {
      settings = parsed.data;
      stored = json as Record<string, unknown>;
    }
  } catch {
    // Missing or not JSON: the store uses the defaults, so do the settings in force.
  }
  return (Object.keys(settings) as (keyof Settings)[]).map((key) => ({
    key,
    value: settings[key],
    source: Object.hasOwn(stored, key) ? 'user' : 'builtIn',
  }));
}
