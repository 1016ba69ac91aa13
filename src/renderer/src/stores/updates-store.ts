import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { UpdateStatus } from '@shared/model/updates';
import { useIpcClient } from '../api/client';

/**
 * The app's updates as main reports them (mode, channel, feed, last check, state), kept in
 * sync by main's events; the About box shows it and asks for a check.
 */
export const useUpdatesStore = defineStore('updates', () => {
  const client = useIpcClient();
  const status = ref<UpdateStatus>();

  client.on('updates:onDidChange', (value) => {
    status.value = value;
  });

  /** Reads the status from main. */
  async function load(): Promise<void> {
    status.value = await client.invoke('updates:getStatus');
  }

  /** Checks now; main refuses, saying why, where updates are off. Throws AppError. */
  async function check(): Promise<void> {
    status.value = await client.invoke('updates:check');
  }

  return { status, load, check };
});
