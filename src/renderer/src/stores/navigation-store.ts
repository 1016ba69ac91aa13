import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { profileOf, sameView, type ViewRef } from '../views/view-ref';

const HISTORY_LIMIT = 50;

/**
 * Which view the main pane shows, with a back history. Every view, the tree, the jump-to
 * box and the command palette navigate through `open`.
 */
export const useNavigationStore = defineStore('navigation', () => {
  const current = ref<ViewRef>({ kind: 'connections' });
  const history = ref<ViewRef[]>([]);

  /** Shows `view`; opening the view already shown does nothing. */
  function open(view: ViewRef): void {
    if (sameView(view, current.value)) return;
    history.value = [...history.value, current.value].slice(-HISTORY_LIMIT);
    current.value = view;
  }

  /** Goes back to the previous view; false when there is none. */
  function back(): boolean {
    const previous = history.value.at(-1);
    if (!previous) return false;
    history.value = history.value.slice(0, -1);
    current.value = previous;
    return true;
  }

  /**
   * Forgets every view of a profile (it was closed or deleted); when the current view is one,
   * shows `fallback` instead.
   */
  function forgetProfile(profileId: string, fallback: ViewRef = { kind: 'connections' }): void {
    history.value = history.value.filter((view) => profileOf(view) !== profileId);
    if (profileOf(current.value) === profileId) current.value = fallback;
  }

  /** The profile of the current view, if it has one. */
  const currentProfileId = computed(() => profileOf(current.value));
  const canGoBack = computed(() => history.value.length > 0);

  return { current, history, open, back, forgetProfile, currentProfileId, canGoBack };
});
