import { fieldsOf, isRow, oneLine, rawCell } from './output-cells';

/*
 * `--output tsv` and `--output csv`: for spreadsheets and scripts. Records are a header row
 * of field names and a line per record, every field of every record (a list or a nested
 * object as its JSON), with raw values: numbers unformatted, times as the service sent them,
 * nothing as an empty cell. A single record is one line under its header; a list of plain
 * values, or a plain value, is one value per line without a header.
 */

/** The two delimited formats. */
export type Delimited = 'tsv' | 'csv';

/**
 * A CSV field per RFC 4180: quoted when it holds a comma, a double quote or a line break,
 * its double quotes doubled.
 */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A TSV field. The format has no quoting: a tab or line break inside a value becomes a
 * space, so that each record stays one line of tab-separated fields.
 */
function tsvField(text: string): string {
  return oneLine(text);
}

// RFC 4180 ends every record with CRLF; TSV (as Unix tools read it) with LF.
const LAYOUT: Record<Delimited, { field: (text: string) => string; sep: string; eol: string }> = {
  tsv: { field: tsvField, sep: '\t', eol: '\n' },
  csv: { field: csvField, sep: ',', eol: '\r\n' },
};

/** The answer as TSV or CSV text. */
export function renderDelimited(value: unknown, format: Delimited): string {
  const { field, sep, eol } = LAYOUT[format];
  if (value === null || value === undefined) return '';
  const line = (texts: readonly string[]): string => texts.map(field).join(sep) + eol;
  const rows: unknown[] = Array.isArray(value) ? value : [value];
  if (!rows.every(isRow)) return rows.map((item) => line([rawCell(item)])).join('');
  if (rows.length === 0) return '';
  const fields = fieldsOf(rows);
  const body = rows.map((row) => line(fields.map((name) => rawCell(row[name]))));
  return [line(fields), ...body].join('');
}
