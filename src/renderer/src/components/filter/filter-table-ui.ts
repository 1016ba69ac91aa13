/**
 * How the filter builder presents each filter table. The grammar itself (properties, their
 * types and operators) comes from the contract's tables in `shared/filter`; what is here is
 * only what the user sees: labels, hints, pick lists, the row a new condition starts as, and
 * the test ids each view has always had.
 */
import { SESSION_STATUSES, StorageTypeId } from '@shared/contract/enums';
import { STORAGE_TYPE_ID_LABELS } from '@shared/format/enum-labels';
import { describeProperty } from '@shared/filter/builder';
import {
  filterTables,
  type FilterPropertyType,
  type FilterTableName,
  type OperatorChoice,
} from '@shared/filter/tables';
import type { FilterConditionDraft } from '@renderer/composables/use-filter-builder';

/** A select's option (a type alias: naive-ui's options want an index signature). */
export type FilterOption = { label: string; value: string };

/**
 * The options of a numeric code: its name with the code beside it (`Temporary (0)`), so the
 * user picks by name and still learns what the filter text will say (`storageTypeId = 0`).
 */
function codeOptions(
  codes: readonly number[],
  labels: Readonly<Record<number, string>>,
): FilterOption[] {
  return codes.map((code) => ({ label: `${labels[code] ?? code} (${code})`, value: String(code) }));
}

/** The presentation of one filter table. */
export interface FilterTableUi {
  /** The filter text's placeholder: an example written with the table's own properties. */
  readonly textPlaceholder: string;
  /** The row "Add condition" adds. */
  readonly defaultCondition: FilterConditionDraft;
  /** Labels of the properties not shown by their name. */
  readonly labels: Readonly<Record<string, string>>;
  /** Said after a value's placeholder (e.g. what the codes of a number mean). */
  readonly hints: Readonly<Record<string, string>>;
  /** Properties whose values are a closed set, picked from a list instead of typed. */
  readonly pickLists: Readonly<Record<string, readonly FilterOption[]>>;
  /** The builder's own test id. */
  readonly testId: string;
  /** The prefix of its parts' test ids: `${prefix}-text`, `${prefix}-condition`, ... */
  readonly testIdPrefix: string;
}

/** Each table's presentation, by table name. */
export const FILTER_TABLE_UI: Readonly<Record<FilterTableName, FilterTableUi>> = {
  archives: {
    textPlaceholder: 'Filter text, e.g. name LIKE "Sales*" AND storageTypeId = 1',
    defaultCondition: { property: 'name', operator: 'LIKE', value: '', values: [] },
    labels: {},
    hints: {},
    pickLists: { storageTypeId: codeOptions(Object.values(StorageTypeId), STORAGE_TYPE_ID_LABELS) },
    testId: 'filter-builder',
    testIdPrefix: 'filter',
  },
  sessions: {
    textPlaceholder: 'Filter, e.g. loginName = "etl_loader" AND status != "sleeping"',
    defaultCondition: { property: 'loginName', operator: '=', value: '', values: [] },
    labels: {
      blockingSessionId: 'Blocked by (spid)',
      databaseName: 'Database',
      hostName: 'Host',
      loginName: 'Login',
      programName: 'Program',
      sessionId: 'SPID',
      status: 'Status',
    },
    hints: {},
    pickLists: { status: SESSION_STATUSES.map((status) => ({ label: status, value: status })) },
    testId: 'session-filter',
    testIdPrefix: 'session-filter',
  },
};

const PLACEHOLDERS: Readonly<Record<FilterPropertyType, string>> = {
  string: 'Text (* is a wildcard with LIKE)',
  number: 'A number',
  date: 'YYYY-MM-DD or an ISO timestamp',
};

/** What a property is called in the builder. */
export function propertyLabel(table: FilterTableName, property: string): string {
  return FILTER_TABLE_UI[table].labels[property] ?? property;
}

/** Every filterable property of the table, in the contract's order. */
export function propertyOptions(table: FilterTableName): FilterOption[] {
  return Object.keys(filterTables[table].properties).map((name) => ({
    label: propertyLabel(table, name),
    value: name,
  }));
}

/** The operators the property allows, list forms included; none for an unknown property. */
export function operatorOptions(table: FilterTableName, property: string): FilterOption[] {
  const choices = describeProperty(table, property)?.choices ?? [];
  return choices.map((choice) => ({ label: choice, value: choice }));
}

/** The values to pick from, when the property's values are a closed set. */
export function pickOptions(table: FilterTableName, property: string): FilterOption[] | undefined {
  const options = FILTER_TABLE_UI[table].pickLists[property];
  return options?.map((option) => ({ ...option }));
}

/** The placeholder of a typed value: what its type takes, and the property's own hint. */
export function valuePlaceholder(table: FilterTableName, property: string): string {
  const type = describeProperty(table, property)?.type ?? 'string';
  return `${PLACEHOLDERS[type]}${FILTER_TABLE_UI[table].hints[property] ?? ''}`;
}

/**
 * The change to a row when its property is changed: the operator stays when the new property
 * allows it (else its first operator), and so does a typed value, which the row then checks
 * against the new type. A value picked from a list means nothing to another property, so
 * when either side is a pick list the row starts empty.
 */
export function propertyChange(
  table: FilterTableName,
  condition: FilterConditionDraft,
  property: string,
): Partial<FilterConditionDraft> {
  const choices = describeProperty(table, property)?.choices ?? [];
  const operator: OperatorChoice = choices.includes(condition.operator)
    ? condition.operator
    : (choices[0] ?? '=');
  const picks = FILTER_TABLE_UI[table].pickLists;
  const isPicked = (name: string): boolean => picks[name] !== undefined;
  if (isPicked(condition.property) || isPicked(property)) {
    return { property, operator, value: '', values: [] };
  }
  return { property, operator };
}
