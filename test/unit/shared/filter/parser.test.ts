import { describe, expect, it } from 'vitest';
import type { Comparison, FilterExpr } from '../../../../src/shared/filter/ast';
import { FilterSyntaxError } from '../../../../src/shared/filter/errors';
import { MAX_NESTING, parseFilter, tryParseFilter } from '../../../../src/shared/filter/parser';

const a = (text: string): FilterExpr | null => parseFilter(text, 'archives');
const s = (text: string): FilterExpr | null => parseFilter(text, 'sessions');

function num(property: string, operator: Comparison['operator'], value: number): Comparison {
  return { kind: 'comparison', property, operator, value: { type: 'number', value } };
}

const A = num('sizeInMb', '=', 1);
const B = num('sizeInMb', '=', 2);
const C = num('sizeInMb', '=', 3);
const D = num('sizeInMb', '=', 4);

describe('parseFilter: empty input', () => {
  it('gives null for empty or whitespace-only text', () => {
    expect(a('')).toBeNull();
    expect(a('  \t\n ')).toBeNull();
    expect(tryParseFilter('   ', 'sessions')).toEqual({ ok: true, expr: null });
  });
});

describe('parseFilter: AND, OR and parentheses', () => {
  it('binds AND tighter than OR', () => {
    const expected = { kind: 'or', operands: [A, { kind: 'and', operands: [B, C] }] };
    expect(a('sizeInMb = 1 OR sizeInMb = 2 AND sizeInMb = 3')).toEqual(expected);
    expect(a('sizeInMb = 2 AND sizeInMb = 3 OR sizeInMb = 1')).toEqual({
      kind: 'or',
      operands: [{ kind: 'and', operands: [B, C] }, A],
    });
  });

  it('lets parentheses override precedence', () => {
    expect(a('(sizeInMb = 1 OR sizeInMb = 2) AND sizeInMb = 3')).toEqual({
      kind: 'and',
      operands: [{ kind: 'or', operands: [A, B] }, C],
    });
  });

  it('keeps a chain of one connective as one node', () => {
    expect(a('sizeInMb = 1 AND sizeInMb = 2 AND sizeInMb = 3')).toEqual({
      kind: 'and',
      operands: [A, B, C],
    });
    expect(a('sizeInMb = 1 OR sizeInMb = 2 OR sizeInMb = 3 OR sizeInMb = 4')).toEqual({
      kind: 'or',
      operands: [A, B, C, D],
    });
  });

  it('keeps a parenthesised group as its own node', () => {
    expect(a('(sizeInMb = 1 AND sizeInMb = 2) AND sizeInMb = 3')).toEqual({
      kind: 'and',
      operands: [{ kind: 'and', operands: [A, B] }, C],
    });
  });

  it('parses nested groups', () => {
    const text = '((sizeInMb = 1 OR (sizeInMb = 2 AND (sizeInMb = 3 OR sizeInMb = 4))))';
    expect(a(text)).toEqual({
      kind: 'or',
      operands: [A, { kind: 'and', operands: [B, { kind: 'or', operands: [C, D] }] }],
    });
  });

  it('drops redundant parentheses around one condition', () => {
    expect(a('(((sizeInMb = 1)))')).toEqual(A);
  });

  it('refuses nesting deeper than the limit', () => {
    const deep = `${'('.repeat(MAX_NESTING + 1)}sizeInMb = 1${')'.repeat(MAX_NESTING + 1)}`;
    expect(tryParseFilter(deep, 'archives')).toEqual({
      ok: false,
      error: {
        position: MAX_NESTING,
        message: `Parentheses nested deeper than ${MAX_NESTING} levels at position ${MAX_NESTING}`,
      },
    });
    const fine = `${'('.repeat(MAX_NESTING)}sizeInMb = 1${')'.repeat(MAX_NESTING)}`;
    expect(a(fine)).toEqual(A);
  });
});

describe('parseFilter: case and spacing', () => {
  it('matches keywords case-insensitively', () => {
    expect(a('sizeInMb = 1 or sizeInMb = 2 And sizeInMb = 3')).toEqual(
      a('sizeInMb = 1 OR sizeInMb = 2 AND sizeInMb = 3'),
    );
    expect(a('name not like "x*"')).toEqual(a('name NOT LIKE "x*"'));
    expect(a('sizeInMb nOt In (1)')).toEqual(a('sizeInMb NOT IN (1)'));
    expect(a('name Like "x"')).toMatchObject({ operator: 'LIKE' });
  });

  it('matches property names case-insensitively and keeps the canonical name', () => {
    expect(a('SIZEINMB = 1')).toEqual(A);
    expect(s('blockingsessionid > 0')).toEqual(num('blockingSessionId', '>', 0));
  });

  it('needs no spaces around operators and punctuation', () => {
    expect(a('(sizeInMb=1)OR(sizeInMb>=2)')).toEqual({
      kind: 'or',
      operands: [A, num('sizeInMb', '>=', 2)],
    });
    expect(a('sizeInMb IN(1,2)')).toEqual(a('sizeInMb IN ( 1 , 2 )'));
  });

  it('accepts any whitespace', () => {
    expect(a('\tsizeInMb\n=\r\n1 ')).toEqual(A);
  });
});

describe('parseFilter: values', () => {
  it('reads strings with \\" and \\\\ escapes', () => {
    expect(a('name = "say \\"hi\\" C:\\\\dir"')).toMatchObject({
      value: { type: 'string', value: 'say "hi" C:\\dir' },
    });
    expect(a('name = ""')).toMatchObject({ value: { type: 'string', value: '' } });
    expect(a('name = "AND OR ( ) , = *"')).toMatchObject({
      value: { type: 'string', value: 'AND OR ( ) , = *' },
    });
    expect(a('name = "ünïcødé 🚀"')).toMatchObject({ value: { value: 'ünïcødé 🚀' } });
  });

  it('reads integers, decimals and negative numbers', () => {
    expect(a('sizeInMb = 0')).toEqual(num('sizeInMb', '=', 0));
    expect(a('sizeInMb > -5')).toEqual(num('sizeInMb', '>', -5));
    expect(a('sizeInMb <= 10.25')).toEqual(num('sizeInMb', '<=', 10.25));
    expect(a('sizeInMb >=-0.5')).toEqual(num('sizeInMb', '>=', -0.5));
    expect(a('sizeInMb = -0')).toEqual(num('sizeInMb', '=', 0));
    expect(a('sizeInMb = 1e-7')).toEqual(num('sizeInMb', '=', 1e-7));
  });

  it('reads bare and quoted dates, date-only and full ISO', () => {
    const forms = [
      '2026-01-05',
      '"2026-01-05"',
      '2026-01-05T10:00:00Z',
      '"2026-01-05T10:00:00Z"',
      '"2026-01-05T10:00:00.123Z"',
      '"2026-01-05T10:00:00+02:00"',
      '"2026-01-05T10:00:00-05:30"',
      '"2026-01-05T10:00"',
      '"2026-01-05T10:00:00.000"',
      '"2024-02-29"',
    ];
    for (const form of forms) {
      const value = form.replaceAll('"', '');
      expect(a(`createDate >= ${form}`)).toEqual({
        kind: 'comparison',
        property: 'createDate',
        operator: '>=',
        value: { type: 'date', value },
      });
    }
  });

  it('reads IN lists of numbers, strings and dates', () => {
    expect(a('sizeInMb IN (1, 2, -3.5)')).toEqual({
      kind: 'in',
      property: 'sizeInMb',
      negated: false,
      values: [1, 2, -3.5].map((value) => ({ type: 'number', value })),
    });
    expect(s('status NOT IN ("sleeping", "background")')).toEqual({
      kind: 'in',
      property: 'status',
      negated: true,
      values: [
        { type: 'string', value: 'sleeping' },
        { type: 'string', value: 'background' },
      ],
    });
    expect(a('expiryDate IN (2026-01-05, "2026-02-01T00:00:00Z")')).toMatchObject({
      values: [
        { type: 'date', value: '2026-01-05' },
        { type: 'date', value: '2026-02-01T00:00:00Z' },
      ],
    });
  });
});

describe('tryParseFilter', () => {
  it('returns the tree when the text is valid', () => {
    expect(tryParseFilter('sizeInMb = 1', 'archives')).toEqual({ ok: true, expr: A });
  });

  it('returns the message and position when it is not', () => {
    const result = tryParseFilter('sizeInMb = 1 AND foo = 2', 'archives');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.position).toBe(17);
    expect(result.error.message).toContain('Unknown property "foo" at position 17');
  });

  it('throws FilterSyntaxError from parseFilter', () => {
    expect(() => a('foo = 1')).toThrow(FilterSyntaxError);
  });
});
