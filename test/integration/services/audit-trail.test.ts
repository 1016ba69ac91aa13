import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUDITED_OPERATIONS } from '../../../src/main/services/audit/audit-policy';
import { auditDir } from '../../../src/main/services/config/app-paths';
import { createAudit, listKills, type Audit } from '../../../src/main/services/audit/audit-setup';
import {
  createConnection,
  type Connection,
} from '../../../src/main/services/connection/connection';
import { createDispatcher } from '../../../src/main/services/http/dispatcher';
import type { ServiceClient } from '../../../src/main/services/http/service-client';
import { JobWatcher } from '../../../src/main/services/jobs/job-watcher';
import { silentLogger } from '../../../src/main/services/log/logger';
import { catalogue } from '../../../src/shared/contract/catalogue';
import { isFinalJobStatus } from '../../../src/shared/contract/enums';
import type { AuditCallRecord } from '../../../src/shared/model/audit';
import type { Profile, ProfileSecretInput } from '../../../src/shared/model/profile';
import { startRecordingEmulator, type RecordingEmulator } from '../../support/emulator-fixture';

/*
 * The audit trail of the services path: every operation that changes something, called the
 * way the app calls it (a connection's catalogue-typed client) against the emulator over real
 * HTTP, leaves exactly one record, reads leave none, and no secret reaches the files.
 */

const PROD = 'sql-eu-prod-01';
const DEV = 'sql-eu-dev-01';
const GROUP = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a51';
const API_KEY = 'demo-admin-key';
const PASSWORDS = ['Str0ng!Passw0rd', 'An0ther!Passw0rd'];

let env: RecordingEmulator;
let dataDir: string;
let audit: Audit;
let dispatcher: Dispatcher;
let connection: Connection;
let client: ServiceClient;

function profileOf(auth: Profile['auth'], name: string): Profile {
  const time = '2026-11-27T00:00:00.000Z';
  return {
    id: `profile-${name}`,
    name,
    target: { kind: 'custom', baseUrl: env.emulator.baseUrl },
    auth,
    color: '#1f6feb',
    readOnly: false,
    isEmulator: false,
    createdAt: time,
    updatedAt: time,
  };
}

function connect(profile: Profile, secret: ProfileSecretInput): Connection {
  return createConnection(profile, secret, {
    endpoints: { baseUrl: env.emulator.baseUrl, authUrl: env.emulator.authUrl },
    dispatcher,
    logger: silentLogger,
    sessionOnly: false,
    audit: audit.auditor,
  });
}

async function finished(instanceName: string, jobId: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const job = await client.call('jobs.getByInstance', { pathParams: { instanceName, jobId } });
      if (!isFinalJobStatus(job.status)) throw new Error(`job ${jobId} is ${job.status}`);
    },
    { timeout: 10_000, interval: 25 },
  );
}

async function calls(): Promise<AuditCallRecord[]> {
  const list = await audit.trail.list();
  expect(list.verdict).toEqual({ status: 'ok' });
  return list.records.filter((r): r is AuditCallRecord => r.type === 'call');
}

beforeAll(async () => {
  env = await startRecordingEmulator({ jobMs: 50 });
  dataDir = await mkdtemp(join(tmpdir(), 'audit-services-'));
  audit = createAudit({ dataDir, source: { kind: 'app', version: '9.9.9' }, logger: silentLogger });
  dispatcher = createDispatcher({ env: {} });
  connection = connect(profileOf({ kind: 'apiKey' }, 'Emulator'), { apiKey: API_KEY });
  client = connection.client;
});

afterAll(async () => {
  await dispatcher.close();
  await env.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Calls every operation that changes something, with reads in between. */
async function changeEverything(): Promise<void> {
  await client.call('instances.list', {});
  await client.call('instances.updateSecurity', {
    pathParams: { instanceName: PROD },
    body: [{ operation: 'Add', targetProperty: 'groupId', value: GROUP }],
  });
  await client.call('linkedServers.create', {
    pathParams: { instanceName: PROD },
    body: { linkedServerName: DEV },
  });
  await client.call('linkedServers.delete', {
    pathParams: { instanceName: PROD, linkedServerName: DEV },
  });
  const db = { instanceName: PROD, databaseName: 'Audit_A' };
  const created = await client.call('databases.create', {
    pathParams: { instanceName: PROD },
    body: { databaseName: db.databaseName },
  });
  await finished(PROD, created.jobId);
  await client.call('databases.get', { pathParams: db });
  await client.call('databases.pin', { pathParams: db, body: { pinned: true } });
  await client.call('databases.updateSecurity', {
    pathParams: db,
    body: [{ operation: 'Add', targetProperty: 'groupId', value: GROUP }],
  });
  const headers = { 'x-platform-resource-group-id': randomUUID() };
  const archived = await client.call('databases.archive', { pathParams: db, headers, body: {} });
  await finished(PROD, archived.jobId);
  const archives = await client.call('archives.list', { pathParams: { instanceName: PROD } });
  const archiveId = archived.archiveId ?? archives[0]?.archiveId ?? '';
  await client.call('databases.updateArchive', {
    pathParams: { ...db, archiveId },
    headers,
    body: { storageType: 'Permanent' },
  });
  const exported = await client.call('databases.export', {
    pathParams: db,
    query: { exportTo: 1 },
  });
  await finished(PROD, exported.jobId);
  const shrunk = await client.call('databases.shrink', {
    pathParams: db,
    body: { truncateLogsOnly: true },
  });
  await finished(PROD, shrunk.jobId);
  const renamed = await client.call('databases.rename', {
    pathParams: db,
    body: { name: 'Audit_B' },
  });
  await finished(PROD, renamed.jobId);
  await client.callWithHeaders('databases.move', {
    pathParams: { instanceName: PROD, databaseName: 'Audit_B' },
    body: { serverName: DEV },
  });
  await vi.waitFor(
    async () => {
      const list = await client.call('databases.list', { pathParams: { instanceName: DEV } });
      if (!list.some((d) => d.name === 'Audit_B')) throw new Error('not moved yet');
    },
    { timeout: 10_000, interval: 25 },
  );
  await client.call('databases.drop', {
    pathParams: { instanceName: DEV, databaseName: 'Audit_B' },
  });
  await uploadAndImport();
  await archivesSessionsLoginsCluster(archives.map((a) => a.archiveId));
}

async function uploadAndImport(): Promise<void> {
  const target = {
    instanceName: PROD,
    databaseName: 'Audit_Import',
    fileExtension: 'bak' as const,
  };
  const { uploadId } = await client.call('uploads.init', { pathParams: target });
  const part = { ...target, uploadId, partNumber: 1 };
  const bytes = new Uint8Array(4096);
  bytes.set(new TextEncoder().encode('TAPE'));
  const etag = await client.call('uploads.putPart', { pathParams: part, body: bytes });
  await client.call('uploads.complete', {
    pathParams: target,
    body: { uploadId, etags: { '1': etag } },
  });
  const imported = await client.call('databases.import', {
    pathParams: { instanceName: PROD, databaseName: 'Audit_Import' },
    query: { importFrom: 1 },
    body: {},
  });
  await finished(PROD, imported.jobId);
}

async function archivesSessionsLoginsCluster(
  archiveIds: readonly (string | null | undefined)[],
): Promise<void> {
  const [first, second] = archiveIds;
  const restoring = await client.call('archives.restore', {
    pathParams: { instanceName: PROD, archiveId: first ?? '' },
    body: { databaseName: 'Audit_Restored' },
  });
  await finished(PROD, restoring.jobId);
  await client.call('archives.delete', {
    pathParams: { instanceName: PROD, archiveId: second ?? '' },
  });
  const sessions = (
    await client.call('sessions.list', { pathParams: { instanceName: PROD } })
  ).filter((s) => s.sessionId > 50 && typeof s.databaseName === 'string' && s.databaseName !== '');
  const [a, b] = sessions;
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
  const login = await client.call('logins.create', {
    pathParams: { instanceName: PROD },
    body: { login: 'audit_user', password: PASSWORDS[0] ?? '', role: 'Consumer' },
  });
  await finished(PROD, login.jobId);
  await client.call('logins.updatePassword', {
    pathParams: { instanceName: PROD, loginName: 'audit_user' },
    body: { password: PASSWORDS[1] ?? '' },
  });
  await client.call('logins.delete', {
    pathParams: { instanceName: PROD, loginName: 'audit_user' },
  });
  await client.call('cluster.addAllowedIp', {
    body: { cidrEntry: { cidrBlock: '203.0.113.7/32', comment: 'one' } },
  });
  await client.call('cluster.overwriteAllowedIps', {
    body: {
      addCidrEntries: [{ cidrBlock: '198.51.100.0/24', comment: 'range' }],
      removeCidrEntries: [],
    },
  });
  await client.call('cluster.deleteAllowedRange', {
    pathParams: { cidrIpAddress: '198.51.100.0', cidrIpPrefix: '24' },
  });
  await client.call('cluster.deleteAllowedIp', { pathParams: { ipAddress: '203.0.113.7' } });
  await client.call('cluster.setServerSecurity', { body: { minTlsVersion: '1.2' } });
  await client.call('cluster.getServerSecurity', {});
}

describe('the audit trail of the services path', () => {
  it('records one record per change and none for reads', async () => {
    const before = env.requests.length;
    await changeEverything();
    expect(env.requests.length).toBeGreaterThan(before);
    const records = await calls();
    const recorded = records.map((r) => r.operation);
    expect([...new Set(recorded)].sort()).toEqual([...AUDITED_OPERATIONS].sort());
    // One per call: each operation was called once above.
    expect(recorded).toHaveLength(AUDITED_OPERATIONS.length);
    const reads = catalogue.filter((op) => op.method === 'GET').map((op) => op.id as string);
    for (const id of recorded) expect(reads).not.toContain(id);
  }, 60_000);

  it('names who, where, what and how for each record', async () => {
    const records = await calls();
    const drop = records.find((r) => r.operation === 'databases.drop');
    expect(drop).toMatchObject({
      source: { kind: 'app', version: '9.9.9' },
      profile: { id: 'profile-Emulator', name: 'Emulator' },
      principal: {
        kind: 'apiKey',
        keyFingerprint: expect.stringMatching(/^[0-9a-f]{12}$/) as unknown,
      },
      host: new URL(env.emulator.baseUrl).host,
      target: { instanceName: DEV, databaseName: 'Audit_B' },
      outcome: { ok: true, status: expect.any(Number) as unknown },
    });
    expect(drop?.region).toBeUndefined();
    const created = records.find((r) => r.operation === 'databases.create');
    expect(created?.outcome.jobId).toEqual(expect.any(String));
    expect(created?.input).toEqual({ body: { databaseName: 'Audit_A' } });
    // Move names its job only in Location.
    expect(records.find((r) => r.operation === 'databases.move')?.outcome.jobId).toEqual(
      expect.any(String),
    );
    const login = records.find((r) => r.operation === 'logins.create');
    expect(login?.input).toEqual({
      body: { login: 'audit_user', password: '[redacted]', role: 'Consumer' },
    });
  });

  it('records a failed change with its status and error code', async () => {
    await expect(
      client.call('databases.drop', {
        pathParams: { instanceName: PROD, databaseName: 'NoSuchDb' },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const failed = (await calls()).at(-1);
    expect(failed).toMatchObject({
      operation: 'databases.drop',
      target: { instanceName: PROD, databaseName: 'NoSuchDb' },
      outcome: {
        ok: false,
        status: 404,
        code: 'NOT_FOUND',
        message: expect.any(String) as unknown,
      },
    });
  });

  it('records a token sign-in by tenant and user, and not the sign-in itself', async () => {
    const token = connect(
      profileOf({ kind: 'token', tenantName: 'demo', userName: 'admin' }, 'Token'),
      { password: 'demo' },
    );
    const auth = token.auth as { signIn?: (password: string) => Promise<void> };
    await auth.signIn?.('demo');
    await token.client.call('cluster.setServerSecurity', { body: { minTlsVersion: '1.1' } });
    token.auth.dispose();
    const last = (await audit.trail.list()).records.at(-1);
    expect(last).toMatchObject({
      type: 'call',
      operation: 'cluster.setServerSecurity',
      principal: { kind: 'token', tenantName: 'demo', userName: 'admin' },
      input: { body: { minTlsVersion: '1.1' } },
    });
    expect((await calls()).some((r) => r.operation.startsWith('auth.'))).toBe(false);
  });

  it('records how a job the app follows ended, linked by its job id', async () => {
    const watcher = new JobWatcher({ clientFor: () => client, logger: silentLogger });
    const stop = watcher.onDidChange((event) => void audit.auditor.jobEnded(event));
    watcher.start();
    try {
      const started = await client.call('databases.shrink', {
        pathParams: { instanceName: PROD, databaseName: 'Audit_Import' },
        body: { truncateLogsOnly: true },
      });
      watcher.track({ profileId: 'profile-Emulator', instanceName: PROD, jobId: started.jobId });
      const ended = await vi.waitFor(
        async () => {
          const list = await audit.trail.list({ operations: ['databases.shrink'] });
          const record = list.records.find(
            (r) => r.type === 'jobEnded' && r.jobId === started.jobId,
          );
          if (!record) throw new Error('no jobEnded yet');
          return record;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(ended).toMatchObject({ phase: 'succeeded', instanceName: PROD });
    } finally {
      stop();
      watcher.dispose();
    }
  });

  it('answers the kills as a filter of the trail', async () => {
    const kills = await listKills(audit.trail);
    expect(kills.records.map((r) => (r.type === 'call' ? r.operation : r.type)).sort()).toEqual([
      'sessions.kill',
      'sessions.killByDatabase',
    ]);
  });

  it('writes no secret to any file of the trail', async () => {
    const dir = auditDir(dataDir);
    let text = '';
    for (const name of await readdir(dir)) text += await readFile(join(dir, name), 'utf8');
    expect(text.length).toBeGreaterThan(1000);
    for (const secret of [API_KEY, ...PASSWORDS]) expect(text).not.toContain(secret);
  });
});
