/**
 * Turns the token after an operator into a typed value for a property, or says precisely why
 * it cannot: a missing value, a value of the wrong type, an impossible date.
 */
import type { FilterValue } from './ast';
import { DATE_FORMS, checkDateText } from './dates';
import { FilterSyntaxError, excerpt } from './errors';
import { describeToken, type Token } from './lexer';
import type { ResolvedProperty } from './tables';

const ARTICLE = { string: 'a string', number: 'a number', date: 'a date' } as const;

function isMissing(token: Token): boolean {
  if (token.kind === 'eof' || token.kind === 'punct') return true;
  const upper = token.kind === 'word' ? token.text.toUpperCase() : '';
  return upper === 'AND' || upper === 'OR';
}

function typeHint(property: ResolvedProperty, token: Token): string {
  const { type } = property.spec;
  if (type === 'string' && token.kind !== 'string') {
    return `; write text in double quotes, as in "${excerpt(token.text)}"`;
  }
  if (type === 'number' && token.kind === 'string') return '; write numbers without quotes';
  if (type === 'date') return `; ${DATE_FORMS}`;
  return '';
}

function dateValue(property: ResolvedProperty, token: Token, text: string): FilterValue {
  const check = checkDateText(text);
  if (!check.ok) {
    throw new FilterSyntaxError(
      `Invalid date "${excerpt(text)}" for ${property.name} at position ${token.pos}; ${check.reason}`,
      token.pos,
    );
  }
  return { type: 'date', value: text };
}

/**
 * Reads `token` as a value of `property`'s type. `after` names what the value follows, for the
 * "missing value" message (`after ">="`, `in the IN list`).
 * @throws FilterSyntaxError when the value is missing, of the wrong type or not a real date.
 */
export function readValue(property: ResolvedProperty, token: Token, after: string): FilterValue {
  if (isMissing(token)) {
    throw new FilterSyntaxError(
      `Missing value for ${property.name} ${after} at position ${token.pos}, found ${describeToken(token)}`,
      token.pos,
    );
  }
  const { type } = property.spec;
  if (type === 'number' && token.kind === 'bare') {
    throw new FilterSyntaxError(
      `Invalid number "${excerpt(token.text)}" for ${property.name} at position ${token.pos}`,
      token.pos,
    );
  }
  if (type === 'string' && token.kind === 'string') return { type, value: token.value };
  if (type === 'number' && token.kind === 'number') return { type, value: token.value };
  if (type === 'date' && token.kind === 'bare') return dateValue(property, token, token.text);
  if (type === 'date' && token.kind === 'string') return dateValue(property, token, token.value);
  throw new FilterSyntaxError(
    `Expected ${ARTICLE[type]} for ${property.name} at position ${token.pos}, found ${describeToken(token)}${typeHint(property, token)}`,
    token.pos,
  );
}
