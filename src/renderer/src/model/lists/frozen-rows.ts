/**
 * List rows as plain, frozen data. Vue never makes a frozen object reactive (it skips objects
 * that are not extensible), so 5,000 archives held in a `shallowRef` cost one array swap on
 * a change and no proxy per row. Rows are never changed in place: a change replaces the array
 * (which fires the `shallowRef`) and the rows that changed.
 */

/** `row`, frozen (shallowly: its nested objects are left as they are, but never mutated). */
function freezeRow<T>(row: T): T {
  return typeof row === 'object' && row !== null ? Object.freeze(row) : row;
}

/** A frozen array of frozen rows (a copy: `rows` itself is not frozen). */
export function freezeRows<T>(rows: readonly T[]): readonly T[] {
  return Object.freeze(rows.map(freezeRow));
}

/** Whether two rows of one list hold the same data (records from JSON: plain values). */
function sameRow(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  const recA = a as Record<string, unknown>;
  const recB = b as Record<string, unknown>;
  return keysA.every((key) => {
    const va = recA[key];
    const vb = recB[key];
    if (va === vb) return true;
    // Nested values (rare in list records) compare by their JSON.
    return (
      typeof va === 'object' && typeof vb === 'object' && JSON.stringify(va) === JSON.stringify(vb)
    );
  });
}

/**
 * The rows of `next`, frozen, with each row that did not change since `previous` (same key,
 * same data) kept as the very object of `previous`: the table and its search index see the
 * unchanged rows by identity and do their work for the changed ones only. Answers `previous`
 * itself when nothing changed at all (same rows, same order).
 */
export function mergeRows<T>(
  previous: readonly T[],
  next: readonly T[],
  keyOf?: (row: T) => string,
): readonly T[] {
  // Without a key, a row is matched with the row at its place in `previous`.
  const key = (row: T, index: number): string => (keyOf ? keyOf(row) : String(index));
  const byKey = new Map<string, T>();
  previous.forEach((row, index) => byKey.set(key(row, index), row));
  let isSame = previous.length === next.length;
  const merged = next.map((row, index) => {
    const old = byKey.get(key(row, index));
    const kept = old !== undefined && sameRow(old, row) ? old : freezeRow(row);
    if (kept !== previous[index]) isSame = false;
    return kept;
  });
  return isSame && Object.isFrozen(previous) ? previous : Object.freeze(merged);
}
