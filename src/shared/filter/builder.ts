/**
 * Small helpers for building filter trees in code, as the UI's filter builder does. They make
 * well-formed trees; `validateFilter` checks them against a table.
 */
import type { Comparison, FilterExpr, FilterValue, InList } from './ast';
import { checkDateText } from './dates';
import { isNumberText } from './lexer';
import {
  allowedOperators,
  findProperty,
  resolveTable,
  type FilterPropertyType,
  type FilterTable,
  type FilterTableName,
  type Operator,
  type OperatorChoice,
} from './tables';

/**
 * A value as code has it: a `FilterValue`, or a plain string (a string value), number (a
 * number value) or `Date` (a date value, as its ISO timestamp). For a date written as text,
 * use `dateValue('2026-01-05')`.
 */
export type FilterValueInput = FilterValue | string | number | Date;

/** A string value. */
export function stringValue(value: string): FilterValue {
  return { type: 'string', value };
}

/** A number value. @throws RangeError for `NaN` or an infinite number. */
export function numberValue(value: number): FilterValue {
  if (!Number.isFinite(value)) throw new RangeError(`A filter number must be finite: ${value}`);
  return { type: 'number', value: value === 0 ? 0 : value };
}

/**
 * A date value from `YYYY-MM-DD`, an ISO timestamp or a `Date` (kept as its ISO timestamp).
 * @throws RangeError for an invalid date, saying why.
 */
export function dateValue(value: string | Date): FilterValue {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new RangeError('Invalid Date');
    return { type: 'date', value: value.toISOString() };
  }
  const check = checkDateText(value);
  if (!check.ok) throw new RangeError(`Invalid date "${value}"; ${check.reason}`);
  return { type: 'date', value };
}

function toValue(input: FilterValueInput): FilterValue {
  if (input instanceof Date) return dateValue(input);
  if (typeof input === 'number') return numberValue(input);
  if (typeof input === 'string') return stringValue(input);
  return input;
}

/** `property operator value`. */
export function cmp(property: string, operator: Operator, value: FilterValueInput): Comparison {
  return { kind: 'comparison', property, operator, value: toValue(value) };
}

/**
 * `property IN (values)`, or `NOT IN` with `negated`.
 * @throws RangeError for an empty list, which the grammar cannot express.
 */
export function inList(
  property: string,
  values: readonly FilterValueInput[],
  negated = false,
): InList {
  if (values.length === 0) throw new RangeError(`The IN list of ${property} needs a value`);
  return { kind: 'in', property, negated, values: values.map(toValue) };
}

function join(kind: 'and' | 'or', operands: readonly FilterExpr[]): FilterExpr {
  // Nested nodes of the same kind are merged: `and(and(a, b), c)` is `a AND b AND c`.
  const flat = operands.flatMap((operand) =>
    operand.kind === kind ? operand.operands : [operand],
  );
  const [only] = flat;
  return flat.length === 1 && only ? only : { kind, operands: flat };
}

/** The operands joined by AND; a single operand is returned as it is. */
export function and(first: FilterExpr, ...rest: FilterExpr[]): FilterExpr {
  return join('and', [first, ...rest]);
}

/** The operands joined by OR; a single operand is returned as it is. */
export function or(first: FilterExpr, ...rest: FilterExpr[]): FilterExpr {
  return join('or', [first, ...rest]);
}

/** ANDs the conditions that are present; `null` (no filter) when none is. */
export function combineAll(
  conditions: readonly (FilterExpr | null | undefined)[],
): FilterExpr | null {
  const present = conditions.filter((condition): condition is FilterExpr => condition != null);
  const [first, ...rest] = present;
  return first === undefined ? null : and(first, ...rest);
}

/** What the builder shows for one property. */
export interface PropertyDescription {
  /** Canonical (camelCase) name. */
  readonly name: string;
  readonly type: FilterPropertyType;
  /** Comparison operators the property allows. */
  readonly operators: readonly Operator[];
  /** Whether IN and NOT IN are allowed. */
  readonly list: boolean;
  /** Everything the operator picker offers: the comparisons, then IN and NOT IN. */
  readonly choices: readonly OperatorChoice[];
}

/** Describes a property (name matched case-insensitively); `undefined` when unknown. */
export function describeProperty(
  table: FilterTable | FilterTableName,
  name: string,
): PropertyDescription | undefined {
  const property = findProperty(resolveTable(table), name);
  if (property === undefined) return undefined;
  const { spec } = property;
  return {
    name: property.name,
    type: spec.type,
    operators: spec.operators,
    list: spec.list,
    choices: allowedOperators(spec),
  };
}

/** The result of reading a form field: the value, or a message for the field. */
export type ValueFromInput = { ok: true; value: FilterValue } | { ok: false; message: string };

/**
 * Reads what a user typed in a value field (no quotes needed) as a value of the property's
 * type: text as it is, a number, or a date (`YYYY-MM-DD` or an ISO timestamp).
 */
export function valueFromInput(
  table: FilterTable | FilterTableName,
  property: string,
  input: string,
): ValueFromInput {
  const found = findProperty(resolveTable(table), property);
  if (found === undefined) return { ok: false, message: `Unknown property "${property}"` };
  const trimmed = input.trim();
  switch (found.spec.type) {
    case 'string':
      return { ok: true, value: stringValue(input) };
    case 'number': {
      const value = Number(trimmed);
      return isNumberText(trimmed) && Number.isFinite(value)
        ? { ok: true, value: numberValue(value) }
        : { ok: false, message: `${found.name} takes a number, such as 42` };
    }
    case 'date': {
      const check = checkDateText(trimmed);
      return check.ok
        ? { ok: true, value: { type: 'date', value: trimmed } }
        : { ok: false, message: `Invalid date for ${found.name}; ${check.reason}` };
    }
  }
}
