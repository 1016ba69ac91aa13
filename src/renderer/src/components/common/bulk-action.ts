import { asAppError } from '@renderer/api/app-error';

/**
 * An action on the selected rows of a table (delete archives, kill sessions...): one
 * confirmation listing every row, then the action runs row by row and says how each went.
 */
export interface BulkAction<T> {
  readonly key: string;
  /** The button, e.g. `Delete…`. */
  readonly label: string;
  /** The dialog's title and confirm button for `count` rows, e.g. `Delete 5 archives`. */
  readonly title: (count: number) => string;
  /** What confirming does to these rows, said above the list (e.g. "deleted for good"). */
  readonly warning?: (rows: readonly T[]) => string | undefined;
  /** Red button; with `typed`, the title must be typed to confirm (as for one row). */
  readonly danger?: boolean;
  readonly typed?: boolean;
  /** Disabled for the whole table (e.g. a read-only connection), with why. */
  readonly disabledReason?: string;
  /** Why this row cannot take the action (it is listed as skipped), or undefined. */
  readonly skipReason?: (row: T) => string | undefined;
  /** Does it to one row; resolves to what happened (e.g. `Deleted`), throws on failure. */
  readonly run: (row: T) => Promise<string>;
}

export type BulkItemState = 'waiting' | 'running' | 'done' | 'failed' | 'skipped';

/** One row of a bulk action, as the dialog lists it. */
export interface BulkItem<T> {
  readonly key: string;
  readonly title: string;
  readonly row: T;
  readonly state: BulkItemState;
  /** What happened (done), the failure with what to do (failed), or why not (skipped). */
  readonly message?: string;
}

/** The dialog's list before the action runs: skipped rows say why, the others wait. */
export function bulkItems<T>(
  rows: readonly T[],
  action: BulkAction<T>,
  keyOf: (row: T) => string,
  titleOf: (row: T) => string,
): BulkItem<T>[] {
  return rows.map((row) => {
    const reason = action.skipReason?.(row);
    return {
      key: keyOf(row),
      title: titleOf(row),
      row,
      state: reason === undefined ? 'waiting' : 'skipped',
      ...(reason === undefined ? {} : { message: reason }),
    };
  });
}

/**
 * Runs `action` on every waiting item, one after the other (the service sees one request at
 * a time, as if the admin did them by hand, and a failure stops nothing else), reporting each
 * change through `update` with the whole list. Resolves to the final list.
 */
export async function runBulk<T>(
  items: readonly BulkItem<T>[],
  action: BulkAction<T>,
  update: (items: readonly BulkItem<T>[]) => void,
): Promise<readonly BulkItem<T>[]> {
  let current = [...items];
  const set = (index: number, change: Partial<BulkItem<T>>): void => {
    current = current.map((item, i) => (i === index ? { ...item, ...change } : item));
    update(current);
  };
  for (const [index, item] of items.entries()) {
    if (item.state !== 'waiting') continue;
    set(index, { state: 'running' });
    try {
      set(index, { state: 'done', message: await action.run(item.row) });
    } catch (caught) {
      set(index, { state: 'failed', message: asAppError(caught).message });
    }
  }
  return current;
}

/** "4 done, 1 failed, 2 skipped" (the parts that are not zero). */
export function bulkSummary(items: readonly BulkItem<unknown>[]): string {
  const count = (state: BulkItemState): number =>
    items.filter((item) => item.state === state).length;
  const parts = [
    [count('done'), 'done'],
    [count('failed'), 'failed'],
    [count('skipped'), 'skipped'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n} ${word}`)
    .join(', ');
}
