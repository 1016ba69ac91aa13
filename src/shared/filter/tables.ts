/**
 * The filterable properties of the archive list and the session list, as data.
 *
 * These are exactly the interface's tables ("Filterable archive properties" and "Filterable
 * session properties"). `LIKE` in the interface's "Comparisons" column brings `NOT LIKE` with it
 * (records.md, "Filter grammar"); `IN` in the "List" column brings `NOT IN`.
 */

/** Every comparison operator of the grammar; `IN` and `NOT IN` are list forms, not in here. */
export const OPERATORS = ['=', '!=', '>', '<', '>=', '<=', 'LIKE', 'NOT LIKE'] as const;

/** A comparison operator: `property operator value`. */
export type Operator = (typeof OPERATORS)[number];

/** Anything that can follow a property: a comparison operator or a list form. */
export type OperatorChoice = Operator | 'IN' | 'NOT IN';

/** Whether an operator choice takes a list of values (`IN`, `NOT IN`). */
export function isListOperator(operator: OperatorChoice): operator is 'IN' | 'NOT IN' {
  return operator === 'IN' || operator === 'NOT IN';
}

/** The value type of a filterable property. */
export type FilterPropertyType = 'string' | 'number' | 'date';

/** What the grammar allows for one property. */
export interface FilterPropertySpec {
  /** The type a value written for this property must have. */
  readonly type: FilterPropertyType;
  /** The comparison operators the property allows. */
  readonly operators: readonly Operator[];
  /** Whether `IN (...)` and `NOT IN (...)` are allowed. */
  readonly list: boolean;
}

/** The name of a filterable list. */
export type FilterTableName = 'archives' | 'sessions';

/** The filterable properties of one list, keyed by canonical (camelCase) property name. */
export interface FilterTable {
  /** Which list this table filters; used in messages ("archives can be filtered by ..."). */
  readonly name: FilterTableName;
  readonly properties: Readonly<Record<string, FilterPropertySpec>>;
}

const ORDERED = ['=', '!=', '>', '<', '>=', '<='] as const satisfies readonly Operator[];
const ORDERED_AND_LIKE = [...ORDERED, 'LIKE', 'NOT LIKE'] as const satisfies readonly Operator[];
const EQUALITY = ['=', '!='] as const satisfies readonly Operator[];

/** Filterable archive properties (query `filter` of list archives). */
export const ARCHIVE_FILTER_PROPERTIES = {
  archiveId: { type: 'string', operators: ORDERED, list: true },
  name: { type: 'string', operators: ORDERED_AND_LIKE, list: true },
  sizeInMb: { type: 'number', operators: ORDERED, list: true },
  createDate: { type: 'date', operators: ORDERED, list: true },
  expiryDate: { type: 'date', operators: ORDERED, list: true },
  createdBy: { type: 'string', operators: ORDERED_AND_LIKE, list: true },
  storageTypeId: { type: 'number', operators: ORDERED, list: true },
} as const satisfies Record<string, FilterPropertySpec>;

/** Filterable session properties (query `filter` of list sessions by server). */
export const SESSION_FILTER_PROPERTIES = {
  blockingSessionId: { type: 'number', operators: ORDERED, list: true },
  databaseName: { type: 'string', operators: ORDERED_AND_LIKE, list: true },
  hostName: { type: 'string', operators: ORDERED_AND_LIKE, list: true },
  loginName: { type: 'string', operators: ORDERED_AND_LIKE, list: true },
  programName: { type: 'string', operators: ORDERED_AND_LIKE, list: true },
  sessionId: { type: 'number', operators: ORDERED, list: true },
  status: { type: 'string', operators: EQUALITY, list: true },
} as const satisfies Record<string, FilterPropertySpec>;

/** Both filter tables, by list name. */
export const filterTables = {
  archives: { name: 'archives', properties: ARCHIVE_FILTER_PROPERTIES },
  sessions: { name: 'sessions', properties: SESSION_FILTER_PROPERTIES },
} as const satisfies Record<FilterTableName, FilterTable>;

/** A property found in a table: its canonical name and what it allows. */
export interface ResolvedProperty {
  readonly name: string;
  readonly spec: FilterPropertySpec;
}

/** Accepts a table or its name, so callers can write `parseFilter(text, 'archives')`. */
export function resolveTable(table: FilterTable | FilterTableName): FilterTable {
  return typeof table === 'string' ? filterTables[table] : table;
}

/**
 * Finds a property by name, case-insensitively (`SIZEINMB` finds `sizeInMb`), and returns it
 * under its canonical name. Returns `undefined` for an unknown name.
 */
export function findProperty(table: FilterTable, name: string): ResolvedProperty | undefined {
  const wanted = name.toLowerCase();
  for (const [canonical, spec] of Object.entries(table.properties)) {
    if (canonical.toLowerCase() === wanted) return { name: canonical, spec };
  }
  return undefined;
}

/** Every operator the property allows, list forms included, in display order. */
export function allowedOperators(spec: FilterPropertySpec): OperatorChoice[] {
  return spec.list ? [...spec.operators, 'IN', 'NOT IN'] : [...spec.operators];
}
