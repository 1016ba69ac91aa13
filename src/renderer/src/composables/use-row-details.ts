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
export interface RowDetails<T> {
  /**
   * The table's current row (its `v-model:current`): the row shown in the pane. Setting a key
   * shows that row; clearing it (Escape in the table) closes the pane.
   */
  readonly current: WritableComputedRef<string | undefined>;
  /** The row the pane shows: as the list has it now, else as it was last seen. */
  readonly shown: ComputedRef<T | undefined>;
  /** True while a row is shown that the list no longer has (it ended, or is filtered out). */
  readonly gone: ComputedRef<boolean>;
  /** A double-click or Enter where the view has no other "open": shows it, focus inside. */
  readonly open: (row: T) => void;
  /** Closes the pane; from inside it, the focus goes back to the row. */
  readonly close: () => void;
}

/**
 * The side pane of a table view: the current row is the one shown, so a click (or ↑/↓) shows
 * a row and Escape or the pane's close button leaves no row current. The row is kept as last
 * seen when the list drops it (a page turned, a refresh), so the pane does not vanish under
 * the reader; a view that deletes rows closes it itself.
 */
export function useRowDetails<T>(options: {
  readonly rows: () => readonly T[];
  /** The row's key in the table. */
  readonly keyOf: (row: T) => string;
  /**
   * What makes a row the same one in the next list, when the key alone does not (a session's
   * spid is reused by another connection); the key by default.
   */
  readonly identityOf?: (row: T) => string;
  /** The template ref of the view's ResourceTable (its `side` slot holds the pane). */
  readonly layout: Readonly<Ref<DetailsLayout | undefined>>;
  /** The template ref of the pane. */
  readonly pane: Readonly<Ref<FocusablePane | undefined>>;
}): RowDetails<T> {
  const { keyOf, layout, pane } = options;
  const identityOf = options.identityOf ?? keyOf;
  const picked = shallowRef<T>();
  const listed = computed(() => {
    const seen = picked.value;
    if (seen === undefined) return undefined;
    const identity = identityOf(seen);
    return options.rows().find((row) => identityOf(row) === identity);
  });
  const shown = computed(() => listed.value ?? picked.value);
  const gone = computed(() => picked.value !== undefined && listed.value === undefined);

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

  return { current, shown, gone, open, close };
}
