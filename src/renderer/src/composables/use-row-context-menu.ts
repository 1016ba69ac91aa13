import type { DropdownOption } from 'naive-ui';
import {
  computed,
  getCurrentInstance,
  onBeforeUnmount,
  onMounted,
  ref,
  shallowRef,
  type ComputedRef,
  type Ref,
} from 'vue';
import {
  ROW_MENU_BUTTON,
  menuOf,
  select as selectIn,
  type RowMenuOptions,
} from '../model/tables/row-menu';

/**
 * A table's one row menu: at the pointer, under the focused row, or under the row's "⋯"
 * button (every row's menu is this one dropdown).
 */
export interface RowContextMenu<T> {
  readonly isShown: Ref<boolean>;
  readonly x: Ref<number>;
  readonly y: Ref<number>;
  /** Where the menu goes from (x, y): right-aligned under a "⋯" button at the right edge. */
  readonly placement: Ref<'bottom-start' | 'bottom-end'>;
  readonly options: ComputedRef<DropdownOption[]>;
  /** Right-click on a row: the menu at the pointer. */
  readonly openAtPointer: (event: MouseEvent, row: T) => void;
  /** The context-menu key or Shift+F10 on a focused row: the menu under the row's start. */
  readonly openUnder: (element: Element, row: T) => void;
  /** The row's "⋯" button: the menu under it, or closed when it is open for this row already. */
  readonly toggleAtButton: (button: Element, row: T) => void;
  readonly select: (key: string) => void;
  /**
   * naive-ui's `clickoutside`: closes, except the release of the right-click that opened it and
   * a click on a "⋯" button (whose own click toggles the menu or moves it to its row).
   */
  readonly close: (event?: MouseEvent) => void;
}

export function useRowContextMenu<T>(menu: RowMenuOptions<T>): RowContextMenu<T> {
  const isShown = ref(false);
  const x = ref(0);
  const y = ref(0);
  const placement = ref<'bottom-start' | 'bottom-end'>('bottom-start');
  const row = shallowRef<T>();
  /*
   * Chromium fires `contextmenu` on the right button's press; naive-ui would count its release
   * as a click outside the menu just opened (as in the tree's menu).
   */
  let isOpening = false;
  const options = computed(() => (row.value === undefined ? [] : menuOf(row.value, menu)));
  /*
   * The menu stands where it was opened, in window coordinates: a window resized under it
   * would leave it beside nothing, or outside the window. It closes, as a browser's menus do.
   */
  if (getCurrentInstance()) {
    const closeOnResize = (): void => {
      isShown.value = false;
    };
    onMounted(() => window.addEventListener('resize', closeOnResize));
    onBeforeUnmount(() => window.removeEventListener('resize', closeOnResize));
  }

  function show(target: T, atX: number, atY: number, from = placement.value): void {
    placement.value = from;
    row.value = target;
    x.value = atX;
    y.value = atY;
    isShown.value = true;
  }

  return {
    isShown,
    x,
    y,
    placement,
    options,
    openAtPointer: (event, target) => {
      event.preventDefault();
      isOpening = true;
      show(target, event.clientX, event.clientY, 'bottom-start');
    },
    openUnder: (element, target) => {
      const box = element.getBoundingClientRect();
      show(target, box.left + 24, box.bottom, 'bottom-start');
    },
    toggleAtButton: (button, target) => {
      if (isShown.value && row.value === target) {
        isShown.value = false;
        return;
      }
      const box = button.getBoundingClientRect();
      show(target, box.right, box.bottom, 'bottom-end');
    },
    select: (key) => {
      isOpening = false;
      isShown.value = false;
      if (row.value !== undefined) selectIn(row.value, key, menu);
    },
    close: (event) => {
      const endsOpening = isOpening && event?.type === 'mouseup' && event.button === 2;
      isOpening = false;
      const target = event?.target as Partial<Element> | null | undefined;
      const onButton = target?.closest?.(`[data-testid="${ROW_MENU_BUTTON}"]`) != null;
      if (!endsOpening && !onButton) isShown.value = false;
    },
  };
}
