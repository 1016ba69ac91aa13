import { asAppError } from '@renderer/api/app-error';
import type { WindowAction } from '@shared/ipc/resource-channels';

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
  /**
   * Does it to one row, as part of `action` (the one user action the audit trail records every
   * row's call under); resolves to what happened (e.g. `Deleted`), throws on failure.
   */
  readonly run: (row: T, action: WindowAction) => Promise<string>;
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

/** The most of the rows' titles an action's target names before it says how many more. */
const TARGET_CHARS = 120;

/**
 * The one user action of a bulk run on `items` (those waiting): its label is the dialog's title
 * (`delete 3 archives`), its target the rows' titles, cut short with how many more there are.
 */
export function bulkActionOf<T>(
  items: readonly BulkItem<T>[],
  action: BulkAction<T>,
  id: string,
): WindowAction {
  const titles = items.filter((item) => item.state === 'waiting').map((item) => item.title);
  const title = action.title(titles.length);
  let target = '';
  for (const [index, name] of titles.entries()) {
    const next = target ? `${target}, ${name}` : name;
    const rest = titles.length - index;
    if (next.length > TARGET_CHARS && target) {
      target = `${target} and ${rest} more`;
      break;
    }
    target = next;
  }
  return {
    id,
    kind: 'bulk',
    label: title.charAt(0).toLowerCase() + title.slice(1),
    target: target.slice(0, 300),
  };
}

/**
 * Runs `action` on every waiting item, one after the other (the service sees one request at
 * a time, as if the admin did them by hand, and a failure stops nothing else), reporting each
 * change through `update` with the whole list. Every row's call is made for one user action
 * (`newId` names it). Resolves to the final list.
 */
export async function runBulk<T>(
  items: readonly BulkItem<T>[],
  action: BulkAction<T>,
  update: (items: readonly BulkItem<T>[]) => void,
  newId: () => string = () => globalThis.crypto.randomUUID(),
): Promise<readonly BulkItem<T>[]> {
  const made = bulkActionOf(items, action, newId());
  let current = [...items];
  const set = (index: number, change: Partial<BulkItem<T>>): void => {
    current = current.map((item, i) => (i === index ? { ...item, ...change } : item));
    update(current);
  };
  for (const [index, item] of items.entries()) {
    if (item.state !== 'waiting') continue;
    set(index, { state: 'running' });
    try {
      set(index, { state: 'done', message: await action.run(item.row, made) });
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
