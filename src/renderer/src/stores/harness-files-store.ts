import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { HarnessFileDialog, HarnessFolderListing } from '@shared/ipc/harness-files';
import { useIpcClient } from '../api/client';

/**
 * The browser harness's file browser, which stands in for native dialogs there: whether the
 * harness has it on, the folders it may show, and the dialog main has open now (null: none).
 * Main opens and closes dialogs (`dialog:chooseFiles`, `dialog:chooseFolder`); the page only
 * lists folders and answers the dialog it was given. In Electron it stays off and empty.
 */
export const useHarnessFilesStore = defineStore('harnessFiles', () => {
  const client = useIpcClient();
  const isEnabled = ref(false);
  const roots = ref<string[]>([]);
  const dialog = shallowRef<HarnessFileDialog | null>(null);
  let isListening = false;

  /** Reads the state and follows dialogs opening and closing. Throws AppError. */
  async function load(): Promise<void> {
    if (client.shell !== 'harness') return;
    if (!isListening) {
      isListening = true;
      client.onHarnessDialog((change) => (dialog.value = change.dialog));
    }
    const state = await client.invokeHarness('harnessFiles:getState');
    isEnabled.value = state.isEnabled;
    roots.value = state.roots;
    dialog.value = state.dialog;
  }

  /** The folder `path` names (relative paths from `from`). Throws AppError. */
  function list(path: string, from?: string): Promise<HarnessFolderListing> {
    return client.invokeHarness(
      'harnessFiles:list',
      from === undefined ? { path } : { path, from },
    );
  }

  /** Answers the open dialog (no paths: cancels it). Throws AppError; the dialog then stays. */
  async function answer(paths: string[]): Promise<void> {
    const open = dialog.value;
    if (!open) return;
    await client.invokeHarness('harnessFiles:answer', { dialogId: open.dialogId, paths });
    if (dialog.value?.dialogId === open.dialogId) dialog.value = null;
  }

  /** Stops showing a dialog main no longer waits on (answered from another page). */
  function forget(): void {
    dialog.value = null;
  }

  return { isEnabled, roots, dialog, load, list, answer, forget };
});
