import { ref } from 'vue';
import type { FocusablePane } from '@renderer/composables/use-row-details';

/**
 * The DetailsPane inside a summary pane (its template ref, `ref="pane"`) and the `focus` the
 * summary pane exposes in turn (`defineExpose({ focus })`): the view moves the keyboard into
 * the pane without knowing what is inside.
 */
export function usePaneFocus() {
  const pane = ref<FocusablePane>();
  return {
    pane,
    focus: (): void => {
      pane.value?.focus();
    },
  };
}
