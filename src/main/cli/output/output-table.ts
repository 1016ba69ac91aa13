import { humanCell, isNumberField, isRow, oneLine, scalarFieldsOf, type Row } from './output-cells';
import { resourceColumns } from './output-resource-table';
import {
  MAX_CELL,
  clip,
  fitColumns,
  type PlannedColumn,
  type ResourceTable,
  type TableColumn,
} from './table-columns';

/*
 * `--output table` and `-o wide`: the answer for a person at a terminal. A list of records is
 * one row per record; a single record is a two-column table of its fields and values; anything
 * else is written one value per line. Sizes and times read as the app writes them (see
 * output-cells).
 *
 * The records of a list the service answers get their resource's columns (resource-tables.ts:
 * headers in words, the columns that name a row pinned); other records (an answer reshaped by
 * --query, the audit trail) a column per single-valued field, headed by its name, the first
 * pinned. Fitting is deterministic: a cell longer than MAX_CELL is cut with "…" (a pinned one
 * never is); then, while the table is wider than the terminal, a column that is not pinned
 * goes (see fitColumns) and the note for stderr names it. `-o wide` shows every column, whole.
 */

const GAP = '  ';

/** How a table is laid out. */
export interface TableOptions {
  /** The terminal's width in characters. */
  readonly width: number;
  /** `-o wide`: every column, no cell cut, whatever the width. */
  readonly wide?: boolean;
  /** The columns of the resource the answer lists, when it is one. */
  readonly resource?: ResourceTable;
  /** `--columns`: the resource's columns chosen, in their order. */
  readonly chosen?: readonly TableColumn[];
}

/** A table as text, and a note for stderr when columns were left out to fit. */
export interface TableText {
  readonly text: string;
  readonly note?: string;
}

/** The answer as a table fitted to `options.width` (a number: the width alone). */
export function renderTable(value: unknown, options: TableOptions | number): TableText {
  const given = typeof options === 'number' ? { width: options } : options;
  if (value === null || value === undefined) return { text: '' };
  if (Array.isArray(value)) {
    if (value.length === 0) return { text: '(none)\n' };
    if (value.every(isRow)) return listTable(value, given);
    return { text: value.map((item) => `${humanCell(item)}\n`).join('') };
  }
  if (isRow(value)) return { text: fieldTable(value, given) };
  return { text: `${humanCell(value)}\n` };
}

/** One record: a line per field, its name then its value, cut to the width (unless wide). */
function fieldTable(row: Row, options: TableOptions): string {
  const fields = Object.keys(row);
  if (fields.length === 0) return '(none)\n';
  const width = options.wide === true ? Number.POSITIVE_INFINITY : options.width;
  const keyWidth = Math.min(Math.max(...fields.map((field) => field.length)), options.width >> 1);
  const valueWidth = Math.max(width - keyWidth - GAP.length, 1);
  return fields
    .map((field) => {
      const name = clip(field, keyWidth).padEnd(keyWidth);
      return `${name}${GAP}${clip(humanCell(row[field], field), valueWidth)}`.trimEnd() + '\n';
    })
    .join('');
}

/** A column per single-valued field, headed by its name; the first one pinned. */
function fieldColumns(rows: readonly Row[], wide: boolean): PlannedColumn[] {
  const max = wide ? Number.POSITIVE_INFINITY : MAX_CELL;
  return scalarFieldsOf(rows).map((field, index) => {
    const header = clip(field, max);
    const cells = rows.map((row) => clip(humanCell(row[field], field), max));
    const width = Math.max(header.length, ...cells.map((cell) => cell.length));
    return {
      name: field,
      header,
      cells,
      right: isNumberField(rows, field),
      width,
      empty: rows.every((row) => row[field] === null || row[field] === undefined),
      pinned: index === 0,
      // The widest goes first: long identifiers, endpoints and messages before short states.
      priority: width,
    };
  });
}

/** Records: a header, then a row per record. */
function listTable(rows: readonly Row[], options: TableOptions): TableText {
  const wide = options.wide === true;
  const ofResource =
    options.resource && resourceColumns(rows, options.resource, options.chosen, wide);
  const columns = ofResource ?? fieldColumns(rows, wide);
  if (columns.length === 0) {
    return {
      text: rows.map((row) => `${clip(oneLine(humanCell(row)), options.width)}\n`).join(''),
    };
  }
  const { width } = options;
  const shown = wide ? columns.map((_, i) => i) : fitColumns(columns, width, GAP.length);
  // One column left and still too wide, of a table that pins only it: cut to the width.
  const cut = ofResource === undefined && shown.length === 1 && !wide;
  const widthOf = (column: PlannedColumn): number =>
    cut ? Math.min(column.width, width) : column.width;
  const line = (texts: (column: PlannedColumn) => string): string =>
    shown
      .map((i) => {
        const column = columns[i] as PlannedColumn;
        const text = clip(texts(column), widthOf(column));
        return column.right ? text.padStart(widthOf(column)) : text.padEnd(widthOf(column));
      })
      .join(GAP)
      .trimEnd() + '\n';
  const text = [
    line((column) => column.header),
    ...rows.map((_, r) => line((column) => column.cells[r] ?? '')),
  ].join('');
  const left = columns.filter((_, i) => !shown.includes(i)).map((column) => column.name);
  if (left.length === 0) return { text };
  const how = ofResource
    ? '-o wide shows every column; --columns chooses'
    : '-o wide, --output json or --query shows them';
  const what = ofResource ? 'Columns' : 'Fields';
  return {
    text,
    note: `${what} left out to fit ${width} characters: ${left.join(', ')} (${how}).`,
  };
}
