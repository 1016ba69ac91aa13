import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import { jobIdFromLocation } from '../../../src/shared/contract/paths';
import type {
  Database,
  ImportDatabasePrepareResponse,
} from '../../../src/shared/contract/records/databases';
import type { JobDetail } from '../../../src/shared/contract/records/jobs';
import { KEYS, callOp, expectOp, expectOpError, waitForJob } from '../../support/emulator-client';

const PROD = 'sql-eu-prod-01';
const DEV = 'sql-eu-dev-01';

let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ jobMs: 60 });
});
afterAll(async () => {
  await em.close();
});

const db = (databaseName: string, instanceName = PROD) => ({ instanceName, databaseName });

async function getDb(name: string, instance = PROD): Promise<Database> {
  return expectOp<Database>(em, 'databases.get', 200, { params: db(name, instance) });
}

async function jobDetail(jobId: string, instanceName = PROD): Promise<JobDetail> {
  return expectOp<JobDetail>(em, 'jobs.getByInstance', 200, { params: { instanceName, jobId } });
}

async function putFile(url: string, bytes: Uint8Array): Promise<number> {
  const res = await request(url, { method: 'PUT', body: bytes });
  await res.body.dump();
  return res.statusCode;
}

describe('export', () => {
  it('answers 202 with a job whose detail lists download URIs once it succeeds', async () => {
    const { jobId } = await expectOp<{ jobId: string }>(em, 'databases.export', 202, {
      params: db('RDM_Results_2025Q1'),
      query: { exportTo: 1 },
      auth: KEYS.contributor,
    });
    expect((await getDb('RDM_Results_2025Q1')).status).toBe('Exporting');
    expect(await waitForJob(em, jobId)).toBe('Succeeded');
    const detail = await jobDetail(jobId);
    expect(detail.type).toBe('EXPORT_DATABASE');
    expect(detail.progress).toBe(100);
    expect(detail.downloadUris?.length).toBeGreaterThan(0);
    const res = await request(detail.downloadUris?.[0] ?? '', {
      method: 'GET',
      headers: { range: 'bytes=0-3' },
    });
    expect(res.statusCode).toBe(206);
    expect(Buffer.from(await res.body.arrayBuffer()).toString('latin1')).toBe('TAPE');
    expect((await getDb('RDM_Results_2025Q1')).status).toBe('Ready');
  });

  it('applies rules 2 and 3: over 100 GB needs detachOnly, detachOnly needs MDF', async () => {
    await expectOpError(
      em,
      'databases.export',
      400,
      { params: db('RiskWarehouse'), query: { exportTo: 0 } },
      /100 GB/,
    );
    await expectOpError(
      em,
      'databases.export',
      400,
      { params: db('RDM_Results_2025Q2'), query: { exportTo: 1, detachOnly: true } },
      /detachOnly/,
    );
    await expectOpError(
      em,
      'databases.export',
      400,
      { params: db('RDM_Results_2025Q2'), query: { exportTo: 7 } },
      /exportTo/,
    );
    await expectOpError(
      em,
      'databases.export',
      400,
      { params: db('RDM_Results_2025Q2') },
      /exportTo/,
    );
  });

  it('takes the database Offline with detachOnly, and answers 409 while it exports', async () => {
    const { jobId } = await expectOp<{ jobId: string }>(em, 'databases.export', 202, {
      params: db('RiskWarehouse'),
      query: { exportTo: 0, detachOnly: true },
    });
    expect((await getDb('RiskWarehouse')).status).toBe('Offline');
    await expectOpError(
      em,
      'databases.export',
      409,
      { params: db('RiskWarehouse'), query: { exportTo: 0, detachOnly: true } },
      /already being exported/,
    );
    expect(await waitForJob(em, jobId)).toBe('Succeeded');
    expect((await getDb('RiskWarehouse')).status).toBe('Ready');
  });
});

describe('import', () => {
  it('prepares a single-stream upload: mdfUri for MDF, backupUri otherwise', async () => {
    const mdf = await expectOp<ImportDatabasePrepareResponse>(em, 'databases.prepareImport', 200, {
      params: db('Imported_Mdf'),
      query: { importFrom: 0 },
    });
    expect(mdf.mdfUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_blobs\//);
    const bak = await expectOp<ImportDatabasePrepareResponse>(em, 'databases.prepareImport', 200, {
      params: db('Imported_Bak'),
      query: { importFrom: 1 },
    });
    expect(bak.backupUri).toMatch(/sig=/);
    expect(Date.parse(bak.expiresAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('answers 400 for the name pattern and importFrom, 409 for an existing name', async () => {
    await expectOpError(em, 'databases.prepareImport', 400, {
      params: db('has space'),
      query: { importFrom: 1 },
    });
    await expectOpError(em, 'databases.prepareImport', 400, {
      params: db('Fine_Name'),
      query: { importFrom: 9 },
    });
    await expectOpError(em, 'databases.prepareImport', 400, { params: db('Fine_Name') });
    await expectOpError(em, 'databases.prepareImport', 409, {
      params: db('RiskWarehouse'),
      query: { importFrom: 1 },
    });
    await expectOpError(em, 'databases.import', 409, {
      params: db('RiskWarehouse'),
      query: { importFrom: 1 },
      body: {},
    });
  });

  it('imports the uploaded BAK into a new database', async () => {
    const { backupUri } = await expectOp<ImportDatabasePrepareResponse>(
      em,
      'databases.prepareImport',
      200,
      { params: db('Imported_Ok'), query: { importFrom: 1 } },
    );
    const bak = new Uint8Array(3 * 1024 * 1024);
    bak.set(Buffer.from('TAPE', 'latin1'));
    expect(await putFile(backupUri ?? '', bak)).toBe(200);
    const { jobId } = await expectOp<{ jobId: string }>(em, 'databases.import', 202, {
      params: db('Imported_Ok'),
      query: { importFrom: 1 },
      body: {},
    });
    expect((await getDb('Imported_Ok')).status).toBe('Importing');
    expect(await waitForJob(em, jobId)).toBe('Succeeded');
    const imported = await getDb('Imported_Ok');
    expect(imported.status).toBe('Ready');
    expect(imported.sizeInMb).toBeGreaterThanOrEqual(3);
  });

  it('fails the job clearly for a file of the wrong type, and without any upload', async () => {
    const { backupUri } = await expectOp<ImportDatabasePrepareResponse>(
      em,
      'databases.prepareImport',
      200,
      { params: db('Imported_Zip'), query: { importFrom: 1 } },
    );
    expect(
      await putFile(backupUri ?? '', Buffer.from('PK\u0003\u0004 not a backup', 'latin1')),
    ).toBe(200);
    const wrong = await expectOp<{ jobId: string }>(em, 'databases.import', 202, {
      params: db('Imported_Zip'),
      query: { importFrom: 1 },
      body: {},
    });
    expect(await waitForJob(em, wrong.jobId)).toBe('Failed');
    const details = await expectOp<{ error: string }>(em, 'jobs.getDetails', 200, {
      params: { jobId: wrong.jobId },
    });
    expect(details.error).toMatch(/BAK/);
    const none = await expectOp<{ jobId: string }>(em, 'databases.import', 202, {
      params: db('Never_Uploaded'),
      body: {},
    });
    expect(await waitForJob(em, none.jobId)).toBe('Failed');
    expect((await jobDetail(none.jobId)).error).toMatch(/no uploaded file/i);
    await expectOpError(em, 'databases.get', 404, { params: db('Never_Uploaded') });
  });
});

describe('move, rename, shrink', () => {
  it('moves with 202, a Location naming the job, and {}', async () => {
    const answer = await callOp(em, 'databases.move', {
      params: db('Reinsurance_Treaties'),
      body: { serverName: DEV },
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({});
    const location = String(answer.headers.location);
    expect(location).toMatch(/\/databridge\/v1\/Jobs\/[0-9a-f-]{36}$/);
    const jobId = jobIdFromLocation(location) ?? '';
    expect((await jobDetail(jobId)).type).toBe('MOVE_DATABASE');
    expect(await waitForJob(em, jobId)).toBe('Succeeded');
    await expectOpError(em, 'databases.get', 404, { params: db('Reinsurance_Treaties') });
    expect((await getDb('Reinsurance_Treaties', DEV)).status).toBe('Ready');
  });

  it('answers the interface text for an unknown destination; 403 below Admin', async () => {
    await expectOpError(
      em,
      'databases.move',
      400,
      { params: db('EDM_Japan_EQ'), body: { serverName: 'sql-mars-01' } },
      'serverName does not exist in the tenant.',
    );
    await expectOpError(em, 'databases.move', 400, {
      params: db('EDM_Japan_EQ'),
      body: { serverName: PROD },
    });
    await expectOpError(em, 'databases.move', 403, {
      params: db('EDM_Japan_EQ'),
      body: { serverName: DEV },
      auth: KEYS.contributor,
    });
  });

  it('renames through a job; 409 when the new name exists', async () => {
    await expectOpError(em, 'databases.rename', 409, {
      params: db('EDM_Japan_EQ'),
      body: { name: 'RiskWarehouse' },
    });
    await expectOpError(em, 'databases.rename', 400, {
      params: db('EDM_Japan_EQ'),
      body: { name: 'bad*name' },
    });
    const { jobId } = await expectOp<{ jobId: string }>(em, 'databases.rename', 202, {
      params: db('EDM_Japan_EQ'),
      body: { name: 'EDM_Japan_Quake' },
    });
    await expectOpError(em, 'databases.create', 409, {
      params: { instanceName: PROD },
      body: { databaseName: 'EDM_Japan_Quake' },
    });
    expect(await waitForJob(em, jobId)).toBe('Succeeded');
    expect((await getDb('EDM_Japan_Quake')).name).toBe('EDM_Japan_Quake');
    await expectOpError(em, 'databases.get', 404, { params: db('EDM_Japan_EQ') });
  });

  it('shrinks user and system databases', async () => {
    const before = (await getDb('EDM_Portfolio_2025')).sizeInMb;
    const { jobId } = await expectOp<{ jobId: string }>(em, 'databases.shrink', 202, {
      params: db('EDM_Portfolio_2025'),
      body: {},
    });
    expect((await getDb('EDM_Portfolio_2025')).status).toBe('Shrinking');
    await expectOpError(
      em,
      'databases.shrink',
      409,
      { params: db('EDM_Portfolio_2025'), body: {} },
      /busy/,
    );
    expect(await waitForJob(em, jobId)).toBe('Succeeded');
    expect((await getDb('EDM_Portfolio_2025')).sizeInMb).toBeLessThan(before);
    const tempdb = await expectOp<{ jobId: string }>(em, 'databases.shrink', 202, {
      params: db('tempdb'),
      body: { truncateLogsOnly: true },
    });
    expect(await waitForJob(em, tempdb.jobId)).toBe('Succeeded');
    await expectOpError(em, 'databases.shrink', 400, {
      params: db('tempdb'),
      body: { truncateLogsOnly: 'yes' },
    });
  });
});
