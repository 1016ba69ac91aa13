import {
  computed,
  nextTick,
  shallowRef,
  type ComputedRef,
  type Ref,
  type WritableComputedRef,
} from 'vue';

/** What ResourceTable.vue exposes for its side pane: where the focus goes back. */
export interface DetailsLayout {
  /** The element around the table (its rows get the focus back). */
  table(): HTMLElement | undefined;
  /** The element around the pane, while it shows. */
  pane(): HTMLElement | undefined;
}

/** What a details pane exposes: the focus moves into it when a row is opened there. */
export interface FocusablePane {
  focus(): void;
}

/** What {@link useRowDetails} answers. */
interface RowDetails<T> {
  /**
   * The table's current row (its `v-model:current`): the row shown in the pane. Setting a key
   * shows that row; clearing it (Escape in the table) closes the pane.
   */
  readonly current: WritableComputedRef<string | undefined>;
  /** The row the pane shows: as the list has it now, else as it was last seen. */
  readonly shown: ComputedRef<T | undefined>;
  /** A double-click or Enter where the view has no other "open": shows it, focus inside. */
  open(row: T): void;
  /** Closes the pane; from inside it, the focus goes back to the row. */
  close(): void;
}

/**
 * The side pane of a table view: the current row is the one shown, so a click (or ↑/↓) shows
 * a row and Escape or the pane's close button leaves no row current. The row is kept as last
 * seen when the list drops it (a page turned, a refresh), so the pane does not vanish under
 * the reader; a view that deletes rows closes it itself.
 */
export function useRowDetails<T>(options: {
  readonly rows: () => readonly T[];
  readonly keyOf: (row: T) => string;
  /** The template ref of the view's ResourceTable (its `side` slot holds the pane). */
  readonly layout: Readonly<Ref<DetailsLayout | undefined>>;
  /** The template ref of the pane. */
  readonly pane: Readonly<Ref<FocusablePane | undefined>>;
}): RowDetails<T> {
  const { keyOf, layout, pane } = options;
  const picked = shallowRef<T>();
  const shown = computed(() => {
    const seen = picked.value;
    if (seen === undefined) return undefined;
    const key = keyOf(seen);
    return options.rows().find((row) => keyOf(row) === key) ?? seen;
  });

  function close(): void {
    const seen = picked.value;
    const wasInside = layout.value?.pane()?.contains(document.activeElement) ?? false;
    picked.value = undefined;
    if (!wasInside || seen === undefined) return;
    const key = CSS.escape(keyOf(seen));
    layout.value?.table()?.querySelector<HTMLElement>(`tr[data-row-key="${key}"]`)?.focus();
  }

  const current = computed({
    get: () => (picked.value === undefined ? undefined : keyOf(picked.value)),
    set: (key: string | undefined) => {
      if (key === undefined) {
        close();
        return;
      }
      const row = options.rows().find((candidate) => keyOf(candidate) === key);
      if (row !== undefined) picked.value = row;
    },
  });

  function open(row: T): void {
    picked.value = row;
    void nextTick(() => {
      pane.value?.focus();
    });
  }

  return { current, shown, open, close };
}
