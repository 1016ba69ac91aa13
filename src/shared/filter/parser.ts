/**
 * Recursive-descent parser of the filter grammar (records.md, "Filter grammar"):
 *
 * ```text
 * filter     := or-expr EOF                      (empty text: no filter)
 * or-expr    := and-expr ( OR and-expr )*
 * and-expr   := primary ( AND primary )*         (AND binds tighter than OR)
 * primary    := "(" or-expr ")" | condition
 * condition  := property comparison-operator value
 *             | property [ NOT ] LIKE string
 *             | property [ NOT ] IN "(" value ( "," value )* ")"
 * ```
 *
 * Keywords and property names are case-insensitive; the tree carries canonical names.
 * A chain `a AND b AND c` becomes one node with three operands; a parenthesised group stays a
 * node of its own, so that printing and parsing again gives back the same tree.
 */
import type { FilterExpr, FilterValue } from './ast';
import { FilterSyntaxError, excerpt } from './errors';
import { FilterLexer, describeToken, type Token } from './lexer';
import {
  allowedOperators,
  findProperty,
  resolveTable,
  type FilterTable,
  type FilterTableName,
  type Operator,
  type ResolvedProperty,
} from './tables';
import { readValue } from './values';
import { suggestProperty } from './suggest';

/** Parentheses deeper than this are refused, so hostile input cannot exhaust the stack. */
export const MAX_NESTING = 64;

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'IN', 'LIKE']);

type ParsedOperator =
  | { list: false; operator: Operator; token: Token }
  | { list: true; negated: boolean; token: Token };

function isKeyword(token: Token, keyword: string): boolean {
  return token.kind === 'word' && token.text.toUpperCase() === keyword;
}

function isPunct(token: Token, text: '(' | ')' | ','): boolean {
  return token.kind === 'punct' && token.text === text;
}

class FilterParser {
  constructor(
    private readonly lexer: FilterLexer,
    private readonly table: FilterTable,
  ) {}

  parseAll(): FilterExpr {
    const expr = this.parseOr(0);
    const token = this.lexer.peek();
    if (isPunct(token, ')')) {
      throw new FilterSyntaxError(
        `Unexpected ")" at position ${token.pos}; there is no "(" to close`,
        token.pos,
      );
    }
    if (token.kind !== 'eof') {
      throw new FilterSyntaxError(
        `Extra input at position ${token.pos}: found ${describeToken(token)}, expected AND, OR or the end of the filter`,
        token.pos,
      );
    }
    return expr;
  }

  private parseOr(depth: number): FilterExpr {
    const operands = [this.parseAnd(depth)];
    while (this.takeJoiner('OR')) operands.push(this.parseAnd(depth));
    return operands.length === 1 && operands[0] ? operands[0] : { kind: 'or', operands };
  }

  private parseAnd(depth: number): FilterExpr {
    const operands = [this.parsePrimary(depth)];
    while (this.takeJoiner('AND')) operands.push(this.parsePrimary(depth));
    return operands.length === 1 && operands[0] ? operands[0] : { kind: 'and', operands };
  }

  /** Consumes AND or OR when it comes next; one with nothing after it is an error. */
  private takeJoiner(keyword: 'AND' | 'OR'): boolean {
    const token = this.lexer.peek();
    if (!isKeyword(token, keyword)) return false;
    this.lexer.next();
    if (this.lexer.peek().kind === 'eof') {
      throw new FilterSyntaxError(
        `Unexpected "${keyword}" at end of input, at position ${token.pos}; add a condition after it or remove it`,
        token.pos,
      );
    }
    return true;
  }

  private parsePrimary(depth: number): FilterExpr {
    const open = this.lexer.peek();
    if (!isPunct(open, '(')) return this.parseCondition();
    if (depth >= MAX_NESTING) {
      throw new FilterSyntaxError(
        `Parentheses nested deeper than ${MAX_NESTING} levels at position ${open.pos}`,
        open.pos,
      );
    }
    this.lexer.next();
    const inner = this.parseOr(depth + 1);
    const close = this.lexer.next();
    if (!isPunct(close, ')')) {
      throw new FilterSyntaxError(
        `Expected ")" at position ${close.pos}, found ${describeToken(close)}; it closes the "(" at position ${open.pos}`,
        close.pos,
      );
    }
    return inner;
  }

  private parseCondition(): FilterExpr {
    const property = this.readProperty();
    const parsed = this.readOperator(property);
    if (parsed.list) {
      const values = this.readList(property, parsed.negated ? 'NOT IN' : 'IN');
      return { kind: 'in', property: property.name, negated: parsed.negated, values };
    }
    const value = readValue(property, this.lexer.next(), `after "${parsed.operator}"`);
    return { kind: 'comparison', property: property.name, operator: parsed.operator, value };
  }

  private readProperty(): ResolvedProperty {
    const token = this.lexer.next();
    if (token.kind !== 'word' || KEYWORDS.has(token.text.toUpperCase())) {
      throw new FilterSyntaxError(
        `Expected a property name at position ${token.pos}, found ${describeToken(token)}`,
        token.pos,
      );
    }
    const property = findProperty(this.table, token.text);
    if (property) return property;
    const known = Object.keys(this.table.properties);
    const suggestion = suggestProperty(token.text, known);
    const didYouMean = suggestion === undefined ? '' : ` (did you mean ${suggestion}?)`;
    throw new FilterSyntaxError(
      `Unknown property "${excerpt(token.text)}" at position ${token.pos}${didYouMean}; ${this.table.name} can be filtered by ${known.join(', ')}`,
      token.pos,
    );
  }

  private readOperator(property: ResolvedProperty): ParsedOperator {
    const token = this.lexer.next();
    let parsed: ParsedOperator | undefined;
    if (token.kind === 'op') parsed = { list: false, operator: token.text, token };
    else if (isKeyword(token, 'LIKE')) parsed = { list: false, operator: 'LIKE', token };
    else if (isKeyword(token, 'IN')) parsed = { list: true, negated: false, token };
    else if (isKeyword(token, 'NOT')) parsed = this.readAfterNot(token);
    if (parsed === undefined) {
      throw new FilterSyntaxError(
        `Expected an operator after ${property.name} at position ${token.pos}, found ${describeToken(token)}; ${property.name} allows ${allowedOperators(property.spec).join(', ')}`,
        token.pos,
      );
    }
    checkAllowed(property, parsed);
    return parsed;
  }

  private readAfterNot(not: Token): ParsedOperator {
    const token = this.lexer.next();
    if (isKeyword(token, 'LIKE')) return { list: false, operator: 'NOT LIKE', token: not };
    if (isKeyword(token, 'IN')) return { list: true, negated: true, token: not };
    throw new FilterSyntaxError(
      `Expected LIKE or IN after NOT at position ${token.pos}, found ${describeToken(token)}`,
      token.pos,
    );
  }

  private readList(property: ResolvedProperty, keyword: 'IN' | 'NOT IN'): FilterValue[] {
    const open = this.lexer.next();
    if (!isPunct(open, '(')) {
      throw new FilterSyntaxError(
        `Expected "(" after ${keyword} at position ${open.pos}, found ${describeToken(open)}`,
        open.pos,
      );
    }
    if (isPunct(this.lexer.peek(), ')')) {
      throw new FilterSyntaxError(
        `Empty ${keyword} list for ${property.name} at position ${open.pos}; give at least one value`,
        open.pos,
      );
    }
    const values: FilterValue[] = [];
    for (;;) {
      values.push(readValue(property, this.lexer.next(), `in the ${keyword} list`));
      const separator = this.lexer.next();
      if (isPunct(separator, ')')) return values;
      if (!isPunct(separator, ',')) {
        throw new FilterSyntaxError(
          `Expected "," or ")" in the ${keyword} list at position ${separator.pos}, found ${describeToken(separator)}`,
          separator.pos,
        );
      }
    }
  }
}

function checkAllowed(property: ResolvedProperty, parsed: ParsedOperator): void {
  const { spec, name } = property;
  const allowed = parsed.list ? spec.list : spec.operators.includes(parsed.operator);
  if (allowed) return;
  const shown = parsed.list ? (parsed.negated ? 'NOT IN' : 'IN') : parsed.operator;
  const position = parsed.token.pos;
  throw new FilterSyntaxError(
    `Operator ${shown} is not allowed for ${name} (${spec.type}) at position ${position}; ${name} allows ${allowedOperators(spec).join(', ')}`,
    position,
  );
}

/**
 * Parses filter text against the properties of one list. Empty or whitespace-only text means
 * "no filter" and gives `null`.
 * @param table - the property table, or its name (`'archives'`, `'sessions'`).
 * @throws FilterSyntaxError naming the problem and its 0-based position.
 */
export function parseFilter(text: string, table: FilterTable | FilterTableName): FilterExpr | null {
  const lexer = new FilterLexer(text);
  if (lexer.peek().kind === 'eof') return null;
  return new FilterParser(lexer, resolveTable(table)).parseAll();
}

/** The outcome of `tryParseFilter`: the tree (`null` for no filter) or the problem. */
export type FilterParseResult =
  | { ok: true; expr: FilterExpr | null }
  | { ok: false; error: { message: string; position: number } };

/** Like `parseFilter`, but returns the problem as data instead of throwing, for the UI. */
export function tryParseFilter(
  text: string,
  table: FilterTable | FilterTableName,
): FilterParseResult {
  try {
    return { ok: true, expr: parseFilter(text, table) };
  } catch (error) {
    if (!(error instanceof FilterSyntaxError)) throw error;
    return { ok: false, error: { message: error.message, position: error.position } };
  }
}
