import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { useClusterStore } from '@renderer/stores/cluster-store';
import { fakeIpc } from '../../../../support/renderer/resources-fake-ipc';

const entries = [
  { cidrBlock: '127.0.0.0/8', comment: 'Loopback' },
  { cidrBlock: '198.51.100.7', comment: 'VPN' },
];

function service(role: 'Admin' | 'Consumer' = 'Admin') {
  const forbidden = () => {
    throw new AppError({
      code: 'FORBIDDEN',
      message: 'Only an Admin may read the cluster.',
      status: 403,
    });
  };
  const admin = <T>(value: T) => (role === 'Admin' ? () => value : forbidden);
  return fakeIpc({
    'cluster:get': admin({ name: 'demo', state: 'Ready', cidrEntries: entries }),
    'cluster:listAllowedIps': admin(entries),
    'cluster:getServerSecurity': admin({ minTlsVersion: '1.2', allConnectionsEncrypted: true }),
    'clientIp:get': () => ({ clientIP: '127.0.0.1', isAllowed: true }),
    'cluster:addAllowedIp': () => undefined,
    'cluster:overwriteAllowedIps': () => undefined,
    'cluster:deleteAllowedIp': () => undefined,
    'cluster:deleteAllowedRange': () => undefined,
    'cluster:setServerSecurity': () => undefined,
  });
}

describe('useClusterStore', () => {
  it('loads the cluster, its ACL, its TLS setting and the caller address', async () => {
    service();
    const store = useClusterStore();
    await store.openCluster('p1');
    expect(store.cluster.data?.name).toBe('demo');
    expect(store.allowedIps.data).toEqual(entries);
    expect(store.security.data?.minTlsVersion).toBe('1.2');
    expect(store.myIp.data).toEqual({ clientIP: '127.0.0.1', isAllowed: true });
  });

  it('loads the parts on their own: a Consumer still sees its own address', async () => {
    service('Consumer');
    const store = useClusterStore();
    await store.openCluster('p1');
    expect(store.cluster.error?.message).toBe('Only an Admin may read the cluster.');
    expect(store.allowedIps.error?.code).toBe('FORBIDDEN');
    expect(store.myIp.data?.clientIP).toBe('127.0.0.1');
    expect(store.myIp.error).toBeUndefined();
  });

  it('removes an address by IP and a range by address and prefix, then reads the ACL again', async () => {
    const ipc = service();
    const store = useClusterStore();
    await store.openCluster('p1');
    await store.removeEntry('198.51.100.7');
    await store.removeEntry('127.0.0.0/8');
    expect(ipc.callsTo('cluster:deleteAllowedIp')).toEqual([
      { profileId: 'p1', pathParams: { ipAddress: '198.51.100.7' } },
    ]);
    expect(ipc.callsTo('cluster:deleteAllowedRange')).toEqual([
      { profileId: 'p1', pathParams: { cidrIpAddress: '127.0.0.0', cidrIpPrefix: '8' } },
    ]);
    expect(ipc.callsTo('cluster:listAllowedIps')).toHaveLength(3);
    await store.removeEntry('legacy gateway');
    expect(ipc.callsTo('cluster:overwriteAllowedIps')).toEqual([
      {
        profileId: 'p1',
        body: { addCidrEntries: [], removeCidrEntries: ['legacy gateway'] },
      },
    ]);
  });

  it('adds, overwrites and sets the TLS version with the contract bodies', async () => {
    const ipc = service();
    const store = useClusterStore();
    await store.openCluster('p1');
    await store.addEntry({ cidrBlock: '203.0.113.0/24', comment: 'Office' });
    const diff = {
      addCidrEntries: [{ cidrBlock: '10.0.0.0/8', comment: 'LAN' }],
      removeCidrEntries: ['198.51.100.7'],
    };
    await store.overwrite(diff);
    await store.setMinTlsVersion('1.1');
    expect(ipc.callsTo('cluster:addAllowedIp')).toEqual([
      { profileId: 'p1', body: { cidrEntry: { cidrBlock: '203.0.113.0/24', comment: 'Office' } } },
    ]);
    expect(ipc.callsTo('cluster:overwriteAllowedIps')).toEqual([{ profileId: 'p1', body: diff }]);
    expect(ipc.callsTo('cluster:setServerSecurity')).toEqual([
      { profileId: 'p1', body: { minTlsVersion: '1.1' } },
    ]);
    expect(ipc.callsTo('cluster:getServerSecurity')).toHaveLength(2);
  });

  it('forgets another profile when opened on a new one', async () => {
    service();
    const store = useClusterStore();
    await store.openCluster('p1');
    await store.openMyIp('p2');
    expect(store.profileId).toBe('p2');
    expect(store.cluster.data).toBeUndefined();
    expect(store.myIp.data?.clientIP).toBe('127.0.0.1');
  });
});
