import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import type {
  ArchivesDetail,
  ArchivesResponse,
} from '../../../src/shared/contract/records/archives';
import type { Database } from '../../../src/shared/contract/records/databases';
import { KEYS, callOp, expectOp, expectOpError, waitForJob } from '../../support/emulator-client';

const PROD = 'sql-eu-prod-01';
const GROUP_HEADER = { 'x-platform-resource-group-id': '0d6f1e8a-1b2c-4d3e-8f40-5a6b7c8d9e01' };
const FINANCE = '8b3e4c90-5d6f-4071-8cbd-2e3f4a5b6c73';
const FUTURE = '2099-01-02T03:04:05.000';

let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ jobMs: 50 });
});
afterAll(async () => {
  await em.close();
});

const db = (databaseName: string, instanceName = PROD) => ({ instanceName, databaseName });
const names = (rows: Database[]) => rows.map((row) => row.name);

async function createAndWait(name: string, auth: string = KEYS.contributor): Promise<void> {
  const { jobId } = await expectOp<{ jobId: string }>(em, 'databases.create', 200, {
    params: { instanceName: PROD },
    body: { databaseName: name },
    auth,
  });
  expect(await waitForJob(em, jobId)).toBe('Succeeded');
}

describe('list and get databases', () => {
  it('lists the user databases; adminAccess=true adds system ones and is Admin-only', async () => {
    const rows = await expectOp<Database[]>(em, 'databases.list', 200, {
      params: { instanceName: PROD },
    });
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(names(rows)).toContain('RiskWarehouse');
    expect(names(rows)).not.toContain('tempdb');
    const all = await expectOp<Database[]>(em, 'databases.list', 200, {
      params: { instanceName: PROD },
      query: { adminAccess: true },
    });
    expect(names(all)).toContain('tempdb');
    await expectOpError(em, 'databases.list', 403, {
      params: { instanceName: PROD },
      query: { adminAccess: true },
      auth: KEYS.contributor,
    });
  });

  it('shows a Consumer only the databases it can access', async () => {
    const rows = await expectOp<Database[]>(em, 'databases.list', 200, {
      params: { instanceName: PROD },
      auth: KEYS.consumer,
    });
    expect(names(rows)).toContain('Analytics_Sandbox');
    expect(names(rows)).not.toContain('Finance_Ledger');
    await expectOpError(em, 'databases.get', 403, {
      params: db('Finance_Ledger'),
      auth: KEYS.consumer,
    });
  });

  it('sorts by the supported keys and refuses a bad sort', async () => {
    const rows = await expectOp<Database[]>(em, 'databases.list', 200, {
      params: { instanceName: PROD },
      query: { sort: 'sizeInMb DESC' },
    });
    expect(rows[0]?.name).toBe('RiskWarehouse');
    const sizes = rows.map((row) => row.sizeInMb);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    await expectOpError(
      em,
      'databases.list',
      400,
      { params: { instanceName: PROD }, query: { sort: 'owner DESC' } },
      /sort/i,
    );
  });

  it('gets one database, case-insensitively; 404 for an unknown database or instance', async () => {
    const row = await expectOp<Database>(em, 'databases.get', 200, { params: db('riskwarehouse') });
    expect(row.name).toBe('RiskWarehouse');
    expect(row.sizeInMb).toBeGreaterThan(100 * 1024);
    await expectOpError(em, 'databases.get', 404, { params: db('NoSuchDb') });
    await expectOpError(em, 'databases.get', 404, { params: db('RiskWarehouse', 'sql-nowhere') });
  });
});

describe('create and drop', () => {
  it('creates through a job; the database then reads Ready', async () => {
    await createAndWait('Created_By_Test');
    const row = await expectOp<Database>(em, 'databases.get', 200, {
      params: db('Created_By_Test'),
    });
    expect(row.status).toBe('Ready');
    expect(row.owner).toBe('apikey-contributor');
  });

  it('answers 409 for an existing name and 400 for the name rules', async () => {
    const create = (databaseName: unknown) => ({
      params: { instanceName: PROD },
      body: { databaseName },
    });
    await expectOpError(em, 'databases.create', 409, create('riskwarehouse'));
    await expectOpError(em, 'databases.create', 400, create('bad/name'));
    await expectOpError(em, 'databases.create', 400, create('x'.repeat(81)));
    await expectOpError(em, 'databases.create', 400, create(' padded'));
    await expectOpError(em, 'databases.create', 400, create(42));
    await expectOpError(em, 'databases.create', 403, { ...create('Nope'), auth: KEYS.consumer });
  });

  it('drops a database and keeps an archive of it with source type 0', async () => {
    await createAndWait('To_Be_Dropped');
    const drop = await callOp(em, 'databases.drop', { params: db('To_Be_Dropped') });
    expect([200, 204]).toContain(drop.status);
    await expectOpError(em, 'databases.get', 404, { params: db('To_Be_Dropped') });
    const archives = await expectOp<ArchivesResponse[]>(em, 'archives.list', 200, {
      params: { instanceName: PROD },
      query: { filter: 'name = "To_Be_Dropped"' },
    });
    expect(archives).toHaveLength(1);
    expect(archives[0]?.sourceTypeId).toBe(0);
    await expectOpError(em, 'databases.drop', 404, { params: db('To_Be_Dropped') });
  });
});

describe('pin and security', () => {
  it('pins with and without an expiry; refuses a past or malformed date', async () => {
    await expectOp(em, 'databases.pin', 200, {
      params: db('EDM_Japan_EQ'),
      body: { pinned: true, pinExpiration: '2099-05-01T00:00:00Z' },
    });
    let row = await expectOp<Database>(em, 'databases.get', 200, { params: db('EDM_Japan_EQ') });
    expect(row.pinned).toBe(true);
    expect(row.pinExpiration).toBe('2099-05-01T00:00:00.000Z');
    await expectOp(em, 'databases.pin', 200, {
      params: db('EDM_Japan_EQ'),
      body: { pinned: false },
    });
    row = await expectOp<Database>(em, 'databases.get', 200, { params: db('EDM_Japan_EQ') });
    expect(row.pinned).toBe(false);
    await expectOpError(em, 'databases.pin', 400, {
      params: db('EDM_Japan_EQ'),
      body: { pinned: true, pinExpiration: '2001-01-01T00:00:00Z' },
    });
    await expectOpError(em, 'databases.pin', 400, {
      params: db('EDM_Japan_EQ'),
      body: { pinned: true, pinExpiration: 'next week' },
    });
    await expectOpError(em, 'databases.pin', 400, { params: db('EDM_Japan_EQ'), body: {} });
  });

  it('adds and removes security groups; a secured database disappears for the Consumer', async () => {
    const patch = (operation: string, value = FINANCE) => ({
      params: db('EDM_Florida_Wind'),
      body: [{ operation, targetProperty: 'groupId', value }],
    });
    await expectOp(em, 'databases.updateSecurity', 204, patch('Add'));
    const row = await expectOp<Database>(em, 'databases.get', 200, {
      params: db('EDM_Florida_Wind'),
    });
    expect(row.secured).toBe(true);
    expect(row.groups.map((g) => g.groupName)).toEqual(['Finance']);
    await expectOpError(em, 'databases.get', 403, {
      params: db('EDM_Florida_Wind'),
      auth: KEYS.consumer,
    });
    await expectOp(em, 'databases.updateSecurity', 204, patch('Remove'));
    await expectOp(em, 'databases.get', 200, {
      params: db('EDM_Florida_Wind'),
      auth: KEYS.consumer,
    });
    // The interface has no rule against a group id the emulator does not know: it is added,
    // named by its id (only the seed's groups have demo names).
    await expectOp(em, 'databases.updateSecurity', 204, patch('Add', 'group-not-in-the-seed'));
    const added = await expectOp<Database>(em, 'databases.get', 200, {
      params: db('EDM_Florida_Wind'),
    });
    expect(added.groups).toEqual([
      { groupId: 'group-not-in-the-seed', groupName: 'group-not-in-the-seed' },
    ]);
    await expectOp(em, 'databases.updateSecurity', 204, patch('Remove', 'group-not-in-the-seed'));
    await expectOpError(em, 'databases.updateSecurity', 400, {
      params: db('EDM_Florida_Wind'),
      body: [],
    });
    await expectOpError(em, 'databases.updateSecurity', 403, {
      ...patch('Add'),
      auth: KEYS.contributor,
    });
  });
});

describe('archive a database and update the archive', () => {
  it('needs the resource group header and a future, well-formed expiry', async () => {
    const params = db('RDM_Cat_Bonds');
    await expectOpError(
      em,
      'databases.archive',
      400,
      { params, body: {} },
      /x-platform-resource-group-id/,
    );
    await expectOpError(
      em,
      'databases.archive',
      400,
      { params, headers: GROUP_HEADER, body: { expirationDate: '2001-01-01T00:00:00.000' } },
      /past/,
    );
    await expectOpError(em, 'databases.archive', 400, {
      params,
      headers: GROUP_HEADER,
      body: { expirationDate: '2099-02-30T00:00:00.000' },
    });
  });

  it('archives through a job; then the archive can be made Temporary and Permanent', async () => {
    const answer = await expectOp<{ jobId: string; archiveId: string }>(
      em,
      'databases.archive',
      200,
      {
        params: db('RDM_Cat_Bonds'),
        headers: GROUP_HEADER,
        body: {},
      },
    );
    expect(await waitForJob(em, answer.jobId)).toBe('Succeeded');
    const archiveParams = { instanceName: PROD, archiveId: answer.archiveId };
    let archive = await expectOp<ArchivesDetail>(em, 'archives.get', 200, {
      params: archiveParams,
    });
    expect(archive.name).toBe('RDM_Cat_Bonds');
    expect(archive.storageTypeId).toBe(1);
    const patchParams = { ...db('RDM_Cat_Bonds'), archiveId: answer.archiveId };
    const patch = (body: unknown) => ({ params: patchParams, headers: GROUP_HEADER, body });
    await expectOp(
      em,
      'databases.updateArchive',
      200,
      patch({ storageType: 'Temporary', expirationDate: FUTURE }),
    );
    archive = await expectOp<ArchivesDetail>(em, 'archives.get', 200, { params: archiveParams });
    expect([archive.storageTypeId, archive.expiryDate]).toEqual([0, `${FUTURE}Z`]);
    await expectOp(em, 'databases.updateArchive', 200, patch({ storageType: 'Permanent' }));
    archive = await expectOp<ArchivesDetail>(em, 'archives.get', 200, { params: archiveParams });
    expect(archive.storageType).toBe('Permanent');
  });

  it('refuses a Temporary archive without a date, past dates, and a missing header', async () => {
    const [first] = await expectOp<ArchivesResponse[]>(em, 'archives.list', 200, {
      params: { instanceName: PROD },
      query: { limit: 1 },
    });
    const params = { ...db(first?.name ?? ''), archiveId: first?.archiveId ?? '' };
    await expectOpError(
      em,
      'databases.updateArchive',
      400,
      { params, headers: GROUP_HEADER, body: { storageType: 'Temporary' } },
      /expiration date/i,
    );
    await expectOpError(
      em,
      'databases.updateArchive',
      400,
      { params, headers: GROUP_HEADER, body: { expirationDate: '2001-01-01T00:00:00.000' } },
      /past/,
    );
    await expectOpError(em, 'databases.updateArchive', 400, {
      params,
      headers: GROUP_HEADER,
      body: { storageType: 'Forever' },
    });
    await expectOpError(em, 'databases.updateArchive', 400, {
      params,
      body: { storageType: 'Permanent' },
    });
    await expectOpError(em, 'databases.updateArchive', 404, {
      params: { ...params, databaseName: 'Other_Db' },
      headers: GROUP_HEADER,
      body: { storageType: 'Permanent' },
    });
    await expectOpError(em, 'databases.updateArchive', 404, {
      params: { ...params, archiveId: 'no-such-archive' },
      headers: GROUP_HEADER,
      body: { storageType: 'Permanent' },
    });
  });
});
