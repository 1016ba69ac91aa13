import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import type { ArchivesResponse } from '@shared/contract/records/archives';
import {
  archiveListQuery,
  defaultArchiveQuery,
  useArchivesStore,
} from '@renderer/stores/archives-store';
import { fakeIpc, settle } from '../../../../support/renderer/resources-fake-ipc';

const target = { profileId: 'p1', instanceName: 'sql-eu-prod-01' };

function archive(index: number): ArchivesResponse {
  return {
    archiveId: `a-${index}`,
    serverName: target.instanceName,
    name: `Db_${index}`,
    sizeInMb: index,
    createDate: '2026-01-01T00:00:00.000Z',
  };
}

const page = (size: number) => Array.from({ length: size }, (_, i) => archive(i));

describe('archiveListQuery', () => {
  it('sends the page number as offset, the sort as text, and no empty filter', () => {
    expect(archiveListQuery(defaultArchiveQuery())).toEqual({
      sort: 'createDate DESC',
      limit: 100,
      offset: 0,
    });
    expect(
      archiveListQuery({
        filter: 'sizeInMb > 5',
        sortProperty: 'name',
        sortDirection: 'ASC',
        pageSize: 500,
        page: 2,
      }),
    ).toEqual({ filter: 'sizeInMb > 5', sort: 'name ASC', limit: 500, offset: 2 });
  });
});

describe('useArchivesStore', () => {
  it('pages by page number and offers "next" only while pages come back full', async () => {
    let answer = page(100);
    const ipc = fakeIpc({ 'archives:list': () => answer });
    const store = useArchivesStore();
    await store.open(target);
    expect(ipc.callsTo('archives:list')).toEqual([
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-eu-prod-01' },
        query: { sort: 'createDate DESC', limit: 100, offset: 0 },
      },
    ]);
    expect(store.hasNextPage).toBe(true);
    answer = page(37);
    await store.setQuery({ page: 1 });
    expect(ipc.callsTo('archives:list').at(-1)).toMatchObject({ query: { offset: 1, limit: 100 } });
    expect(store.hasNextPage).toBe(false);
    expect(store.firstRowNumber).toBe(101);
    // Any other change starts again from the first page.
    await store.setQuery({ filter: 'name LIKE "Db*"', pageSize: 50 });
    expect(ipc.callsTo('archives:list').at(-1)).toMatchObject({
      query: { filter: 'name LIKE "Db*"', limit: 50, offset: 0 },
    });
  });

  it('keeps the service message of a failed load and clears it on success', async () => {
    let fail = true;
    fakeIpc({
      'archives:list': () => {
        if (fail) {
          throw new AppError({
            code: 'VALIDATION',
            message: 'Unknown property "size" at position 0',
            operation: 'archives.list',
          });
        }
        return page(3);
      },
    });
    const store = useArchivesStore();
    await store.open(target);
    expect(store.loadError?.message).toBe('Unknown property "size" at position 0');
    expect(store.loadError?.operation).toBe('archives.list');
    expect(store.isLoaded).toBe(false);
    fail = false;
    await store.load();
    expect(store.loadError).toBeUndefined();
    expect(store.rows).toHaveLength(3);
  });

  it('drops an answer that a later request overtook', async () => {
    const pending: Array<(rows: ArchivesResponse[]) => void> = [];
    fakeIpc({
      'archives:list': () => new Promise<ArchivesResponse[]>((resolve) => pending.push(resolve)),
    });
    const store = useArchivesStore();
    void store.open(target);
    await settle();
    void store.setQuery({ sortDirection: 'ASC' });
    await settle();
    pending[1]?.([archive(9)]);
    await settle();
    pending[0]?.(page(5));
    await settle();
    expect(store.rows.map((row) => row.archiveId)).toEqual(['a-9']);
    expect(store.isLoading).toBe(false);
  });

  it('updates with the resource group header and the archive database in the path', async () => {
    const ipc = fakeIpc({
      'archives:list': () => page(2),
      'databases:updateArchive': () => undefined,
    });
    const store = useArchivesStore();
    await store.open(target);
    const group = '3f9a1c2e-5b7d-4e8f-9a0b-1c2d3e4f5a61';
    await store.update(archive(1), { storageType: 'Permanent' }, group);
    expect(ipc.callsTo('databases:updateArchive')).toEqual([
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-eu-prod-01', databaseName: 'Db_1', archiveId: 'a-1' },
        headers: { 'x-platform-resource-group-id': group },
        body: { storageType: 'Permanent' },
      },
    ]);
    expect(ipc.callsTo('archives:list')).toHaveLength(2);
  });

  // Main tracks and labels the restore job (test/unit/main/app/resource-handlers.jobs.test.ts).
  it('restores (a job main follows); deletes and drops the row', async () => {
    const ipc = fakeIpc({
      'archives:list': () => page(2),
      'archives:restore': () => ({ jobId: 'job-7' }),
      'archives:delete': () => undefined,
    });
    const store = useArchivesStore();
    await store.open(target);
    expect(await store.restore(archive(0), 'Db_0_restored')).toEqual({ jobId: 'job-7' });
    expect(ipc.callsTo('archives:restore')).toEqual([
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-eu-prod-01', archiveId: 'a-0' },
        body: { databaseName: 'Db_0_restored' },
      },
    ]);
    expect(ipc.callsTo('jobs:track')).toEqual([]);
    await store.remove(archive(1));
    // One of a bulk delete: its user action goes with the call, for the audit trail.
    const action = { id: 'b-1', kind: 'bulk' as const, label: 'delete 1 archive', target: 'Db_0' };
    await store.remove(archive(0), action);
    expect(ipc.callsTo('archives:delete')).toEqual([
      { profileId: 'p1', pathParams: { instanceName: 'sql-eu-prod-01', archiveId: 'a-1' } },
      { profileId: 'p1', pathParams: { instanceName: 'sql-eu-prod-01', archiveId: 'a-0' }, action },
    ]);
    expect(store.rows.map((row) => row.archiveId)).toEqual([]);
  });

  it('starts from the default query when another instance is opened', async () => {
    fakeIpc({ 'archives:list': () => page(1) });
    const store = useArchivesStore();
    await store.open(target);
    await store.setQuery({ filter: 'sizeInMb > 1', sortProperty: 'name' });
    await store.open(target);
    expect(store.query.filter).toBe('sizeInMb > 1');
    await store.open({ ...target, instanceName: 'sql-eu-dev-01' });
    expect(store.query).toEqual(defaultArchiveQuery());
  });
});
