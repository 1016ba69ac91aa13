import { describe, expect, it } from 'vitest';
import { queryArchives } from '../../../../src/emulator/state/archive-query';
import type { ArchivesResponse } from '../../../../src/shared/contract/records/archives';

const rows: ArchivesResponse[] = Array.from({ length: 25 }, (_, index) => ({
  archiveId: `a${String(index).padStart(2, '0')}`,
  serverName: 'sql-eu-dev-01',
  name: index % 2 === 0 ? 'Even' : 'Odd',
  sizeInMb: 100 - index,
  createDate: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
  storageTypeId: index % 3 === 0 ? 0 : 1,
}));

const ids = (list: ArchivesResponse[]) => list.map((row) => row.archiveId);

describe('queryArchives', () => {
  it('reads offset as a page number', () => {
    const page = queryArchives(rows, { sort: 'archiveId ASC', limit: 10, offset: 1 });
    expect(ids(page)).toEqual(ids(rows.slice(10, 20)));
    expect(queryArchives(rows, { sort: 'archiveId ASC', limit: 10, offset: 2 })).toHaveLength(5);
    expect(
      queryArchives(rows, { sort: 'archiveId ASC', limit: 10, offset: 2_147_483_647 }),
    ).toEqual([]);
  });

  it('sorts by several keys with a stable tie-break', () => {
    const sorted = queryArchives(rows, {
      sort: 'name DESC, createDate ASC',
      limit: 100,
      offset: 0,
    });
    expect(sorted[0]?.name).toBe('Odd');
    expect(sorted[0]?.archiveId).toBe('a01');
    expect(sorted.at(-1)?.archiveId).toBe('a24');
    expect(ids(queryArchives(rows, { sort: 'createDate DESC', limit: 3, offset: 0 }))).toEqual([
      'a24',
      'a23',
      'a22',
    ]);
  });

  it('filters with the contract parser and reports bad filters and sorts as 400', () => {
    const filtered = queryArchives(rows, {
      filter: 'storageTypeId = 0 AND sizeInMb < 90',
      sort: 'archiveId ASC',
      limit: 100,
      offset: 0,
    });
    expect(ids(filtered)).toEqual(['a12', 'a15', 'a18', 'a21', 'a24']);
    expect(() =>
      queryArchives(rows, { filter: 'size > 1', sort: 'name ASC', limit: 1, offset: 0 }),
    ).toThrow(/Invalid filter/);
    expect(() => queryArchives(rows, { sort: 'name UP', limit: 1, offset: 0 })).toThrow(/Sort/);
  });
});
