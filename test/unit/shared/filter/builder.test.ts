import { describe, expect, it } from 'vitest';
import { FilterExprSchema } from '../../../../src/shared/filter/ast';
import {
  and,
  cmp,
  combineAll,
  dateValue,
  describeProperty,
  inList,
  numberValue,
  or,
  stringValue,
  valueFromInput,
} from '../../../../src/shared/filter/builder';
import { parseFilter } from '../../../../src/shared/filter/parser';
import { printFilter } from '../../../../src/shared/filter/printer';
import { validateFilter } from '../../../../src/shared/filter/validate';

const big = cmp('sizeInMb', '>', 100);
const sales = cmp('name', 'LIKE', 'sales*');
const recent = cmp('createDate', '>=', dateValue('2026-01-01'));

describe('builder', () => {
  it('builds comparisons from plain values', () => {
    expect(big).toEqual({
      kind: 'comparison',
      property: 'sizeInMb',
      operator: '>',
      value: { type: 'number', value: 100 },
    });
    expect(sales.value).toEqual({ type: 'string', value: 'sales*' });
    expect(cmp('createDate', '<', new Date(Date.UTC(2026, 0, 5, 10))).value).toEqual({
      type: 'date',
      value: '2026-01-05T10:00:00.000Z',
    });
  });

  it('builds IN and NOT IN lists and refuses an empty one', () => {
    expect(inList('status', ['running', 'sleeping'])).toEqual({
      kind: 'in',
      property: 'status',
      negated: false,
      values: [stringValue('running'), stringValue('sleeping')],
    });
    expect(inList('sessionId', [1], true).negated).toBe(true);
    expect(() => inList('sessionId', [])).toThrow(RangeError);
  });

  it('refuses invalid numbers and dates', () => {
    expect(() => numberValue(Number.NaN)).toThrow(RangeError);
    expect(() => numberValue(Infinity)).toThrow(RangeError);
    expect(() => dateValue('2026-02-30')).toThrow(/day must be 01 to 28/);
    expect(() => dateValue(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('flattens nested AND and OR and returns a single operand as it is', () => {
    expect(and(big)).toBe(big);
    expect(or(big)).toBe(big);
    expect(and(and(big, sales), recent)).toEqual({ kind: 'and', operands: [big, sales, recent] });
    expect(or(big, or(sales, recent))).toEqual({ kind: 'or', operands: [big, sales, recent] });
    expect(and(or(big, sales), recent)).toEqual({
      kind: 'and',
      operands: [{ kind: 'or', operands: [big, sales] }, recent],
    });
  });

  it('combines the present conditions with AND', () => {
    expect(combineAll([])).toBeNull();
    expect(combineAll([null, undefined])).toBeNull();
    expect(combineAll([null, big, undefined])).toBe(big);
    const combined = combineAll([big, null, or(sales, recent)]);
    expect(printFilter(combined)).toBe(
      'sizeInMb > 100 AND (name LIKE "sales*" OR createDate >= 2026-01-01)',
    );
    expect(parseFilter(printFilter(combined), 'archives')).toEqual(combined);
  });
});

describe('describeProperty', () => {
  it('describes a property by any case of its name', () => {
    expect(describeProperty('sessions', 'STATUS')).toEqual({
      name: 'status',
      type: 'string',
      operators: ['=', '!='],
      list: true,
      choices: ['=', '!=', 'IN', 'NOT IN'],
    });
    expect(describeProperty('archives', 'name')?.choices).toEqual([
      '=',
      '!=',
      '>',
      '<',
      '>=',
      '<=',
      'LIKE',
      'NOT LIKE',
      'IN',
      'NOT IN',
    ]);
    expect(describeProperty('archives', 'createDate')?.type).toBe('date');
  });

  it('gives undefined for an unknown property', () => {
    expect(describeProperty('archives', 'status')).toBeUndefined();
  });
});

describe('valueFromInput', () => {
  it('reads form input as the property type', () => {
    expect(valueFromInput('archives', 'name', ' a b ')).toEqual({
      ok: true,
      value: stringValue(' a b '),
    });
    expect(valueFromInput('archives', 'sizeInMb', ' 42 ')).toEqual({
      ok: true,
      value: numberValue(42),
    });
    expect(valueFromInput('archives', 'createDate', '2026-01-05')).toEqual({
      ok: true,
      value: { type: 'date', value: '2026-01-05' },
    });
  });

  it('says what is wrong with bad input', () => {
    expect(valueFromInput('archives', 'sizeInMb', '12 MB')).toEqual({
      ok: false,
      message: 'sizeInMb takes a number, such as 42',
    });
    expect(valueFromInput('archives', 'sizeInMb', '')).toMatchObject({ ok: false });
    expect(valueFromInput('archives', 'expiryDate', '2026-13-01')).toEqual({
      ok: false,
      message: 'Invalid date for expiryDate; the month must be 01 to 12',
    });
    expect(valueFromInput('sessions', 'nope', 'x')).toMatchObject({ ok: false });
  });
});

describe('validateFilter', () => {
  it('accepts valid trees and no filter', () => {
    expect(validateFilter(and(big, or(sales, recent)), 'archives')).toEqual([]);
    expect(validateFilter(null, 'sessions')).toEqual([]);
  });

  it('names every problem of a tree built in code', () => {
    const tree = and(
      cmp('sizeinmb', '=', 1),
      cmp('foo', '=', 1),
      cmp('sizeInMb', 'LIKE', '1*'),
      cmp('name', '=', 5),
      cmp('createDate', '=', 'yesterday'),
      inList('status', ['x']),
      { kind: 'in', property: 'name', negated: true, values: [] },
      { kind: 'or', operands: [big] },
    );
    expect(validateFilter(tree, 'archives')).toEqual([
      'Property "sizeinmb" must be written sizeInMb',
      expect.stringContaining('Unknown property "foo"; archives can be filtered by archiveId'),
      expect.stringContaining('Operator LIKE is not allowed for sizeInMb (number)'),
      'sizeInMb takes a number, not a string',
      'name takes a string, not a number',
      'createDate takes a date, not a string',
      expect.stringContaining('Unknown property "status"'),
      'The IN list of name is empty',
      'OR needs at least two operands',
    ]);
  });

  it('flags a date value that is not a real date', () => {
    const tree = cmp('createDate', '=', { type: 'date', value: '2026-02-30' });
    expect(validateFilter(tree, 'archives')).toEqual([
      'Invalid date "2026-02-30" for createDate; the day must be 01 to 28 in 2026-02',
    ]);
  });
});

describe('FilterExprSchema', () => {
  it('accepts parsed trees', () => {
    const expr = parseFilter(
      'status IN ("running") AND (sessionId > 50 OR loginName NOT LIKE "sa*")',
      'sessions',
    );
    expect(FilterExprSchema.parse(expr)).toEqual(expr);
  });

  it('rejects malformed trees', () => {
    const bad = [
      { kind: 'and', operands: [big] },
      {
        kind: 'comparison',
        property: 'sizeInMb',
        operator: '<>',
        value: { type: 'number', value: 1 },
      },
      {
        kind: 'comparison',
        property: 'sizeInMb',
        operator: '=',
        value: { type: 'number', value: Infinity },
      },
      {
        kind: 'comparison',
        property: 'createDate',
        operator: '=',
        value: { type: 'date', value: '2026-13-01' },
      },
      { kind: 'in', property: 'sizeInMb', negated: false, values: [] },
      { kind: 'xor', operands: [big, big] },
    ];
    for (const tree of bad) expect(FilterExprSchema.safeParse(tree).success).toBe(false);
  });
});
