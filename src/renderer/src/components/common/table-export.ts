import { isVNode, type VNodeChild } from 'vue';
import { cellText, type ResourceColumn } from '@renderer/model/tables/resource-table';

/** How cells are written out: as the table shows them, or the service's own values. */
export type CellValues = 'shown' | 'raw';

type Slots = Record<string, (() => VNodeChild) | undefined>;

/**
 * The text a rendered cell shows: its strings and its elements' and components' texts (a
 * component's default slot; a tooltip's trigger, not its tip), without rendering anything.
 */
export function vnodeText(child: VNodeChild): string {
  if (typeof child === 'string' || typeof child === 'number') return String(child);
  if (Array.isArray(child)) return child.map((item) => vnodeText(item)).join('');
  if (!isVNode(child)) return '';
  const { children } = child;
  if (typeof children === 'string') return children;
  if (Array.isArray(children)) return vnodeText(children);
  if (children && typeof children === 'object') {
    const slots = children as Slots;
    const slot = slots['trigger'] ?? slots['default'];
    return slot ? vnodeText(slot()) : '';
  }
  return '';
}

/**
 * A cell's text. Raw: the field as the service answered it (ISO times, ids, numbers). Shown:
 * the column's `shownText`, else the text its `render` shows, else its `searchText`, else the
 * field's text.
 */
export function cellOut<T extends object>(
  row: T,
  column: ResourceColumn<T>,
  values: CellValues,
): string {
  const raw = (row as Record<string, unknown>)[column.key];
  if (values === 'raw') return cellText(raw);
  if (column.shownText) return column.shownText(row);
  if (column.render) return vnodeText(column.render(row, 0)).trim();
  return column.searchText ? column.searchText(row) : cellText(raw);
}

/**
 * A text a spreadsheet would run as a formula (=, +, -, @ first, or a tab or return first) gets
 * a leading apostrophe, so a database named `=HYPERLINK(...)` pastes as text. Numbers (-12,
 * +3.5) are left as they are.
 */
export function defuseFormula(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text)) return text;
  return /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text) ? text : `'${text}`;
}

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A TSV field: tabs and line breaks become spaces (TSV has no quoting a paste understands). */
function tsvField(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

/**
 * The rows as TSV (for the clipboard: a paste into a spreadsheet or a ticket keeps the grid)
 * or CSV (for a file), with a header line of the column titles. Only the columns given (the
 * visible ones) are written, in their order.
 */
export function tableText<T extends object>(
  rows: readonly T[],
  columns: readonly ResourceColumn<T>[],
  format: 'tsv' | 'csv',
  values: CellValues,
): string {
  const field = format === 'csv' ? csvField : tsvField;
  const line = (texts: readonly string[]): string =>
    texts.map((text) => field(defuseFormula(text))).join(format === 'csv' ? ',' : '\t');
  const lines = [
    line(columns.map((column) => column.title)),
    ...rows.map((row) => line(columns.map((column) => cellOut(row, column, values)))),
  ];
  return format === 'csv' ? `${lines.join('\r\n')}\r\n` : lines.join('\n');
}

/** A file name for a saved table: its name and the local date and time, without colons. */
export function csvFileName(name: string, now = new Date()): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  const safe = name.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'table';
  return `${safe}-${stamp}.csv`;
}
