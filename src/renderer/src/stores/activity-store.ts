import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { OpenItem } from '@shared/ipc/events';
import { useFrameStore } from './frame-store';

/** The two lists of the activity panel (see `scope`). */
export type ActivityScope = 'app' | 'instance';

/**
 * Which card of the activity panel to bring into view (a notification or tray entry was
 * clicked, an import or export was just started). The panel's visibility is the frame's
 * (`useFrameStore().isActivityOpen`); `openPanel` opens it through the frame store.
 */
export const useActivityStore = defineStore('activity', () => {
  const frame = useFrameStore();
  /** The card to scroll to and highlight. */
  const focused = ref<OpenItem>();
  /**
   * Which cards the panel lists: the app's own (transfers and the jobs it started) or every
   * job of the current view's instance. Kept here so it outlives the panel being closed.
   */
  const scope = ref<ActivityScope>('app');

  /** Opens the activity panel, optionally on one transfer or job (among the app's cards). */
  function openPanel(item?: OpenItem): void {
    frame.showActivity();
    if (item) {
      scope.value = 'app';
      focused.value = { ...item };
    }
  }

  /** Closes the activity panel. */
  function closePanel(): void {
    frame.isActivityOpen = false;
  }

  return { focused, scope, openPanel, closePanel };
});
