import { describe, expect, it } from 'vitest';
import { FilterExprSchema, type FilterExpr } from '../../../../src/shared/filter/ast';
import { and, cmp, dateValue, inList, or } from '../../../../src/shared/filter/builder';
import { parseFilter } from '../../../../src/shared/filter/parser';
import { printFilter } from '../../../../src/shared/filter/printer';
import type { FilterTableName } from '../../../../src/shared/filter/tables';

const SAMPLES: readonly [FilterTableName, string, string][] = [
  ['archives', 'sizeinmb>5', 'sizeInMb > 5'],
  ['archives', 'name like "db*"', 'name LIKE "db*"'],
  ['archives', 'name not like "*tmp*"', 'name NOT LIKE "*tmp*"'],
  ['archives', 'name = "say \\"hi\\" \\\\ there"', 'name = "say \\"hi\\" \\\\ there"'],
  ['archives', 'createDate >= "2026-01-05"', 'createDate >= 2026-01-05'],
  ['archives', 'createDate < 2026-01-05T10:00:00Z', 'createDate < "2026-01-05T10:00:00Z"'],
  [
    'archives',
    'expiryDate in (2026-01-05,"2026-01-06T00:00:00+01:00")',
    'expiryDate IN (2026-01-05, "2026-01-06T00:00:00+01:00")',
  ],
  ['archives', 'storageTypeId not in (1,2)', 'storageTypeId NOT IN (1, 2)'],
  [
    'archives',
    'sizeInMb = 1 or sizeInMb = 2 and sizeInMb = 3',
    'sizeInMb = 1 OR sizeInMb = 2 AND sizeInMb = 3',
  ],
  [
    'archives',
    '(sizeInMb = 1 or sizeInMb = 2) and sizeInMb = 3',
    '(sizeInMb = 1 OR sizeInMb = 2) AND sizeInMb = 3',
  ],
  [
    'archives',
    '((sizeInMb = 1)) or (sizeInMb = 2 and sizeInMb = 3)',
    'sizeInMb = 1 OR sizeInMb = 2 AND sizeInMb = 3',
  ],
  [
    'archives',
    '(sizeInMb = 1 and sizeInMb = 2) and sizeInMb = 3',
    '(sizeInMb = 1 AND sizeInMb = 2) AND sizeInMb = 3',
  ],
  [
    'archives',
    '(sizeInMb = 1 or sizeInMb = 2) or sizeInMb = 3',
    '(sizeInMb = 1 OR sizeInMb = 2) OR sizeInMb = 3',
  ],
  [
    'archives',
    'sizeInMb = -0.5 AND sizeInMb != 1e21 AND sizeInMb > 1e-7',
    'sizeInMb = -0.5 AND sizeInMb != 1e+21 AND sizeInMb > 1e-7',
  ],
  [
    'sessions',
    'status in ("running","runnable") and (loginName like "app*" or hostName = "web-01") and blockingSessionId > 0',
    'status IN ("running", "runnable") AND (loginName LIKE "app*" OR hostName = "web-01") AND blockingSessionId > 0',
  ],
  ['sessions', '', ''],
];

describe('printFilter', () => {
  for (const [table, input, canonical] of SAMPLES) {
    it(`prints ${JSON.stringify(input)} canonically and round-trips`, () => {
      const expr = parseFilter(input, table);
      const printed = printFilter(expr);
      expect(printed).toBe(canonical);
      expect(parseFilter(printed, table)).toEqual(expr);
      expect(printFilter(parseFilter(printed, table))).toBe(printed);
    });
  }

  it('preserves every shape of tree built in code', () => {
    const x = cmp('sizeInMb', '=', 1);
    const y = cmp('name', 'LIKE', 'a*');
    const z = inList('createDate', [dateValue('2026-01-05'), new Date(Date.UTC(2026, 0, 6))]);
    const trees: FilterExpr[] = [
      { kind: 'and', operands: [{ kind: 'and', operands: [x, y] }, z] },
      { kind: 'or', operands: [x, { kind: 'or', operands: [y, z] }] },
      {
        kind: 'and',
        operands: [
          { kind: 'or', operands: [x, y] },
          { kind: 'or', operands: [y, z] },
        ],
      },
      {
        kind: 'or',
        operands: [
          { kind: 'and', operands: [x, y] },
          { kind: 'and', operands: [y, z] },
        ],
      },
      and(or(x, and(y, z)), or(and(x, y), z)),
    ];
    for (const tree of trees) {
      expect(FilterExprSchema.parse(tree)).toEqual(tree);
      expect(parseFilter(printFilter(tree), 'archives')).toEqual(tree);
    }
  });

  it('prints parentheses only where the tree needs them', () => {
    const x = cmp('sizeInMb', '=', 1);
    const y = cmp('sizeInMb', '=', 2);
    expect(printFilter(or(and(x, y), x))).toBe('sizeInMb = 1 AND sizeInMb = 2 OR sizeInMb = 1');
    expect(printFilter(and(or(x, y), x))).toBe('(sizeInMb = 1 OR sizeInMb = 2) AND sizeInMb = 1');
  });

  it('prints null as the empty string', () => {
    expect(printFilter(null)).toBe('');
  });
});

describe('printFilter on generated trees', () => {
  // A fixed-seed generator, so that a failure reproduces.
  let seed = 20260105;
  const next = (limit: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % limit;
  };
  const pick = <T>(items: readonly T[]): T => items[next(items.length)] as T;
  const leaves: FilterExpr[] = [
    cmp('name', 'NOT LIKE', '*"\\*'),
    cmp('sizeInMb', '<=', -3.25),
    cmp('createDate', '>', dateValue('2026-01-05T10:00:00.5+01:00')),
    inList('storageTypeId', [0, 1]),
    inList('expiryDate', [dateValue('2026-12-31')], true),
  ];
  const tree = (depth: number): FilterExpr => {
    if (depth === 0 || next(3) === 0) return pick(leaves);
    const operands = Array.from({ length: 2 + next(3) }, () => tree(depth - 1));
    return { kind: next(2) === 0 ? 'and' : 'or', operands };
  };

  it('reads back every generated tree unchanged', () => {
    for (let index = 0; index < 300; index += 1) {
      const expr = tree(4);
      const printed = printFilter(expr);
      expect(parseFilter(printed, 'archives')).toEqual(expr);
      expect(printFilter(parseFilter(printed, 'archives'))).toBe(printed);
    }
  });
});
