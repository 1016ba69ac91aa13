import { describe, expect, it } from 'vitest';
import { evaluateFilter, filterRows, matchesLike } from '../../../../src/shared/filter/evaluate';
import { parseFilter } from '../../../../src/shared/filter/parser';
import type { FilterTableName } from '../../../../src/shared/filter/tables';

interface ArchiveRow {
  archiveId: string;
  name: string | null;
  sizeInMb: number;
  createDate: string;
  expiryDate?: string;
  createdBy: string | null;
  storageTypeId: number;
}

const ARCHIVES: ArchiveRow[] = [
  {
    archiveId: 'a1',
    name: 'Sales_2025',
    sizeInMb: 120,
    createDate: '2026-01-05T00:00:00.000Z',
    expiryDate: '2026-02-01T00:00:00.000Z',
    createdBy: 'alice@example.com',
    storageTypeId: 1,
  },
  {
    archiveId: 'a2',
    name: 'sales_2026',
    sizeInMb: 80.5,
    createDate: '2026-01-05T23:59:59.999Z',
    createdBy: 'BOB@example.com',
    storageTypeId: 2,
  },
  {
    archiveId: 'a3',
    name: 'HR',
    sizeInMb: 5000,
    createDate: '2026-01-06T00:00:00.000Z',
    expiryDate: '2026-03-01T12:00:00.000Z',
    createdBy: null,
    storageTypeId: 1,
  },
  {
    archiveId: 'a4',
    name: null,
    sizeInMb: 1,
    createDate: '2026-01-04T23:59:59.999Z',
    createdBy: 'carol',
    storageTypeId: 2,
  },
];

const SESSIONS = [
  {
    sessionId: 51,
    status: 'running',
    loginName: 'app_user',
    hostName: 'web-01',
    programName: 'Microsoft SQL Server Management Studio',
    databaseName: 'Sales',
    blockingSessionId: 0,
  },
  {
    sessionId: 52,
    status: 'sleeping',
    loginName: 'sa',
    hostName: 'WEB-02',
    programName: 'sqlcmd',
    databaseName: 'HR',
    blockingSessionId: 51,
  },
  {
    sessionId: 53,
    status: 'Suspended',
    loginName: 'App_Admin',
    hostName: 'batch',
    programName: '',
    databaseName: 'Sales',
    blockingSessionId: 52,
  },
];

function ids(text: string, table: FilterTableName = 'archives'): string[] {
  const expr = parseFilter(text, table);
  if (table === 'archives') return filterRows(expr, ARCHIVES).map((row) => row.archiveId);
  return filterRows(expr, SESSIONS).map((row) => String(row.sessionId));
}

describe('evaluateFilter: strings', () => {
  it('compares case-insensitively', () => {
    expect(ids('name = "SALES_2025"')).toEqual(['a1']);
    expect(ids('createdBy = "bob@EXAMPLE.com"')).toEqual(['a2']);
    expect(ids('status = "SUSPENDED"', 'sessions')).toEqual(['53']);
  });

  it('is accent-sensitive', () => {
    expect(ids('name = "Hŕ"')).toEqual([]);
  });

  it('orders with the collation, ignoring case', () => {
    expect(ids('name < "s"')).toEqual(['a3']);
    expect(ids('name >= "SALES_2026"')).toEqual(['a2']);
  });

  it('treats a missing or null value as matching nothing, not even != or NOT IN', () => {
    expect(ids('name != "HR"')).toEqual(['a1', 'a2']);
    expect(ids('createdBy NOT IN ("carol")')).toEqual(['a1', 'a2']);
    expect(ids('createdBy NOT LIKE "*example*"')).toEqual(['a4']);
    expect(ids('expiryDate != 2026-02-01')).toEqual(['a3']);
  });
});

describe('evaluateFilter: LIKE', () => {
  it('matches * as any run of characters, case-insensitively, over the whole value', () => {
    expect(ids('name LIKE "sales*"')).toEqual(['a1', 'a2']);
    expect(ids('name LIKE "*2026"')).toEqual(['a2']);
    expect(ids('name LIKE "*ALE*"')).toEqual(['a1', 'a2']);
    expect(ids('name LIKE "sales"')).toEqual([]);
    expect(ids('name LIKE "HR"')).toEqual(['a3']);
    expect(ids('name LIKE "*"')).toEqual(['a1', 'a2', 'a3']);
    expect(ids('programName LIKE "*"', 'sessions')).toEqual(['51', '52', '53']);
    expect(ids('programName LIKE "*server*studio"', 'sessions')).toEqual(['51']);
  });

  it('negates with NOT LIKE', () => {
    expect(ids('name NOT LIKE "sales*"')).toEqual(['a3']);
    expect(ids('loginName NOT LIKE "app*"', 'sessions')).toEqual(['52']);
  });

  it('takes every other character literally', () => {
    expect(matchesLike('a_b', 'a_b')).toBe(true);
    expect(matchesLike('axb', 'a_b')).toBe(false);
    expect(matchesLike('100%', '100%')).toBe(true);
    expect(matchesLike('1000', '100%')).toBe(false);
    expect(matchesLike('a.c', 'a.c')).toBe(true);
    expect(matchesLike('abc', 'a.c')).toBe(false);
    expect(matchesLike('(x)', '(*)')).toBe(true);
  });

  it('handles many wildcards without blowing up', () => {
    expect(matchesLike('a'.repeat(5000), `${'*a'.repeat(50)}*b`)).toBe(false);
    expect(matchesLike('abcabcabd', '*abc*abd')).toBe(true);
    expect(matchesLike('', '*')).toBe(true);
    expect(matchesLike('', '')).toBe(true);
    expect(matchesLike('x', '')).toBe(false);
  });
});

describe('evaluateFilter: numbers', () => {
  it('compares numerically', () => {
    expect(ids('sizeInMb > 100')).toEqual(['a1', 'a3']);
    expect(ids('sizeInMb <= 80.5')).toEqual(['a2', 'a4']);
    expect(ids('sizeInMb != 1')).toEqual(['a1', 'a2', 'a3']);
    expect(ids('storageTypeId IN (2)')).toEqual(['a2', 'a4']);
    expect(ids('blockingSessionId > 0', 'sessions')).toEqual(['52', '53']);
    expect(ids('sessionId NOT IN (51, 53)', 'sessions')).toEqual(['52']);
  });

  it('reads numeric strings in rows as numbers', () => {
    const expr = parseFilter('sizeInMb > 9', 'archives');
    expect(evaluateFilter(expr, { sizeInMb: '10' })).toBe(true);
    expect(evaluateFilter(expr, { sizeInMb: 'ten' })).toBe(false);
    expect(evaluateFilter(expr, { sizeInMb: '' })).toBe(false);
  });
});

describe('evaluateFilter: dates', () => {
  it('matches the whole UTC day with = on a date-only value', () => {
    expect(ids('createDate = 2026-01-05')).toEqual(['a1', 'a2']);
    expect(ids('createDate != 2026-01-05')).toEqual(['a3', 'a4']);
    expect(ids('createDate IN (2026-01-04, 2026-01-06)')).toEqual(['a3', 'a4']);
  });

  it('reads > and < as after and before the day, >= and <= as including it', () => {
    expect(ids('createDate > 2026-01-05')).toEqual(['a3']);
    expect(ids('createDate >= 2026-01-05')).toEqual(['a1', 'a2', 'a3']);
    expect(ids('createDate < 2026-01-05')).toEqual(['a4']);
    expect(ids('createDate <= 2026-01-05')).toEqual(['a1', 'a2', 'a4']);
  });

  it('compares timestamps as instants, honouring offsets', () => {
    expect(ids('createDate = "2026-01-05T00:00:00Z"')).toEqual(['a1']);
    expect(ids('createDate = "2026-01-05T01:00:00+01:00"')).toEqual(['a1']);
    expect(ids('createDate > "2026-01-05T12:00:00Z"')).toEqual(['a2', 'a3']);
    expect(ids('createDate <= "2026-01-05T00:00:00.000"')).toEqual(['a1', 'a4']);
    expect(ids('expiryDate >= "2026-03-01T08:00:00-04:00"')).toEqual(['a3']);
    expect(ids('expiryDate > "2026-03-01T08:00:00-04:00"')).toEqual([]);
  });

  it('reads Date objects and epoch milliseconds in rows', () => {
    const expr = parseFilter('createDate = 2026-01-05', 'archives');
    expect(evaluateFilter(expr, { createDate: new Date('2026-01-05T15:00:00Z') })).toBe(true);
    expect(evaluateFilter(expr, { createDate: Date.UTC(2026, 0, 6) })).toBe(false);
    expect(evaluateFilter(expr, { createDate: 'not a date' })).toBe(false);
    expect(evaluateFilter(expr, { createDate: new Date(Number.NaN) })).toBe(false);
  });
});

describe('evaluateFilter: connectives', () => {
  it('binds AND tighter than OR', () => {
    expect(ids('name = "HR" OR sizeInMb < 100 AND storageTypeId = 1')).toEqual(['a3']);
    expect(ids('(name = "HR" OR sizeInMb < 100) AND storageTypeId = 1')).toEqual(['a3']);
    expect(ids('(name = "HR" OR sizeInMb < 100) AND storageTypeId = 2')).toEqual(['a2', 'a4']);
    expect(ids('name = "HR" OR sizeInMb < 100 AND storageTypeId = 2')).toEqual(['a2', 'a3', 'a4']);
  });

  it('evaluates a mixed session filter', () => {
    const text =
      'status IN ("running", "suspended") AND (loginName LIKE "app*" OR hostName = "web-02")';
    expect(ids(text, 'sessions')).toEqual(['51', '53']);
  });

  it('matches every row without a filter', () => {
    expect(evaluateFilter(null, {})).toBe(true);
    expect(ids('')).toEqual(['a1', 'a2', 'a3', 'a4']);
  });
});
