import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { OpenItem } from '../../../shared/ipc/events';
import { useFrameStore } from './frame-store';

/**
 * Which card of the activity panel to bring into view (a notification or tray entry was
 * clicked, an import or export was just started). The panel's visibility is the frame's
 * (`useFrameStore().isActivityOpen`); `openPanel` opens it through the frame store.
 */
export const useActivityStore = defineStore('activity', () => {
  const frame = useFrameStore();
  /** The card to scroll to and highlight. */
  const focused = ref<OpenItem>();

  /** Opens the activity panel, optionally on one transfer or job. */
  function openPanel(item?: OpenItem): void {
    frame.showActivity();
    if (item) focused.value = { ...item };
  }

  /** Closes the activity panel. */
  function closePanel(): void {
    frame.isActivityOpen = false;
  }

  return { focused, openPanel, closePanel };
});
