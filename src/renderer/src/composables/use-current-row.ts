import type { Ref } from 'vue';

/**
 * The current row of a table: one row, by key, made current by a click or ↑/↓ and opened by
 * a double-click or Enter. Apart from the ticked rows (use-table-selection.ts): making a row
 * current never ticks one, and ticking never changes which row is current.
 */
export interface CurrentRow<T> {
  readonly isCurrent: (key: string) => boolean;
  /** This row becomes current; the view hears of it once (not again for the same row). */
  readonly makeCurrent: (key: string) => void;
  /** No row is current any more. False when none was. */
  readonly clearCurrent: () => boolean;
  /** Makes the row current, then tells the view to open it. */
  readonly open: (row: T) => void;
  /** The row's classes: current (highlighted) and ticked (tinted). */
  readonly classOf: (row: T, isTicked: boolean) => string;
}

export function useCurrentRow<T>(options: {
  /** The key of the current row (the table's `v-model:current`). */
  readonly current: Ref<string | undefined>;
  readonly keyOf: (row: T) => string;
  /** The rows shown (the one made current is among them). */
  readonly shown: () => readonly T[];
  readonly onSelect: (row: T | undefined) => void;
  readonly onOpen: (row: T) => void;
}): CurrentRow<T> {
  const { current } = options;
  const makeCurrent = (key: string): void => {
    if (current.value === key) return;
    current.value = key;
    options.onSelect(options.shown().find((row) => options.keyOf(row) === key));
  };
  return {
    isCurrent: (key) => current.value === key,
    makeCurrent,
    clearCurrent: () => {
      if (current.value === undefined) return false;
      current.value = undefined;
      options.onSelect(undefined);
      return true;
    },
    open: (row) => {
      makeCurrent(options.keyOf(row));
      options.onOpen(row);
    },
    classOf: (row, isTicked) => {
      const isCurrent = current.value === options.keyOf(row);
      return [
        isCurrent ? 'resource-table__row--current' : '',
        isTicked ? 'resource-table__row--checked' : '',
      ]
        .filter(Boolean)
        .join(' ');
    },
  };
}
