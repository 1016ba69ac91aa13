import { suggestProperty } from '../../../shared/filter/suggest';
import { UsageError } from '../args/operation-args';

/*
 * The columns of a resource's table (resource-tables.ts declares them, one list per kind of
 * record), how `--columns` names them, and the rule that fits a table to the terminal's width.
 *
 * A column that names the row (the instance and the database's name, a job's id, a session
 * and the session blocking it) is pinned: it is never left out to fit, since a row that does
 * not say what it is cannot be acted on (`jobs wait` needs the job's id, a kill needs the
 * session). The other columns go, when the table is too wide, in the order their priority
 * says.
 */

/** The field `--all-instances` adds to every record (commands/across-instances.ts). */
export const INSTANCE_FIELD = 'instanceName';

/**
 * One column of a resource's table. `F` names the fields of its record (the keys of the
 * record's schema), so that a misspelt field does not compile.
 */
export interface TableColumn<F extends string = string> {
  /** The name `--columns` takes: the header in lower case, words joined by `-`. */
  readonly id: string;
  /** The header a person reads; the unit in it when the cells do not carry one. */
  readonly header: string;
  /** The record's field it shows. */
  readonly field: F | typeof INSTANCE_FIELD;
  /** It names the row: never left out to fit. */
  readonly pinned?: boolean;
  /** 1 is kept longest; of the columns that do not fit, the highest number goes first. */
  readonly priority: number;
  /** The cell's text for a person; default: as output-cells' humanCell writes the field. */
  readonly cell?: (value: unknown) => string;
}

/** The table of one kind of record. */
export interface ResourceTable {
  /** The command that lists them, for messages: `databases list`. */
  readonly command: string;
  /** In the order they are shown. */
  readonly columns: readonly TableColumn[];
}

/** The column of `--all-instances`: the instance each record comes from. */
export const INSTANCE_COLUMN: TableColumn<never> = {
  id: 'instance',
  header: 'Instance',
  field: INSTANCE_FIELD,
  pinned: true,
  priority: 0,
};

/** What a record's zod object schema offers: its fields. */
interface RecordSchema {
  readonly shape: Readonly<Record<string, unknown>>;
}

/**
 * A resource's table: columns of the fields of the record schema `S` (the type of the schema
 * the service's answer is read with), so that a column of a field it lacks does not compile.
 */
export function resourceTable<S extends RecordSchema>(
  command: string,
  columns: readonly TableColumn<keyof S['shape'] & string>[],
): ResourceTable {
  return { command, columns };
}

const key = (name: string): string => name.trim().toLowerCase();

/**
 * The columns `names` (from `--columns a,b,c`) choose, in that order: each by its id or its
 * field's name, in any letter case. Throws a UsageError for a name that is no column of the
 * table, with the nearest one and the whole list.
 */
export function chooseColumns(table: ResourceTable, names: readonly string[]): TableColumn[] {
  const chosen: TableColumn[] = [];
  for (const name of names) {
    const found = table.columns.find(
      (column) => key(column.id) === key(name) || key(column.field) === key(name),
    );
    if (found === undefined) {
      const ids = table.columns.map((column) => column.id);
      const near = suggestProperty(name, ids);
      const hint = near === undefined ? '' : ` Did you mean "${near}"?`;
      throw new UsageError(
        `--columns: "${name}" is not a column of ${table.command}.${hint} Its columns: ${ids.join(', ')}.`,
      );
    }
    if (!chosen.includes(found)) chosen.push(found);
  }
  return chosen;
}

/** The longest cell of a list, in characters, before it is cut (a pinned cell never is). */
export const MAX_CELL = 40;

/** `text` cut to `max` characters, its last one "…" when something was cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  return max <= 1 ? '…'.slice(0, max) : `${text.slice(0, max - 1)}…`;
}

/** What the fitting rule reads of a column. */
export interface FitColumn {
  /** Its width in characters: the widest of its header and cells. */
  readonly width: number;
  /** No row has a value in it. */
  readonly empty: boolean;
  /** Never left out. */
  readonly pinned: boolean;
  /** Of the columns that may go, the highest goes first. */
  readonly priority: number;
}

/** A column ready to lay out: its texts, and what the fitting rule reads. */
export interface PlannedColumn extends FitColumn {
  /** What the note on stderr calls it when it is left out. */
  readonly name: string;
  readonly header: string;
  readonly cells: readonly string[];
  /** Numbers are aligned to the right. */
  readonly right: boolean;
}

/** The width of the columns at `shown` side by side, `gap` characters between two. */
function widthOf(columns: readonly FitColumn[], shown: readonly number[], gap: number): number {
  return shown.reduce((sum, i) => sum + (columns[i]?.width ?? 0), 0) + gap * (shown.length - 1);
}

/**
 * The indexes of the columns that stay so that the table is at most `width` characters wide:
 * while it is wider, a column that is not pinned goes, first one with no value in any row,
 * then the highest priority, then the later. Pinned columns all stay, even when they alone
 * are wider (the terminal wraps the line rather than the table lose what names its rows).
 */
export function fitColumns(columns: readonly FitColumn[], width: number, gap: number): number[] {
  let shown = columns.map((_, index) => index);
  const goesBefore = (a: FitColumn, b: FitColumn): boolean =>
    a.empty !== b.empty ? a.empty : a.priority >= b.priority;
  while (widthOf(columns, shown, gap) > width) {
    let drop: number | undefined;
    for (const index of shown) {
      const column = columns[index];
      if (column === undefined || column.pinned) continue;
      const current = drop === undefined ? undefined : columns[drop];
      if (current === undefined || goesBefore(column, current)) drop = index;
    }
    if (drop === undefined) break;
    shown = shown.filter((index) => index !== drop);
  }
  return shown;
}
