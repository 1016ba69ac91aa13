import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { PolicyState, SettingSource } from '@shared/model/policy';
import { defaultSettings, type Settings, type SettingsPatch } from '@shared/model/settings';
import { useIpcClient } from '../api/client';

/**
 * The app's settings (theme, refresh intervals...), kept in sync with main, with the machine
 * policy they follow and where each value comes from (a locked one cannot be changed).
 */
export const useSettingsStore = defineStore('settings', () => {
  const client = useIpcClient();
  const settings = ref<Settings>(defaultSettings());
  const policy = ref<PolicyState>({ status: 'absent', path: '' });
  const sources = ref<Record<string, SettingSource>>({});

  client.on('settings:onDidChange', (value) => {
    settings.value = value;
    // Where each value comes from changes with the settings; if main cannot say now, the
    // sources last read stay (the policy itself is read once, at main's start).
    loadPolicy().catch(() => undefined);
  });

  /** Reads the policy and the sources of the settings from main. */
  async function loadPolicy(): Promise<void> {
    const answer = await client.invoke('settings:getPolicy');
    policy.value = answer.policy;
    sources.value = answer.sources;
  }

  /** Loads the settings (and their policy) from main. */
  async function load(): Promise<Settings> {
    const [loaded] = await Promise.all([client.invoke('settings:get'), loadPolicy()]);
    settings.value = loaded;
    return settings.value;
  }

  /** Changes some settings; main answers (and broadcasts) all of them. */
  async function update(patch: SettingsPatch): Promise<Settings> {
    settings.value = await client.invoke('settings:update', patch);
    await loadPolicy();
    return settings.value;
  }

  /** True when the organisation's policy locks setting `key`. */
  function isLocked(key: string): boolean {
    return sources.value[key] === 'locked';
  }

  return { settings, policy, sources, load, update, isLocked };
});
