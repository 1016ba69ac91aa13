/**
 * Checks a filter tree against a property table. The parser already guarantees all of this
 * for the trees it makes; this is for trees built in code or received over IPC (after
 * `FilterExprSchema` has checked their shape).
 */
import type { FilterExpr, FilterValue } from './ast';
import { checkDateText } from './dates';
import {
  allowedOperators,
  findProperty,
  resolveTable,
  type FilterTable,
  type FilterTableName,
  type ResolvedProperty,
} from './tables';

function propertyProblem(table: FilterTable, name: string): string | ResolvedProperty {
  const property = findProperty(table, name);
  if (property === undefined) {
    const known = Object.keys(table.properties).join(', ');
    return `Unknown property "${name}"; ${table.name} can be filtered by ${known}`;
  }
  if (property.name !== name) return `Property "${name}" must be written ${property.name}`;
  return property;
}

function valueProblem(property: ResolvedProperty, value: FilterValue): string | undefined {
  const { name, spec } = property;
  if (value.type !== spec.type) return `${name} takes a ${spec.type}, not a ${value.type}`;
  if (value.type === 'number' && !Number.isFinite(value.value)) {
    return `${name} takes a finite number, not ${value.value}`;
  }
  if (value.type === 'date') {
    const check = checkDateText(value.value);
    if (!check.ok) return `Invalid date "${value.value}" for ${name}; ${check.reason}`;
  }
  return undefined;
}

function operatorProblem(property: ResolvedProperty, expr: FilterExpr): string | undefined {
  const { name, spec } = property;
  const shown = expr.kind === 'in' ? (expr.negated ? 'NOT IN' : 'IN') : undefined;
  const allowed =
    expr.kind === 'in'
      ? spec.list
      : expr.kind === 'comparison' && spec.operators.includes(expr.operator);
  if (allowed) return undefined;
  const operator = shown ?? (expr.kind === 'comparison' ? expr.operator : expr.kind);
  return `Operator ${operator} is not allowed for ${name} (${spec.type}); ${name} allows ${allowedOperators(spec).join(', ')}`;
}

function collect(expr: FilterExpr, table: FilterTable, problems: string[]): void {
  if (expr.kind === 'and' || expr.kind === 'or') {
    if (expr.operands.length < 2) {
      problems.push(`${expr.kind.toUpperCase()} needs at least two operands`);
    }
    for (const operand of expr.operands) collect(operand, table, problems);
    return;
  }
  const property = propertyProblem(table, expr.property);
  if (typeof property === 'string') {
    problems.push(property);
    return;
  }
  const operator = operatorProblem(property, expr);
  if (operator !== undefined) problems.push(operator);
  const values = expr.kind === 'in' ? expr.values : [expr.value];
  if (values.length === 0) problems.push(`The IN list of ${property.name} is empty`);
  for (const value of values) {
    const problem = valueProblem(property, value);
    if (problem !== undefined) problems.push(problem);
  }
}

/**
 * Lists what is wrong with a filter tree for a table: unknown or non-canonical property names,
 * operators the property does not allow, values of the wrong type, impossible dates, empty IN
 * lists, AND/OR nodes with fewer than two operands. An empty list means the tree is valid, and
 * then `printFilter` gives text that `parseFilter` reads back as the same tree.
 */
export function validateFilter(
  expr: FilterExpr | null,
  table: FilterTable | FilterTableName,
): string[] {
  const problems: string[] = [];
  if (expr !== null) collect(expr, resolveTable(table), problems);
  return problems;
}
