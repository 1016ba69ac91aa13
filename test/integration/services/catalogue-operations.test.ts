import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogue } from '../../../src/shared/contract/catalogue';
import { isFinalJobStatus } from '../../../src/shared/contract/enums';
import { jobIdFromLocation } from '../../../src/shared/contract/paths';
import { AuthApi } from '../../../src/main/services/connection/auth-api';
import type { ServiceClient } from '../../../src/main/services/http/service-client';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from '../../support/emulator-fixture';

/*
 * Every operation against the emulator over real HTTP: all 51 of the catalogue, each called
 * the way the app calls it, `client.call('group.op', input)` (the token service's two through
 * AuthApi, the port token sign-in uses). The request log proves each one reached the service.
 */

const PROD = 'sql-eu-prod-01';
const DEV = 'sql-eu-dev-01';
const GROUP = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a51'; // "Analysts" of the emulator's tenant

let env: RecordingEmulator;
let client: ServiceClient;
const called = new Set<string>();

async function finished(instanceName: string, jobId: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const job = await client.call('jobs.getByInstance', { pathParams: { instanceName, jobId } });
      if (!isFinalJobStatus(job.status)) throw new Error(`job ${jobId} is ${job.status}`);
      return job.status;
    },
    { timeout: 10_000, interval: 25 },
  );
}

beforeAll(async () => {
  env = await startRecordingEmulator({ jobMs: 50 });
  client = apiKeyClient(env.emulator).client;
  const original = client.callWithHeaders.bind(client);
  vi.spyOn(client, 'callWithHeaders').mockImplementation((id, input, options) => {
    called.add(id);
    return original(id, input, options);
  });
});

afterAll(() => env.close());

describe('the catalogue-typed client against the emulator', () => {
  it('instances and linked servers', async () => {
    const instances = await client.call('instances.list', {});
    expect(instances.map((i) => i.name)).toContain(PROD);
    expect((await client.call('instances.get', { pathParams: { instanceName: PROD } })).name).toBe(
      PROD,
    );
    await client.call('instances.updateSecurity', {
      pathParams: { instanceName: PROD },
      body: [{ operation: 'Add', targetProperty: 'groupId', value: GROUP }],
    });
    await client.call('linkedServers.create', {
      pathParams: { instanceName: PROD },
      body: { linkedServerName: DEV },
    });
    const links = await client.call('linkedServers.list', { pathParams: { instanceName: PROD } });
    expect(links.map((l) => l.linkedServerName?.toLowerCase())).toContain(DEV);
    await client.call('linkedServers.delete', {
      pathParams: { instanceName: PROD, linkedServerName: DEV },
    });
  });

  it('databases: create, read, pin, security, archive, export, move, rename, shrink, drop', async () => {
    const db = { instanceName: PROD, databaseName: 'Svc_Test_A' };
    const created = await client.call('databases.create', {
      pathParams: { instanceName: PROD },
      body: { databaseName: db.databaseName },
    });
    expect(await finished(PROD, created.jobId)).toBe('Succeeded');
    const list = await client.call('databases.list', {
      pathParams: { instanceName: PROD },
      query: { sort: 'name ASC' },
    });
    expect(list.map((d) => d.name)).toContain(db.databaseName);
    expect((await client.call('databases.get', { pathParams: db })).name).toBe(db.databaseName);
    await client.call('databases.pin', { pathParams: db, body: { pinned: true } });
    await client.call('databases.updateSecurity', {
      pathParams: db,
      body: [{ operation: 'Add', targetProperty: 'groupId', value: GROUP }],
    });
    const headers = { 'x-platform-resource-group-id': randomUUID() };
    const archived = await client.call('databases.archive', { pathParams: db, headers, body: {} });
    expect(await finished(PROD, archived.jobId)).toBe('Succeeded');
    const archiveId =
      archived.archiveId ??
      (await client.call('archives.list', { pathParams: { instanceName: PROD } }))[0]?.archiveId ??
      '';
    await client.call('databases.updateArchive', {
      pathParams: { ...db, archiveId },
      headers,
      body: { storageType: 'Permanent' },
    });
    const exported = await client.call('databases.export', {
      pathParams: db,
      query: { exportTo: 1 },
    });
    expect(await finished(PROD, exported.jobId)).toBe('Succeeded');
    const shrunk = await client.call('databases.shrink', {
      pathParams: db,
      body: { truncateLogsOnly: true },
    });
    expect(await finished(PROD, shrunk.jobId)).toBe('Succeeded');
    const renamed = await client.call('databases.rename', {
      pathParams: db,
      body: { name: 'Svc_Test_B' },
    });
    expect(await finished(PROD, renamed.jobId)).toBe('Succeeded');
    // Move answers `{}` and names its job only in the Location header.
    const moved = await client.callWithHeaders('databases.move', {
      pathParams: { instanceName: PROD, databaseName: 'Svc_Test_B' },
      body: { serverName: DEV },
    });
    const location = moved.headers['location'];
    expect(location).toMatch(/Jobs\//i);
    expect(await finished(PROD, jobIdFromLocation(location ?? '') ?? '')).toBe('Succeeded');
    await client.call('databases.drop', {
      pathParams: { instanceName: DEV, databaseName: 'Svc_Test_B' },
    });
  });

  it('uploads and import: init, part URL, proxied part, complete, prepare, import', async () => {
    const target = {
      instanceName: PROD,
      databaseName: 'Svc_Import',
      fileExtension: 'bak' as const,
    };
    const { uploadId } = await client.call('uploads.init', { pathParams: target });
    const part = { ...target, uploadId, partNumber: 1 };
    const url = await client.call('uploads.getPartUrl', { pathParams: part });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const bytes = new Uint8Array(4096);
    bytes.set(new TextEncoder().encode('TAPE'));
    const etag = await client.call('uploads.putPart', { pathParams: part, body: bytes });
    expect(etag.length).toBeGreaterThan(0);
    await client.call('uploads.complete', {
      pathParams: target,
      body: { uploadId, etags: { '1': etag } },
    });
    const prepared = await client.call('databases.prepareImport', {
      pathParams: { instanceName: PROD, databaseName: 'Svc_Import' },
      query: { importFrom: 1 },
    });
    expect(prepared).toHaveProperty('backupUri');
    const imported = await client.call('databases.import', {
      pathParams: { instanceName: PROD, databaseName: 'Svc_Import' },
      query: { importFrom: 1 },
      body: {},
    });
    expect(await finished(PROD, imported.jobId)).toBe('Succeeded');
  });

  it('archives: list, read, restore, delete', async () => {
    const archives = await client.call('archives.list', {
      pathParams: { instanceName: PROD },
      query: { sort: 'createDate DESC', limit: 50, offset: 0 },
    });
    expect(archives.length).toBeGreaterThan(1);
    const [first, second] = archives;
    const detail = await client.call('archives.get', {
      pathParams: { instanceName: PROD, archiveId: first?.archiveId ?? '' },
    });
    expect(detail.archiveId).toBe(first?.archiveId);
    const restoring = await client.call('archives.restore', {
      pathParams: { instanceName: PROD, archiveId: first?.archiveId ?? '' },
      body: { databaseName: 'Svc_Restored' },
    });
    expect(['Succeeded', 'Failed']).toContain(await finished(PROD, restoring.jobId));
    await client.call('archives.delete', {
      pathParams: { instanceName: PROD, archiveId: second?.archiveId ?? '' },
    });
  });

  it('jobs: by id and by instance', async () => {
    const jobs = await client.call('jobs.listByInstance', { pathParams: { instanceName: PROD } });
    const job = jobs[0];
    expect(job).toBeDefined();
    const jobId = job?.id ?? '';
    expect(await client.call('jobs.getStatus', { pathParams: { jobId } })).toBe(job?.status);
    expect(await client.call('jobs.getDetails', { pathParams: { jobId } })).toHaveProperty('error');
    expect(
      (await client.call('jobs.getByInstance', { pathParams: { instanceName: PROD, jobId } })).id,
    ).toBe(jobId);
    await expect(
      client.call('jobs.getStatus', { pathParams: { jobId: 'no-such-job' } }),
    ).rejects.toMatchObject({
      code: 'GONE',
      operation: 'jobs.getStatus',
    });
  });

  it('sessions: list (with a filter), by database, terminate', async () => {
    const all = await client.call('sessions.list', { pathParams: { instanceName: PROD } });
    // User sessions only: SQL Server's system sessions (spid 50 and below) cannot be killed.
    const onDb = all.filter(
      (s) => s.sessionId > 50 && typeof s.databaseName === 'string' && s.databaseName !== '',
    );
    expect(onDb.length).toBeGreaterThan(1);
    const [a, b] = onDb;
    const filtered = await client.call('sessions.list', {
      pathParams: { instanceName: PROD },
      query: { filter: `sessionId = ${a?.sessionId ?? 0}` },
    });
    expect(filtered.map((s) => s.sessionId)).toEqual([a?.sessionId]);
    const byDb = await client.call('sessions.listByDatabase', {
      pathParams: { instanceName: PROD, databaseName: a?.databaseName ?? '' },
    });
    expect(byDb.map((s) => s.sessionId)).toContain(a?.sessionId);
    await client.call('sessions.killByDatabase', {
      pathParams: {
        instanceName: PROD,
        databaseName: a?.databaseName ?? '',
        spid: String(a?.sessionId),
      },
    });
    await client.call('sessions.kill', {
      pathParams: { instanceName: PROD, spid: String(b?.sessionId) },
    });
  });

  it('logins: list, create, change password, delete', async () => {
    const created = await client.call('logins.create', {
      pathParams: { instanceName: PROD },
      body: { login: 'svc_user', password: 'Str0ng!Passw0rd', role: 'Consumer' },
    });
    expect(await finished(PROD, created.jobId)).toBe('Succeeded');
    const logins = await client.call('logins.list', { pathParams: { instanceName: PROD } });
    expect(logins.map((l) => l.name)).toContain('svc_user');
    await client.call('logins.updatePassword', {
      pathParams: { instanceName: PROD, loginName: 'svc_user' },
      body: { password: 'An0ther!Passw0rd' },
    });
    const deleted = await client.call('logins.delete', {
      pathParams: { instanceName: PROD, loginName: 'svc_user' },
    });
    if (deleted) expect(typeof deleted.jobId).toBe('string');
  });

  it('cluster ACL and TLS, and the client IP', async () => {
    expect(await client.call('cluster.get', {})).toHaveProperty('cidrEntries');
    await client.call('cluster.addAllowedIp', {
      body: { cidrEntry: { cidrBlock: '203.0.113.7/32', comment: 'one' } },
    });
    await client.call('cluster.overwriteAllowedIps', {
      body: {
        addCidrEntries: [{ cidrBlock: '198.51.100.0/24', comment: 'range' }],
        removeCidrEntries: [],
      },
    });
    const entries = await client.call('cluster.listAllowedIps', {});
    expect(entries.map((e) => e.cidrBlock)).toEqual(expect.arrayContaining(['198.51.100.0/24']));
    await client.call('cluster.deleteAllowedRange', {
      pathParams: { cidrIpAddress: '198.51.100.0', cidrIpPrefix: '24' },
    });
    await client.call('cluster.deleteAllowedIp', { pathParams: { ipAddress: '203.0.113.7' } });
    await client.call('cluster.setServerSecurity', { body: { minTlsVersion: '1.2' } });
    expect(await client.call('cluster.getServerSecurity', {})).toMatchObject({
      minTlsVersion: '1.2',
    });
    expect(await client.call('clientIp.get', {})).toMatchObject({
      clientIP: expect.any(String) as unknown,
    });
  });

  it('the token service: login and refresh', async () => {
    const auth = new AuthApi(client);
    const tokens = await auth.loginImplicit({
      body: { tenantName: 'demo', username: 'admin', password: 'demo' },
    });
    const renewed = await auth.refresh({ body: { refreshToken: tokens.refreshToken } });
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
  });

  it('covered every operation of the catalogue, each reaching the service', () => {
    expect([...called].sort()).toEqual(catalogue.map((op) => op.id).sort());
    expect(env.requests.length).toBeGreaterThanOrEqual(catalogue.length);
  });
});
