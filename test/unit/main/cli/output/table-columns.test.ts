import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../../src/main/cli/args/operation-args';
import { resourceTableOf } from '../../../../../src/main/cli/output/resource-tables';
import {
  chooseColumns,
  fitColumns,
  type FitColumn,
  type ResourceTable,
} from '../../../../../src/main/cli/output/table-columns';

const databases = resourceTableOf('databases.list') as ResourceTable;

const column = (width: number, more: Partial<FitColumn> = {}): FitColumn => ({
  width,
  empty: false,
  pinned: false,
  priority: 1,
  ...more,
});

describe('chooseColumns', () => {
  it('takes columns by id or by field name, in any letter case, in the order given', () => {
    const chosen = chooseColumns(databases, ['SIZE', 'createdAt', 'status', 'size']);
    expect(chosen.map((c) => c.id)).toEqual(['size', 'created', 'status']);
  });

  it('refuses a name that is no column, with the nearest one and the whole list', () => {
    let message = '';
    try {
      chooseColumns(databases, ['name', 'sise']);
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      message = (error as Error).message;
    }
    expect(message).toMatch(
      /^--columns: "sise" is not a column of databases list\. Did you mean "size"\? Its columns: instance, name, status, size, /,
    );
    expect(() => chooseColumns(databases, ['zzzzzzzz'])).toThrow(/list\. Its columns: /);
  });
});

describe('fitColumns', () => {
  it('keeps every column that fits', () => {
    expect(fitColumns([column(10), column(10)], 22, 2)).toEqual([0, 1]);
  });

  it('leaves out the empty columns first, then the highest priority, then the later', () => {
    const columns = [
      column(10, { pinned: true }),
      column(10, { priority: 3 }),
      column(10, { priority: 2, empty: true }),
      column(10, { priority: 3 }),
      column(10, { priority: 1 }),
    ];
    expect(fitColumns(columns, 46, 2)).toEqual([0, 1, 3, 4]);
    expect(fitColumns(columns, 34, 2)).toEqual([0, 1, 4]);
    expect(fitColumns(columns, 22, 2)).toEqual([0, 4]);
    expect(fitColumns(columns, 10, 2)).toEqual([0]);
  });

  it('never leaves out a pinned column, even when the pinned ones alone are too wide', () => {
    const columns = [
      column(40, { pinned: true }),
      column(5),
      column(40, { pinned: true, priority: 9 }),
    ];
    expect(fitColumns(columns, 30, 2)).toEqual([0, 2]);
  });
});
