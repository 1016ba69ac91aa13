import { computed, shallowRef, type ComputedRef, type Ref } from 'vue';

/**
 * The selected rows of a table, by row key, with the anchor a Shift range starts from (as in
 * a file manager: a click or Space sets it, Shift extends from it). The selection acts on the
 * rows shown: a row hidden by the search stays selected but is not counted or acted on until
 * it shows again; a row gone from the list leaves the selection.
 */
export interface TableSelection<T> {
  /** The keys selected (replaced whole on each change). */
  readonly keys: Ref<ReadonlySet<string>>;
  /** The shown rows that are selected, in the table's order. */
  readonly rows: ComputedRef<readonly T[]>;
  readonly count: ComputedRef<number>;
  /** Whether every shown row is selected (false when none is shown). */
  readonly isAll: ComputedRef<boolean>;
  readonly has: (key: string) => boolean;
  /** Ctrl/Cmd+click, Space, the row's checkbox: one row in or out; it becomes the anchor. */
  readonly toggle: (key: string) => void;
  /** This row only (a single key, e.g. picked from outside the table). */
  readonly only: (key: string) => void;
  /** Shift+click, Shift+↑/↓: every shown row from the anchor to this one, added. */
  readonly extendTo: (key: string) => void;
  /** The header checkbox, Ctrl/Cmd+A: every shown row, or none. */
  readonly setAll: (selected: boolean) => void;
  readonly clear: () => void;
  /** Keeps only these keys selected (e.g. the items a bulk action could not do). */
  readonly keep: (keys: Iterable<string>) => void;
}

/** The keys from `anchor` to `key` in `order` (only `key` when the anchor is not shown). */
function rangeOf(order: readonly string[], anchor: string | undefined, key: string): string[] {
  const to = order.indexOf(key);
  const from = anchor === undefined ? -1 : order.indexOf(anchor);
  if (to === -1) return [];
  if (from === -1) return [key];
  return order.slice(Math.min(from, to), Math.max(from, to) + 1);
}

export function useTableSelection<T>(options: {
  /** The rows shown, in order (after the search). */
  readonly shown: () => readonly T[];
  /** Every row of the list (a key not among them leaves the selection). */
  readonly all: () => readonly T[];
  readonly keyOf: (row: T) => string;
}): TableSelection<T> {
  const picked = shallowRef<ReadonlySet<string>>(new Set());
  let anchor: string | undefined;

  // Keys of rows that left the list are dropped when read, so a refresh needs no watcher.
  const keys = computed<ReadonlySet<string>>(() => {
    if (picked.value.size === 0) return picked.value;
    const present = new Set(options.all().map(options.keyOf));
    const kept = [...picked.value].filter((key) => present.has(key));
    return kept.length === picked.value.size ? picked.value : new Set(kept);
  });
  const rows = computed(() =>
    keys.value.size === 0
      ? []
      : options.shown().filter((row) => keys.value.has(options.keyOf(row))),
  );
  const count = computed(() => rows.value.length);
  const isAll = computed(() => {
    const shown = options.shown();
    return shown.length > 0 && count.value === shown.length;
  });

  const set = (next: Set<string>): void => void (picked.value = next);
  const shownKeys = (): string[] => options.shown().map(options.keyOf);

  return {
    keys: computed({ get: () => keys.value, set: (value) => set(new Set(value)) }),
    rows,
    count,
    isAll,
    has: (key) => keys.value.has(key),
    toggle: (key) => {
      const next = new Set(keys.value);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      anchor = key;
      set(next);
    },
    only: (key) => {
      anchor = key;
      set(new Set([key]));
    },
    extendTo: (key) => {
      const order = shownKeys();
      if (anchor === undefined || !order.includes(anchor)) anchor = key;
      set(new Set([...keys.value, ...rangeOf(order, anchor, key)]));
    },
    setAll: (selected) => {
      const shown = new Set(shownKeys());
      const others = [...keys.value].filter((key) => !shown.has(key));
      set(new Set(selected ? [...others, ...shown] : others));
    },
    clear: () => {
      anchor = undefined;
      set(new Set());
    },
    keep: (kept) => set(new Set(kept)),
  };
}
