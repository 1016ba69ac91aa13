import { defineStore } from 'pinia';
import { ref } from 'vue';
import { defaultSettings, type Settings, type SettingsPatch } from '@shared/model/settings';
import { useIpcClient } from '../api/client';

/** The app's settings (theme, refresh intervals...), kept in sync with main. */
export const useSettingsStore = defineStore('settings', () => {
  const client = useIpcClient();
  const settings = ref<Settings>(defaultSettings());

  client.on('settings:onDidChange', (value) => (settings.value = value));

  /** Loads the settings from main. */
  async function load(): Promise<Settings> {
    settings.value = await client.invoke('settings:get');
    return settings.value;
  }

  /** Changes some settings; main answers (and broadcasts) all of them. */
  async function update(patch: SettingsPatch): Promise<Settings> {
    settings.value = await client.invoke('settings:update', patch);
    return settings.value;
  }

  return { settings, load, update };
});
