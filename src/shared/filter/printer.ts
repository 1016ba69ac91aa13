/**
 * Prints a filter tree as canonical text: upper-case keywords, canonical property names,
 * strings in double quotes with `\"` and `\\` escapes, date-only values bare and timestamps
 * quoted, single spaces, and only the parentheses the tree needs.
 *
 * Parentheses: an AND or OR operand of an AND, and an OR operand of an OR, are parenthesised;
 * an AND operand of an OR is not (AND binds tighter). The parser keeps a parenthesised group as
 * its own node, so `parseFilter(printFilter(e))` deep-equals `e` for every valid tree.
 */
import type { FilterExpr, FilterValue } from './ast';
import { isDateOnlyText } from './dates';

function quote(text: string): string {
  return `"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/**
 * Prints one value. Numbers use JavaScript's shortest round-trip form (which may have an
 * exponent, `1e-7`; the lexer reads that back).
 */
export function printValue(value: FilterValue): string {
  switch (value.type) {
    case 'string':
      return quote(value.value);
    case 'number':
      return String(value.value);
    case 'date':
      return isDateOnlyText(value.value) ? value.value : quote(value.value);
  }
}

function needsParentheses(parent: 'and' | 'or', child: FilterExpr): boolean {
  if (child.kind === 'or') return true;
  return child.kind === 'and' && parent === 'and';
}

/** Prints a filter tree; `null` (no filter) prints as the empty string. */
export function printFilter(expr: FilterExpr | null): string {
  if (expr === null) return '';
  switch (expr.kind) {
    case 'comparison':
      return `${expr.property} ${expr.operator} ${printValue(expr.value)}`;
    case 'in': {
      const keyword = expr.negated ? 'NOT IN' : 'IN';
      return `${expr.property} ${keyword} (${expr.values.map(printValue).join(', ')})`;
    }
    case 'and':
    case 'or': {
      const parent = expr.kind;
      const parts = expr.operands.map((operand) => {
        const text = printFilter(operand);
        return needsParentheses(parent, operand) ? `(${text})` : text;
      });
      return parts.join(parent === 'and' ? ' AND ' : ' OR ');
    }
  }
}
