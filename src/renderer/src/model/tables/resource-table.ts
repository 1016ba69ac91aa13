import type { DataTableBaseColumn } from 'naive-ui';

/**
 * A column of {@link ResourceTable}: a naive-ui data table column with a string `key` and
 * `title`. `hidden: true` leaves it out until the user picks it in the column chooser;
 * `priority` says how much it is needed in a narrow table (see column-layout.ts), `grow` how
 * much of a wide table's room it takes (see column-widths.ts);
 * `searchText` says what the search box matches for it (default: the field's value);
 * `shownText` what "copy as shown" writes when that is not the search text.
 */
export type ResourceColumn<T> = Omit<DataTableBaseColumn<T>, 'key' | 'title'> & {
  readonly key: string;
  readonly title: string;
  readonly hidden?: boolean;
  /**
   * 1 (the default): always shown. Higher: when the table is narrower than its columns, the
   * column gives way (into the column chooser), the highest number first.
   */
  readonly priority?: number;
  /**
   * A column without a fixed `width` stretches: it has at least its `minWidth`, and the room
   * the columns leave is shared among such columns by this weight (1, the default; 0: it keeps
   * its minimum). Give more to the column whose text is long and says the most (see
   * column-widths.ts).
   */
  readonly grow?: number;
  /** What the column means, said on its header (hover, and to a screen reader). */
  readonly headerTip?: string;
  readonly searchText?: (row: T) => string;
  readonly shownText?: (row: T) => string;
};

/** An item of a row's action menu. */
export interface RowAction {
  readonly key: string;
  readonly label: string;
  readonly run: () => void;
  readonly disabled?: boolean;
  /** Shown in red (drop, delete...). */
  readonly danger?: boolean;
}

/** The text of a field for searching and copying: objects as JSON, nothing for null. */
export function cellText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null || value === undefined) return '';
  return JSON.stringify(value) ?? '';
}

/** The text a row is searched in: its visible columns' texts, joined and lowercased. */
function rowSearchText<T extends object>(row: T, columns: readonly ResourceColumn<T>[]): string {
  return columns
    .map((column) =>
      column.searchText
        ? column.searchText(row)
        : cellText((row as Record<string, unknown>)[column.key]),
    )
    .join(' ')
    .toLowerCase();
}

/** The text each row is searched in (see {@link rowSearchText}). */
export function searchIndex<T extends object>(
  rows: readonly T[],
  columns: readonly ResourceColumn<T>[],
): string[] {
  return rows.map((row) => rowSearchText(row, columns));
}

/**
 * A {@link searchIndex} that remembers each row's text by the row object, for as long as the
 * columns are the same: the stores keep unchanged rows by identity across a refresh (see
 * frozen-rows.ts), so a refresh that changed 3 of 2,000 sessions formats 3 rows, not 2,000.
 */
export function createSearchIndexer<T extends object>(): (
  rows: readonly T[],
  columns: readonly ResourceColumn<T>[],
) => string[] {
  let texts = new WeakMap<T, string>();
  let indexedColumns: readonly ResourceColumn<T>[] | undefined;
  return (rows, columns) => {
    if (columns !== indexedColumns) {
      texts = new WeakMap();
      indexedColumns = columns;
    }
    return rows.map((row) => {
      let text = texts.get(row);
      if (text === undefined) {
        text = rowSearchText(row, columns);
        texts.set(row, text);
      }
      return text;
    });
  };
}

/** The rows whose index text (see {@link searchIndex}) contains every word of `search`. */
export function filterRows<T>(rows: readonly T[], index: readonly string[], search: string): T[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((_row, i) => words.every((word) => index[i]?.includes(word) === true));
}
