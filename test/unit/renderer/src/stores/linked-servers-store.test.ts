import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import type { SqlInstance } from '@shared/contract/records/instances';
import { useLinkedServersStore } from '@renderer/stores/linked-servers-store';
import { fakeIpc } from '../../../../support/renderer/resources-fake-ipc';

const instance = (name: string): SqlInstance => ({
  name,
  uid: name,
  endpoint: `${name}:1433`,
  internalEndpoint: '10.0.0.1:1433',
  status: 'Online',
  totalDiskSpaceInMb: 1,
  availableDiskSpaceInMb: 1,
  usedDiskSpaceInMb: 0,
  databaseLimit: 1,
  pinnedDatabaseLimit: 1,
});
const target = { profileId: 'p1', instanceName: 'sql-eu-prod-01' };

describe('useLinkedServersStore', () => {
  it('offers the other instances of the profile that are not linked yet', async () => {
    const linked = [{ linkedServerName: 'SQL-EU-DEV-01', status: 'Connected' }];
    const ipc = fakeIpc({
      'linkedServers:list': () => linked,
      'instances:list': () => ['sql-eu-prod-01', 'sql-eu-dev-01', 'sql-eu-test-01'].map(instance),
      'linkedServers:create': () => undefined,
      'linkedServers:delete': () => undefined,
    });
    const store = useLinkedServersStore();
    await store.open(target);
    expect(store.candidates.map((i) => i.name)).toEqual(['sql-eu-test-01']);
    await store.create('sql-eu-test-01');
    expect(ipc.callsTo('linkedServers:create')).toEqual([
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-eu-prod-01' },
        body: { linkedServerName: 'sql-eu-test-01' },
      },
    ]);
    await store.remove('sql-eu-dev-01');
    expect(ipc.callsTo('linkedServers:delete')).toEqual([
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-eu-prod-01', linkedServerName: 'sql-eu-dev-01' },
      },
    ]);
    expect(store.linkedServers).toEqual([]);
  });

  it('keeps a failed list and a failed instance list apart', async () => {
    fakeIpc({
      'linkedServers:list': () => {
        throw new AppError({
          code: 'FORBIDDEN',
          message: 'Only an Admin may list linked servers.',
          status: 403,
        });
      },
      'instances:list': () => [instance('sql-eu-dev-01')],
    });
    const store = useLinkedServersStore();
    await store.open(target);
    expect(store.loadError?.code).toBe('FORBIDDEN');
    expect(store.loadError?.message).toBe('Only an Admin may list linked servers.');
    expect(store.instancesError).toBeUndefined();
    expect(store.candidates.map((i) => i.name)).toEqual(['sql-eu-dev-01']);
  });
});
