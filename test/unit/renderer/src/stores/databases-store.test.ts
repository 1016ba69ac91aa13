import { beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { useDatabasesStore } from '@renderer/stores/databases-store';
import { useInstancesStore } from '@renderer/stores/instances-store';
import { explorerIpc, flush } from '../../../../support/renderer/explorer-fake-ipc';
import { database } from '../../../../support/renderer/explorer-fixtures';

const ref = { profileId: 'p1', instanceName: 'sql-a', databaseName: 'Sales' };
const TRACKED = {
  jobId: 'j1',
  profileId: 'p1',
  instanceName: 'sql-a',
  status: 'Enqueued',
  phase: 'running',
  startedByApp: true,
  updatedAt: 'now',
};

describe('useDatabasesStore', () => {
  let ipc: ReturnType<typeof explorerIpc>;
  let rows = [database('Sales'), database('Ledger', { pinned: true })];
  beforeEach(() => {
    rows = [database('Sales'), database('Ledger', { pinned: true })];
    ipc = explorerIpc({
      'databases:list': () => rows,
      'databases:get': () => database('Sales', { pinned: true }),
      'databases:create': () => ({ jobId: 'j1' }),
      'databases:rename': () => ({ jobId: 'j2' }),
      'databases:shrink': () => ({ jobId: 'j3' }),
      'databases:archive': () => ({ jobId: 'j4', archiveId: 'a1' }),
      'databases:move': () => ({}),
      'databases:drop': () => undefined,
      'databases:pin': () => undefined,
    });
  });

  it('lists with the interface sort key and adminAccess it was asked for', async () => {
    const store = useDatabasesStore();
    await store.load('p1', 'sql-a', { sort: 'sizeInMb DESC', adminAccess: true });
    await store.load('p1', 'sql-a');
    expect(ipc.inputsOf('databases:list')).toEqual([
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-a' },
        query: { adminAccess: true, sort: 'sizeInMb DESC' },
      },
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-a' },
        query: { adminAccess: true, sort: 'sizeInMb DESC' },
      },
    ]);
    expect(store.entry('p1', 'sql-a').items.map((d) => d.name)).toEqual(['Sales', 'Ledger']);
  });

  it('keeps the rows of the last load when a reload fails, with the error', async () => {
    const store = useDatabasesStore();
    await store.load('p1', 'sql-a');
    ipc.handlers['databases:list'] = () => {
      throw new AppError({
        code: 'FORBIDDEN',
        message: 'adminAccess=true is for Admins only.',
        operation: 'databases.list',
      });
    };
    await expect(store.load('p1', 'sql-a', { adminAccess: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const entry = store.entry('p1', 'sql-a');
    expect(entry.items).toHaveLength(2);
    expect(entry.error?.message).toBe('adminAccess=true is for Admins only.');
    expect(entry.isLoading).toBe(false);
  });

  it('shares one request between loads of the same list', async () => {
    const store = useDatabasesStore();
    await Promise.all([
      store.ensure('p1', 'sql-a'),
      store.load('p1', 'sql-a'),
      store.ensure('p1', 'sql-a'),
    ]);
    expect(ipc.inputsOf('databases:list')).toHaveLength(1);
  });

  // Main tracks and labels these jobs (test/unit/main/app/resource-handlers.jobs.test.ts).
  it('starts jobs and answers their ids, leaving their tracking to main', async () => {
    const store = useDatabasesStore();
    expect(await store.create('p1', 'sql-a', { databaseName: 'New DB', groupIds: ['g1'] })).toBe(
      'j1',
    );
    expect(await store.rename(ref, 'Sales_2025')).toBe('j2');
    expect(await store.shrink(ref, true)).toBe('j3');
    expect(
      await store.archive(ref, '3f2504e0-4f89-11d3-9a0c-0305e82c3301', '2030-01-01T00:00:00.000Z'),
    ).toEqual({ jobId: 'j4', archiveId: 'a1' });
    expect(ipc.inputsOf('jobs:track')).toEqual([]);
    expect(ipc.inputsOf('databases:rename')[0]).toEqual({
      profileId: 'p1',
      pathParams: { instanceName: 'sql-a', databaseName: 'Sales' },
      body: { name: 'Sales_2025' },
    });
    expect(ipc.inputsOf('databases:archive')[0]).toEqual({
      profileId: 'p1',
      pathParams: { instanceName: 'sql-a', databaseName: 'Sales' },
      headers: { 'x-platform-resource-group-id': '3f2504e0-4f89-11d3-9a0c-0305e82c3301' },
      body: { expirationDate: '2030-01-01T00:00:00.000Z' },
    });
    expect(ipc.inputsOf('databases:shrink')[0]).toMatchObject({ body: { truncateLogsOnly: true } });
  });

  it('moves without a job id of its own (main reads it from the Location header)', async () => {
    const store = useDatabasesStore();
    await store.move(ref, 'sql-b');
    expect(ipc.inputsOf('databases:move')).toEqual([
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-a', databaseName: 'Sales' },
        body: { serverName: 'sql-b' },
      },
    ]);
    expect(ipc.inputsOf('jobs:track')).toEqual([]);
  });

  it('a job that ends reads the instance list again; drop and pin update it at once', async () => {
    const store = useDatabasesStore();
    await store.load('p1', 'sql-a');
    rows = [database('Sales'), database('Ledger'), database('New DB')];
    ipc.emit('jobs:onDidChange', {
      kind: 'succeeded',
      job: { ...TRACKED, status: 'Succeeded', phase: 'succeeded' },
    });
    await flush();
    expect(store.entry('p1', 'sql-a').items).toHaveLength(3);

    await store.drop({ ...ref, databaseName: 'Ledger' });
    expect(store.entry('p1', 'sql-a').items.map((d) => d.name)).toEqual(['Sales', 'New DB']);
    await store.pin(ref, { pinned: true, pinExpiration: null });
    expect(store.find(ref)?.pinned).toBe(true);
  });

  it('lists a database’s open sessions for the drop summary', async () => {
    ipc.handlers['sessions:listByDatabase'] = () => [{ sessionId: 61 }, { sessionId: 62 }];
    const store = useDatabasesStore();
    expect(await store.openSessions(ref)).toHaveLength(2);
  });
});

describe('useInstancesStore', () => {
  it('lists, finds by name in any case, and sends security group operations', async () => {
    const ipc = explorerIpc({
      'instances:list': () => [{ name: 'sql-A', status: 'Online' }],
      'instances:updateSecurity': () => undefined,
    });
    const store = useInstancesStore();
    await store.ensure('p1');
    expect(store.find('p1', 'SQL-a')?.name).toBe('sql-A');
    await store.updateSecurity('p1', 'sql-A', [
      { operation: 'Add', targetProperty: 'groupId', value: 'g1' },
    ]);
    expect(ipc.inputsOf('instances:updateSecurity')).toEqual([
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-A' },
        body: [{ operation: 'Add', targetProperty: 'groupId', value: 'g1' }],
      },
    ]);
  });
});
