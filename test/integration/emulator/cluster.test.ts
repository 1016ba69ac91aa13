import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import type {
  CidrEntry,
  Cluster,
  GetMyIpResponse,
  ServerSecurity,
} from '../../../src/shared/contract/records/cluster';
import { KEYS, expectOp, expectOpError } from '../../support/emulator-client';

let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ jobMs: 50, seed: 'empty' });
});
afterAll(async () => {
  await em.close();
});

const blocks = async () =>
  (await expectOp<CidrEntry[]>(em, 'cluster.listAllowedIps', 200)).map((e) => e.cidrBlock);

describe('cluster ACL', () => {
  it('reads the cluster with its ACL; Admin only', async () => {
    const cluster = await expectOp<Cluster>(em, 'cluster.get', 200);
    expect(cluster.cidrEntries.map((e) => e.cidrBlock)).toContain('127.0.0.0/8');
    await expectOpError(em, 'cluster.get', 403, { auth: KEYS.contributor });
    await expectOpError(em, 'cluster.listAllowedIps', 403, { auth: KEYS.consumer });
  });

  it('adds entries (an existing block is updated, not doubled); 400 for an invalid CIDR or IP', async () => {
    await expectOp(em, 'cluster.addAllowedIp', 200, {
      body: { cidrEntry: { cidrBlock: '203.0.113.0/24', comment: 'office' } },
    });
    await expectOp(em, 'cluster.addAllowedIp', 200, {
      body: { cidrEntry: { cidrBlock: '203.0.113.0/24', comment: 'office (new)' } },
    });
    const entries = await expectOp<CidrEntry[]>(em, 'cluster.listAllowedIps', 200);
    expect(entries.filter((e) => e.cidrBlock === '203.0.113.0/24')).toEqual([
      { cidrBlock: '203.0.113.0/24', comment: 'office (new)' },
    ]);
    for (const cidrBlock of ['203.0.113.0/33', '999.1.1.1', '10.0.0.0/', 'not-an-ip', '::g/64']) {
      await expectOpError(em, 'cluster.addAllowedIp', 400, {
        body: { cidrEntry: { cidrBlock, comment: '' } },
      });
    }
    await expectOpError(em, 'cluster.addAllowedIp', 400, {
      body: { cidrEntry: { cidrBlock: '198.51.100.7' } },
    });
  });

  it('overwrites in one step with PATCH', async () => {
    await expectOp(em, 'cluster.overwriteAllowedIps', 200, {
      body: {
        addCidrEntries: [
          { cidrBlock: '198.51.100.7', comment: 'vpn' },
          { cidrBlock: '2001:db8::/32', comment: 'v6' },
        ],
        removeCidrEntries: ['203.0.113.0/24', '192.0.2.0/24'],
      },
    });
    const now = await blocks();
    expect(now).toEqual(expect.arrayContaining(['198.51.100.7', '2001:db8::/32', '127.0.0.0/8']));
    expect(now).not.toContain('203.0.113.0/24');
    await expectOpError(em, 'cluster.overwriteAllowedIps', 400, {
      body: { addCidrEntries: [{ cidrBlock: '1.2.3.4/40', comment: '' }], removeCidrEntries: [] },
    });
    expect(await blocks()).toEqual(now);
  });

  it('deletes by IP and by range; 404 when absent, 400 when invalid', async () => {
    await expectOp(em, 'cluster.deleteAllowedIp', 200, { params: { ipAddress: '198.51.100.7' } });
    await expectOpError(em, 'cluster.deleteAllowedIp', 404, {
      params: { ipAddress: '198.51.100.7' },
    });
    await expectOpError(em, 'cluster.deleteAllowedIp', 400, { params: { ipAddress: '300.1.1.1' } });
    await expectOp(em, 'cluster.deleteAllowedRange', 200, {
      params: { cidrIpAddress: '2001:DB8:0::', cidrIpPrefix: '32' },
    });
    expect(await blocks()).not.toContain('2001:db8::/32');
    await expectOpError(em, 'cluster.deleteAllowedRange', 404, {
      params: { cidrIpAddress: '10.9.0.0', cidrIpPrefix: '16' },
    });
    await expectOpError(em, 'cluster.deleteAllowedRange', 400, {
      params: { cidrIpAddress: '10.9.0.0', cidrIpPrefix: '99' },
    });
    await expectOpError(
      em,
      'cluster.deleteAllowedRange',
      400,
      { params: { cidrIpAddress: '10.9.0.0', cidrIpPrefix: 'abc' } },
      /cidrIpPrefix/,
    );
  });
});

describe('TLS and client IP', () => {
  it('sets and reads the minimum TLS version; 400 for an unknown version', async () => {
    await expectOp(em, 'cluster.setServerSecurity', 200, { body: { minTlsVersion: '1.1' } });
    expect(await expectOp<ServerSecurity>(em, 'cluster.getServerSecurity', 200)).toMatchObject({
      minTlsVersion: '1.1',
    });
    await expectOpError(
      em,
      'cluster.setServerSecurity',
      400,
      { body: { minTlsVersion: '1.3' } },
      /TLS/,
    );
    await expectOpError(em, 'cluster.setServerSecurity', 400, { body: {} });
    await expectOpError(em, 'cluster.setServerSecurity', 403, {
      body: { minTlsVersion: '1.2' },
      auth: KEYS.contributor,
    });
  });

  it('tells the caller its address and whether the ACL allows it', async () => {
    const mine = await expectOp<GetMyIpResponse>(em, 'clientIp.get', 200, { auth: KEYS.consumer });
    expect(mine).toEqual({ clientIP: '127.0.0.1', isAllowed: true });
    await expectOp(em, 'cluster.deleteAllowedRange', 200, {
      params: { cidrIpAddress: '127.0.0.0', cidrIpPrefix: '8' },
    });
    expect(await expectOp<GetMyIpResponse>(em, 'clientIp.get', 200)).toEqual({
      clientIP: '127.0.0.1',
      isAllowed: false,
    });
    await expectOp(em, 'cluster.addAllowedIp', 200, {
      body: { cidrEntry: { cidrBlock: '127.0.0.1', comment: 'me' } },
    });
    expect((await expectOp<GetMyIpResponse>(em, 'clientIp.get', 200)).isAllowed).toBe(true);
  });
});
