import type { TimeOptions } from '@shared/format/times';
import { useSettingsStore } from '../stores/settings-store';

/**
 * The clock the user picked (Settings › Appearance), as the shared time formatters take it.
 * Read inside a render or a computed, it follows a change of the setting.
 */
export function useTimeOptions(): TimeOptions {
  return { clock: useSettingsStore().settings.clock };
}
