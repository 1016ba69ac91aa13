import { watch, type Ref } from 'vue';
import { useNavigationStore } from '../stores/navigation-store';
import { viewKey } from '../model/navigation/view-ref';

/**
 * Fills `search` when jump-to reveals an object of the view this table belongs to (the
 * navigation store's `reveal`), whether the view opens for it or is already shown.
 *
 * The table's view is the one shown when the table is created: the main pane creates a view
 * (and its table) only once navigation points at it. Comparing with the current view on every
 * change instead would let the view being replaced take the request first (watchers run
 * before the main pane swaps views).
 */
export function useRevealedSearch(search: Ref<string>): void {
  const navigation = useNavigationStore();
  const ownView = viewKey(navigation.current);
  watch(
    () => navigation.revealed,
    () => {
      const text = navigation.takeReveal(ownView);
      if (text !== undefined) search.value = text;
    },
    { immediate: true },
  );
}
