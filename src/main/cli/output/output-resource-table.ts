import { fieldsOf, humanCell, isNumberField, scalarFieldsOf, type Row } from './output-cells';
import {
  INSTANCE_FIELD,
  MAX_CELL,
  clip,
  type PlannedColumn,
  type ResourceTable,
  type TableColumn,
} from './table-columns';

/*
 * The columns of a list of a resource's records (resource-tables.ts), ready to lay out: those
 * `--columns` chose (after the pinned ones it left out), or all of them, each only when the
 * records carry its field; then, unless `--columns` chose, a column per single-valued field
 * the resource does not know (a newer service's, or one a --query projection named).
 */

/** True when the rows are the resource's records: each carries at least one of its fields. */
function areRecordsOf(rows: readonly Row[], resource: ResourceTable): boolean {
  const known = resource.columns.filter((column) => column.field !== INSTANCE_FIELD);
  return rows.every((row) => known.some((column) => Object.hasOwn(row, column.field)));
}

/** The resource's columns to show, each with the priority it goes by. */
function columnsToShow(
  resource: ResourceTable,
  chosen: readonly TableColumn[] | undefined,
): { column: TableColumn; priority: number }[] {
  if (chosen === undefined) {
    return resource.columns.map((column) => ({ column, priority: column.priority }));
  }
  // The pinned columns stay, first, even when not chosen; what was chosen goes by its order.
  const pinned = resource.columns.filter((column) => column.pinned && !chosen.includes(column));
  return [
    ...pinned.map((column) => ({ column, priority: 0 })),
    ...chosen.map((column, index) => ({ column, priority: index + 1 })),
  ];
}

function planned(
  rows: readonly Row[],
  column: Pick<TableColumn, 'id' | 'header' | 'field' | 'pinned' | 'cell'>,
  priority: number,
  wide: boolean,
): PlannedColumn {
  const { field } = column;
  const text = column.cell ?? ((value: unknown) => humanCell(value, field));
  const max = wide || column.pinned === true ? Number.POSITIVE_INFINITY : MAX_CELL;
  const cells = rows.map((row) => clip(text(row[field]), max));
  return {
    name: column.id,
    header: column.header,
    cells,
    right: isNumberField(rows, field),
    width: Math.max(column.header.length, ...cells.map((cell) => cell.length)),
    empty: rows.every((row) => row[field] === null || row[field] === undefined),
    pinned: column.pinned === true,
    priority,
  };
}

/**
 * The columns of `rows` as records of `resource`, `chosen` by `--columns` or all, every cell
 * whole when `wide`; undefined when they are not its records (a --query reshaped them), for a
 * table of their own fields instead.
 */
export function resourceColumns(
  rows: readonly Row[],
  resource: ResourceTable,
  chosen: readonly TableColumn[] | undefined,
  wide: boolean,
): PlannedColumn[] | undefined {
  if (!areRecordsOf(rows, resource)) return undefined;
  const present = new Set(fieldsOf(rows));
  const shown = columnsToShow(resource, chosen)
    .filter(({ column }) => present.has(column.field))
    .map(({ column, priority }) => planned(rows, column, priority, wide));
  if (chosen !== undefined) return shown;
  const known = new Set(resource.columns.map((column) => column.field));
  const others = scalarFieldsOf(rows)
    .filter((field) => !known.has(field))
    // Unknown to the app: after its own columns, and the first to go.
    .map((field) =>
      planned(rows, { id: field, header: field, field }, Number.MAX_SAFE_INTEGER, wide),
    );
  return [...shown, ...others];
}
