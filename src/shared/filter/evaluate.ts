/**
 * Decides whether a row matches a filter tree; the emulator filters archives and sessions
 * with it. The semantics follow SQL Server, which the real service queries:
 *
 * - Strings compare case-insensitively and accent-sensitively, as under the default collation
 *   `SQL_Latin1_General_CP1_CI_AS`: `name = "abc"` matches `ABC`, not `àbc`; `<` and `>` use
 *   the same collation order.
 * - `LIKE` matches the whole value against the pattern, case-insensitively; `*` matches any run
 *   of characters (also none) and every other character stands for itself. `NOT LIKE` is the
 *   negation.
 * - A date-only value (`2026-01-05`) is the whole UTC day: `=` matches any instant of that day,
 *   `>` an instant after the day, `>=` from its start, `<` before its start, `<=` up to its end.
 *   A timestamp is its exact instant (to the millisecond); one without an offset is UTC.
 * - A row value that is missing, `null` or not readable as the compared type matches nothing,
 *   not even `!=`, `NOT LIKE` or `NOT IN` (SQL's NULL semantics).
 *
 * Row values are read by canonical property name. Numbers given as numeric strings, strings
 * given as numbers, and dates given as `Date`, epoch milliseconds or ISO strings are accepted.
 */
import type { FilterExpr, FilterValue } from './ast';
import { checkDateText } from './dates';
import type { Operator } from './tables';

const collator = new Intl.Collator('en', { sensitivity: 'accent', usage: 'sort' });

function readString(actual: unknown): string | undefined {
  if (typeof actual === 'string') return actual;
  return typeof actual === 'number' || typeof actual === 'bigint' ? String(actual) : undefined;
}

function readNumber(actual: unknown): number | undefined {
  if (typeof actual === 'number') return Number.isFinite(actual) ? actual : undefined;
  if (typeof actual !== 'string' || actual.trim() === '') return undefined;
  const value = Number(actual);
  return Number.isFinite(value) ? value : undefined;
}

function readInstant(actual: unknown): number | undefined {
  if (actual instanceof Date) return Number.isNaN(actual.getTime()) ? undefined : actual.getTime();
  if (typeof actual === 'number') return Number.isFinite(actual) ? actual : undefined;
  if (typeof actual !== 'string') return undefined;
  const check = checkDateText(actual);
  if (check.ok) return check.span.startMs;
  const parsed = Date.parse(actual);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** Where the row value lies relative to the filter value: -1 before, 0 at, 1 after. */
function position(actual: unknown, value: FilterValue): number | undefined {
  switch (value.type) {
    case 'string': {
      const text = readString(actual);
      return text === undefined ? undefined : Math.sign(collator.compare(text, value.value));
    }
    case 'number': {
      const number = readNumber(actual);
      return number === undefined ? undefined : Math.sign(number - value.value);
    }
    case 'date': {
      const instant = readInstant(actual);
      const check = checkDateText(value.value);
      if (instant === undefined || !check.ok) return undefined;
      if (instant < check.span.startMs) return -1;
      return instant >= check.span.endMs ? 1 : 0;
    }
  }
}

/**
 * Whether `text` matches a LIKE pattern whose only wildcard is `*`. Greedy matching that
 * backtracks to the last `*` only: linear in practice and never exponential, unlike a
 * regular expression built from the pattern.
 */
export function matchesLike(text: string, pattern: string): boolean {
  const subject = text.toLowerCase();
  const glob = pattern.toLowerCase();
  let t = 0;
  let p = 0;
  let star = -1;
  let resume = 0;
  while (t < subject.length) {
    if (glob[p] === '*') {
      star = p;
      p += 1;
      resume = t;
    } else if (p < glob.length && glob[p] === subject[t]) {
      p += 1;
      t += 1;
    } else if (star >= 0) {
      p = star + 1;
      resume += 1;
      t = resume;
    } else {
      return false;
    }
  }
  while (glob[p] === '*') p += 1;
  return p === glob.length;
}

function compare(actual: unknown, operator: Operator, value: FilterValue): boolean {
  if (operator === 'LIKE' || operator === 'NOT LIKE') {
    const text = readString(actual);
    if (text === undefined || value.type !== 'string') return false;
    return matchesLike(text, value.value) === (operator === 'LIKE');
  }
  const at = position(actual, value);
  if (at === undefined) return false;
  switch (operator) {
    case '=':
      return at === 0;
    case '!=':
      return at !== 0;
    case '>':
      return at > 0;
    case '<':
      return at < 0;
    case '>=':
      return at >= 0;
    case '<=':
      return at <= 0;
  }
}

function isInList(actual: unknown, values: readonly FilterValue[]): boolean | undefined {
  let readable = false;
  for (const value of values) {
    const at = position(actual, value);
    if (at === 0) return true;
    readable ||= at !== undefined;
  }
  return readable ? false : undefined;
}

/**
 * Whether `row` matches the filter; `null` (no filter) matches every row.
 * @param row - an object whose properties are named like the filter's canonical properties.
 */
export function evaluateFilter(expr: FilterExpr | null, row: object): boolean {
  if (expr === null) return true;
  const read = (property: string): unknown => (row as Record<string, unknown>)[property];
  switch (expr.kind) {
    case 'and':
      return expr.operands.every((operand) => evaluateFilter(operand, row));
    case 'or':
      return expr.operands.some((operand) => evaluateFilter(operand, row));
    case 'comparison':
      return compare(read(expr.property), expr.operator, expr.value);
    case 'in': {
      const found = isInList(read(expr.property), expr.values);
      return found === undefined ? false : found !== expr.negated;
    }
  }
}

/** The rows that match the filter, in their order; all of them when `expr` is `null`. */
export function filterRows<T extends object>(expr: FilterExpr | null, rows: readonly T[]): T[] {
  return expr === null ? [...rows] : rows.filter((row) => evaluateFilter(expr, row));
}
