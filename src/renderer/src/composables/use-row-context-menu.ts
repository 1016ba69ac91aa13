import type { DropdownOption } from 'naive-ui';
import { computed, ref, shallowRef, type ComputedRef, type Ref } from 'vue';
import { menuOf, select as selectIn, type RowMenuOptions } from '../components/common/row-menu';

/** A table's context menu: the row's "⋯" menu, at the pointer or under the focused row. */
export interface RowContextMenu<T> {
  readonly isShown: Ref<boolean>;
  readonly x: Ref<number>;
  readonly y: Ref<number>;
  readonly options: ComputedRef<DropdownOption[]>;
  /** Right-click on a row: the menu at the pointer. */
  readonly openAtPointer: (event: MouseEvent, row: T) => void;
  /** The context-menu key or Shift+F10 on a focused row: the menu under the row's start. */
  readonly openUnder: (element: Element, row: T) => void;
  readonly select: (key: string) => void;
  /** naive-ui's `clickoutside`: closes, except the release of the right-click that opened it. */
  readonly close: (event?: MouseEvent) => void;
}

export function useRowContextMenu<T>(menu: RowMenuOptions<T>): RowContextMenu<T> {
  const isShown = ref(false);
  const x = ref(0);
  const y = ref(0);
  const row = shallowRef<T>();
  /*
   * Chromium fires `contextmenu` on the right button's press; naive-ui would count its release
   * as a click outside the menu just opened (as in the tree's menu).
   */
  let isOpening = false;
  const options = computed(() => (row.value === undefined ? [] : menuOf(row.value, menu)));

  function show(target: T, atX: number, atY: number): void {
    row.value = target;
    x.value = atX;
    y.value = atY;
    isShown.value = true;
  }

  return {
    isShown,
    x,
    y,
    options,
    openAtPointer: (event, target) => {
      event.preventDefault();
      isOpening = true;
      show(target, event.clientX, event.clientY);
    },
    openUnder: (element, target) => {
      const box = element.getBoundingClientRect();
      show(target, box.left + 24, box.bottom);
    },
    select: (key) => {
      isOpening = false;
      isShown.value = false;
      if (row.value !== undefined) selectIn(row.value, key, menu);
    },
    close: (event) => {
      const endsOpening = isOpening && event?.type === 'mouseup' && event.button === 2;
      isOpening = false;
      if (!endsOpening) isShown.value = false;
    },
  };
}
