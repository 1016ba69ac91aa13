import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { profileOf, sameView, viewKey, type ViewRef } from '../model/navigation/view-ref';

const HISTORY_LIMIT = 50;

/** A request to show one object in a view: the view's table searches for `search`. */
export interface RevealRequest {
  readonly viewKey: string;
  readonly search: string;
}

/**
 * Which view the main pane shows, with a back history. Every view, the tree, the jump-to
 * box and the command palette navigate through `open`; jump-to uses `reveal` to also point
 * at one object of the view.
 */
export const useNavigationStore = defineStore('navigation', () => {
  const current = ref<ViewRef>({ kind: 'connections' });
  const history = ref<ViewRef[]>([]);
  /** The pending reveal; the view's table takes it (`takeReveal`) when it shows the view. */
  const revealed = shallowRef<RevealRequest>();

  /** Shows `view`; opening the view already shown does nothing. */
  function open(view: ViewRef): void {
    // Any navigation drops a reveal no table took, so it cannot fire on a later visit.
    revealed.value = undefined;
    if (sameView(view, current.value)) return;
    history.value = [...history.value, current.value].slice(-HISTORY_LIMIT);
    current.value = view;
  }

  /** Shows `view` (as `open`) and asks its table to search for `search`. */
  function reveal(request: { readonly view: ViewRef; readonly search: string }): void {
    open(request.view);
    revealed.value = { viewKey: viewKey(request.view), search: request.search };
  }

  /** The search revealed for the view `key`, once: answers undefined when none is pending. */
  function takeReveal(key: string): string | undefined {
    const request = revealed.value;
    if (request?.viewKey !== key) return undefined;
    revealed.value = undefined;
    return request.search;
  }

  /** Goes back to the previous view; false when there is none. */
  function back(): boolean {
    revealed.value = undefined;
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

  return {
    current,
    history,
    revealed,
    open,
    reveal,
    takeReveal,
    back,
    forgetProfile,
    currentProfileId,
    canGoBack,
  };
});
