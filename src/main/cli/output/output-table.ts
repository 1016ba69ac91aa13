import { humanCell, isNumberField, isRow, oneLine, scalarFieldsOf, type Row } from './output-cells';

/*
 * `--output table`: the answer for a person at a terminal. A list of records is one row per
 * record with a column per single-valued field, fitted to the terminal's width; a single
 * record is a two-column table of its fields and values; anything else is written one value
 * per line. Sizes and times read as the app writes them (see output-cells).
 *
 * Fitting is deterministic: a cell longer than MAX_CELL is cut with "…"; then, while the
 * table is wider than the terminal, a column goes: first those with no value in any row, then
 * the widest (of equally wide ones, the last). Long identifiers, endpoints and messages go
 * before short states and sizes, and the first column, the record's name or id, always stays.
 */

/** The longest cell of a list, in characters, before it is cut. */
const MAX_CELL = 40;
const GAP = '  ';

/** A table as text, and a note for stderr when fields were left out to fit. */
export interface TableText {
  readonly text: string;
  readonly note?: string;
}

/** `text` cut to `max` characters, its last one "…" when something was cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return max <= 1 ? '…'.slice(0, max) : `${text.slice(0, max - 1)}…`;
}

/** The answer as a table `width` characters wide at most. */
export function renderTable(value: unknown, width: number): TableText {
  if (value === null || value === undefined) return { text: '' };
  if (Array.isArray(value)) {
    if (value.length === 0) return { text: '(none)\n' };
    if (value.every(isRow)) return listTable(value, width);
    return { text: value.map((item) => `${humanCell(item)}\n`).join('') };
  }
  if (isRow(value)) return { text: fieldTable(value, width) };
  return { text: `${humanCell(value)}\n` };
}

/** One record: a line per field, its name then its value, cut to the width. */
function fieldTable(row: Row, width: number): string {
  const fields = Object.keys(row);
  if (fields.length === 0) return '(none)\n';
  const keyWidth = Math.min(Math.max(...fields.map((field) => field.length)), width >> 1);
  const valueWidth = Math.max(width - keyWidth - GAP.length, 1);
  return fields
    .map((field) => {
      const name = clip(field, keyWidth).padEnd(keyWidth);
      return `${name}${GAP}${clip(humanCell(row[field], field), valueWidth)}`.trimEnd() + '\n';
    })
    .join('');
}

/**
 * Which columns stay so that the table fits `width`: empty ones go first, then the widest;
 * never the first.
 */
function fit(widths: readonly number[], empty: readonly boolean[], width: number): number[] {
  let shown = widths.map((_, index) => index);
  const total = (): number =>
    shown.reduce((sum, index) => sum + (widths[index] ?? 0), 0) + GAP.length * (shown.length - 1);
  // Of two columns, the one that goes first: an empty one, else the wider, else the later.
  const goesBefore = (a: number, b: number): boolean =>
    empty[a] === empty[b] ? (widths[a] ?? 0) >= (widths[b] ?? 0) : empty[a] === true;
  while (shown.length > 1 && total() > width) {
    let drop = shown[1] ?? 0;
    for (const index of shown.slice(1)) if (goesBefore(index, drop)) drop = index;
    shown = shown.filter((index) => index !== drop);
  }
  return shown;
}

/** Records: a header of field names, then a row per record. */
function listTable(rows: readonly Row[], width: number): TableText {
  const fields = scalarFieldsOf(rows);
  if (fields.length === 0) {
    return { text: rows.map((row) => `${clip(oneLine(humanCell(row)), width)}\n`).join('') };
  }
  const header = fields.map((field) => clip(field, MAX_CELL));
  const cells = rows.map((row) =>
    fields.map((field) => clip(humanCell(row[field], field), MAX_CELL)),
  );
  const widths = fields.map((_, i) =>
    Math.max(header[i]?.length ?? 0, ...cells.map((line) => line[i]?.length ?? 0)),
  );
  const empty = fields.map((field) =>
    rows.every((row) => row[field] === null || row[field] === undefined),
  );
  const shown = fit(widths, empty, width);
  // One column left and still too wide: it is cut to the width.
  const widthOf = (i: number): number => Math.min(widths[i] ?? 0, width);
  const right = fields.map((field) => isNumberField(rows, field));
  const line = (texts: readonly string[]): string =>
    shown
      .map((i) => {
        const text = clip(texts[i] ?? '', widthOf(i));
        return right[i] ? text.padStart(widthOf(i)) : text.padEnd(widthOf(i));
      })
      .join(GAP)
      .trimEnd() + '\n';
  const text = [header, ...cells].map(line).join('');
  const left = fields.filter((_, i) => !shown.includes(i));
  if (left.length === 0) return { text };
  return {
    text,
    note: `Fields left out to fit ${width} characters: ${left.join(', ')} (--output json or --query shows them).`,
  };
}
