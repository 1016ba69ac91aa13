import { columnWidth } from './column-layout';
import type { ResourceColumn } from './resource-table';

/*
 * The width of every shown column of a resource table, in pixels, from the room the table has.
 * naive-ui's table lays its columns out with `table-layout: fixed`, which shares the room left
 * by fixed columns evenly among the others and ignores their `minWidth`: a name column was cut
 * below its minimum beside an error column with room to spare. Every column is given its width
 * here instead, the way CSS flex-grow shares a row: each starts at its minimum, and the spare
 * room goes to the stretching ones by their weight.
 */

/** The share of the spare room a column takes: its `grow`, 1 by default, none when it is fixed. */
function weightOf<T>(
  column: ResourceColumn<T>,
  dragged: Readonly<Record<string, number>> | undefined,
): number {
  // A width the user dragged is theirs; a defined width is the column's own: neither stretches.
  if (dragged?.[column.key] !== undefined || column.width !== undefined) return 0;
  const grow = column.grow ?? 1;
  return Number.isFinite(grow) && grow > 0 ? grow : 0;
}

/**
 * The width of each of `columns` (by key) in `room` px: a fixed column its width, a dragged one
 * as dragged, a stretching one its minimum plus its weight's share of the room the others leave.
 * Room smaller than the columns' minimums (or not measured yet, `undefined`) leaves every column
 * at its minimum: the table scrolls sideways rather than cut one below it. Widths are whole
 * pixels and, with spare room and a column to take it, add up to `room` exactly.
 */
export function shareRoom<T>(options: {
  readonly columns: readonly ResourceColumn<T>[];
  /** The widths the user dragged, by key. */
  readonly dragged: Readonly<Record<string, number>> | undefined;
  readonly room: number | undefined;
}): Record<string, number> {
  const { columns, dragged, room } = options;
  const widths: Record<string, number> = {};
  let used = 0;
  for (const column of columns) {
    widths[column.key] = columnWidth(column, dragged);
    used += widths[column.key] ?? 0;
  }
  const weights = columns.map((column) => weightOf(column, dragged));
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const spare = room === undefined ? 0 : Math.floor(room - used);
  if (spare <= 0 || totalWeight === 0) return widths;

  let left = spare;
  columns.forEach((column, index) => {
    const share = Math.floor((spare * (weights[index] ?? 0)) / totalWeight);
    widths[column.key] = (widths[column.key] ?? 0) + share;
    left -= share;
  });
  // Rounding down left fewer pixels than there are stretching columns: one more to each, in order.
  columns.forEach((column, index) => {
    if (left === 0 || weights[index] === 0) return;
    widths[column.key] = (widths[column.key] ?? 0) + 1;
    left -= 1;
  });
  return widths;
}
