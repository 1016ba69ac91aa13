import { formatDuration } from '../../../shared/format/durations';
import { formatDateTime } from '../../../shared/format/times';
import { NO_VALUE, formatSize, formatSizeMiB, formatSpeed } from '../../../shared/format/units';

/*
 * The values of an answer as cells: written as the app writes them for a person (a table),
 * or raw for a spreadsheet or a script (tsv, csv). What a field holds is read from its name,
 * as the service's records name them: `sizeInMb`, `totalDiskSpaceInMb` (SQL Server's
 * megabytes, which are MiB), `totalBytes`, `throughputBps`, `etaSeconds`; and from its value:
 * an ISO date and time.
 */

/** A JSON object (not an array). */
export type Row = Record<string, unknown>;

/** True for a JSON object that is not an array. */
export function isRow(value: unknown): value is Row {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** True for what fits a cell as it is: text, a number, true or false, or nothing. */
function isScalar(value: unknown): boolean {
  return value === null || value === undefined || typeof value !== 'object';
}

/** A date and time as the service writes them: `2026-11-27T14:03:05.123Z`, offset optional. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** How a number field reads for a person, by its name; undefined when it is a plain number. */
function numberByName(field: string, value: number): string | undefined {
  if (/InMb$/.test(field)) return formatSizeMiB(value);
  if (/(^b|B)ytes$/.test(field)) return formatSize(value);
  if (/Bps$/.test(field)) return formatSpeed(value);
  if (/Ms$/.test(field)) return formatDuration(value);
  if (/Seconds$/.test(field)) return formatDuration(value * 1000);
  return undefined;
}

/** A value as a person reads it in a table (`field` is its name, when it has one). */
export function humanCell(value: unknown, field = ''): string {
  if (value === null || value === undefined) return NO_VALUE;
  if (typeof value === 'number') return numberByName(field, value) ?? String(value);
  if (typeof value === 'string') {
    return ISO_DATE_TIME.test(value) ? formatDateTime(value) : oneLine(value);
  }
  if (typeof value === 'boolean') return String(value);
  return oneLine(JSON.stringify(value) ?? '');
}

/** A value as a spreadsheet reads it: numbers and times unchanged, nothing as empty text. */
export function rawCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** Line breaks and tabs as spaces, so one value stays on its line of the table. */
export function oneLine(text: string): string {
  return text.replace(/[\t\r\n]+/g, ' ');
}

/** Every field of the rows, in the order they first appear. */
export function fieldsOf(rows: readonly Row[]): string[] {
  const fields = new Set<string>();
  for (const row of rows) for (const field of Object.keys(row)) fields.add(field);
  return [...fields];
}

/**
 * The fields of the rows that a table shows: those that hold a single value in every row.
 * Lists and nested objects (a database's groups) do not fit a cell; `--output json` or
 * `--query` shows them.
 */
export function scalarFieldsOf(rows: readonly Row[]): string[] {
  return fieldsOf(rows).filter((field) => rows.every((row) => isScalar(row[field])));
}

/** True when every value of the field that is there is a number (aligned to the right). */
export function isNumberField(rows: readonly Row[], field: string): boolean {
  const values = rows.map((row) => row[field]).filter((v) => v !== null && v !== undefined);
  return values.length > 0 && values.every((value) => typeof value === 'number');
}
