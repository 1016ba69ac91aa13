import { z } from 'zod';
import type { ResourceColumn } from './resource-table';

/**
 * What the user made of a table's columns, kept per table in localStorage: which columns to
 * show, which of them they ticked themselves (`kept`: those never give way for lack of room),
 * their order, and the widths they dragged. Every part is optional: absent means the
 * columns' own definition.
 */
const ColumnLayoutSchema = z.object({
  visible: z.array(z.string()).optional(),
  kept: z.array(z.string()).optional(),
  order: z.array(z.string()).optional(),
  widths: z.record(z.string(), z.number().positive().max(4000)).optional(),
});
export type ColumnLayout = z.infer<typeof ColumnLayoutSchema>;

/** A layout as stored: the object, or the bare list of visible keys of older versions. */
const StoredLayoutSchema = z.union([
  ColumnLayoutSchema,
  z.array(z.string()).transform((visible) => ({ visible })),
]);

const storageKey = (tableId: string): string => `columns:${tableId}`;

/** Reads the layout saved for a table (empty when none, unreadable or not valid). */
export function loadColumnLayout(tableId: string | undefined): ColumnLayout {
  if (!tableId) return {};
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(storageKey(tableId)) ?? 'null');
    const parsed = StoredLayoutSchema.safeParse(raw);
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Saves the layout of a table (best effort: storage may be full or disabled). */
export function saveColumnLayout(tableId: string | undefined, layout: ColumnLayout): void {
  if (!tableId) return;
  try {
    localStorage.setItem(storageKey(tableId), JSON.stringify(layout));
  } catch {
    // A column layout that is not remembered is no reason to fail.
  }
}

/** The keys of the columns shown at first: every column not marked hidden. */
export function defaultVisibleKeys<T>(columns: readonly ResourceColumn<T>[]): string[] {
  return columns.filter((column) => !column.hidden).map((column) => column.key);
}

/**
 * The columns in the user's order: those the order names first, as it has them; columns it
 * does not name (added since it was saved) after them, in their defined order.
 */
export function orderColumns<C extends { readonly key: string }>(
  columns: readonly C[],
  order: readonly string[] | undefined,
): C[] {
  if (!order || order.length === 0) return [...columns];
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const named = order.flatMap((key) => byKey.get(key) ?? []);
  const rest = columns.filter((column) => !order.includes(column.key));
  return [...named, ...rest];
}

/** `keys` with `key` moved `delta` places (−1: one to the left); unchanged at either end. */
export function moveKey(keys: readonly string[], key: string, delta: number): string[] {
  const from = keys.indexOf(key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= keys.length) return [...keys];
  const moved = [...keys];
  moved.splice(from, 1);
  moved.splice(to, 0, key);
  return moved;
}

/** When a column defines no width: what naive-ui's table gives such a column at least. */
const FALLBACK_WIDTH = 120;

/** The width a column takes: as dragged, else its width, else its minimum (it stretches). */
export function columnWidth<T>(
  column: ResourceColumn<T>,
  widths: Readonly<Record<string, number>> | undefined,
): number {
  const width = Number(widths?.[column.key] ?? column.width ?? column.minWidth ?? FALLBACK_WIDTH);
  return Number.isFinite(width) ? width : FALLBACK_WIDTH;
}

/** How much a column is needed when the table is narrow (1, the default: never gives way). */
const priorityOf = <T>(column: ResourceColumn<T>): number => column.priority ?? 1;

/** What fits: the keys shown, and those that gave way for lack of room. */
export interface ColumnFit {
  readonly shown: readonly string[];
  readonly gaveWay: readonly string[];
}

/**
 * Which of the `wanted` columns (in order) fit in `room` px: while they are wider, the least
 * needed column gives way (the highest priority number; of equals, the rightmost). Priority 1
 * and the columns the user ticked (`kept`) never do: a table still too wide scrolls sideways.
 * `room` undefined (not measured yet) shows every wanted column.
 */
export function fitColumns<T>(options: {
  readonly wanted: readonly ResourceColumn<T>[];
  readonly kept: ReadonlySet<string>;
  readonly room: number | undefined;
  readonly widthOf: (column: ResourceColumn<T>) => number;
}): ColumnFit {
  const { wanted, kept, room, widthOf } = options;
  const keys = wanted.map((column) => column.key);
  if (room === undefined) return { shown: keys, gaveWay: [] };
  let total = wanted.reduce((sum, column) => sum + widthOf(column), 0);
  const candidates = wanted
    .map((column, index) => ({ column, index }))
    .filter(({ column }) => priorityOf(column) > 1 && !kept.has(column.key))
    .sort((a, b) => priorityOf(b.column) - priorityOf(a.column) || b.index - a.index);
  const gaveWay = new Set<string>();
  for (const { column } of candidates) {
    if (total <= room) break;
    total -= widthOf(column);
    gaveWay.add(column.key);
  }
  return { shown: keys.filter((key) => !gaveWay.has(key)), gaveWay: [...gaveWay] };
}
