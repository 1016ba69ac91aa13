import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import type {
  ArchivesDetail,
  ArchivesResponse,
} from '../../../src/shared/contract/records/archives';
import type { Database } from '../../../src/shared/contract/records/databases';
import { KEYS, expectOp, expectOpError, waitForJob } from '../../support/emulator-client';

const PROD = 'sql-eu-prod-01';
const GROUP_HEADER = { 'x-platform-resource-group-id': '0d6f1e8a-1b2c-4d3e-8f40-5a6b7c8d9e01' };
const DAY = 86_400_000;

/** The emulator runs on a clock the tests move forward, to reach archive expiry dates. */
let clock = Date.now();
let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ jobMs: 50, now: () => clock });
});
afterAll(async () => {
  await em.close();
});

const list = (query: Record<string, string | number> = {}, auth?: string) =>
  expectOp<ArchivesResponse[]>(em, 'archives.list', 200, {
    params: { instanceName: PROD },
    query,
    ...(auth ? { auth } : {}),
  });

describe('list archives', () => {
  it('lists about a hundred archives, newest first by default, for every role', async () => {
    const rows = await list({}, KEYS.consumer);
    expect(rows.length).toBeGreaterThanOrEqual(80);
    const dates = rows.map((row) => row.createDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(rows.map((row) => row.storageTypeId))).toEqual(new Set([0, 1]));
  });

  it('reads offset as a page number', async () => {
    const all = await list({ sort: 'name ASC, archiveId ASC' });
    const page = await list({ sort: 'name ASC, archiveId ASC', limit: 10, offset: 2 });
    expect(page.map((row) => row.archiveId)).toEqual(all.slice(20, 30).map((row) => row.archiveId));
    expect(await list({ limit: 10, offset: 1000 })).toEqual([]);
  });

  it('sorts by several comma-separated keys', async () => {
    const rows = await list({ sort: 'storageTypeId ASC,sizeInMb DESC' });
    const keys = rows.map((row) => [row.storageTypeId ?? -1, -row.sizeInMb] as const);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(keys).toEqual(sorted);
  });

  it('filters with the contract grammar, storageTypeId included', async () => {
    const temporary = await list({ filter: 'storageTypeId = 0' });
    expect(temporary.length).toBeGreaterThan(0);
    expect(temporary.every((row) => row.storageType === 'Temporary')).toBe(true);
    const mixed = await list({
      filter: 'name LIKE "rdm*" AND (sizeInMb > 1000 OR createdBy IN ("admin"))',
    });
    expect(mixed.every((row) => row.name?.toLowerCase().startsWith('rdm'))).toBe(true);
    const recent = await list({
      filter: `createDate >= ${new Date(clock - 30 * DAY).toISOString().slice(0, 10)}`,
    });
    expect(recent.every((row) => Date.parse(row.createDate) >= clock - 31 * DAY)).toBe(true);
  });

  it('answers 400 for a bad filter, a bad sort, and limit or offset out of bounds', async () => {
    const params = { instanceName: PROD };
    await expectOpError(
      em,
      'archives.list',
      400,
      { params, query: { filter: 'colour = "red"' } },
      /colour/,
    );
    await expectOpError(em, 'archives.list', 400, { params, query: { filter: 'name = ' } });
    await expectOpError(em, 'archives.list', 400, {
      params,
      query: { filter: 'storageTypeId LIKE "1*"' },
    });
    await expectOpError(em, 'archives.list', 400, {
      params,
      query: { sort: 'createDate SIDEWAYS' },
    });
    await expectOpError(em, 'archives.list', 400, { params, query: { sort: 'owner ASC' } });
    await expectOpError(em, 'archives.list', 400, { params, query: { limit: 0 } }, /limit/);
    await expectOpError(em, 'archives.list', 400, { params, query: { limit: 5001 } }, /limit/);
    await expectOpError(em, 'archives.list', 400, { params, query: { offset: -1 } }, /offset/);
    await expectOpError(em, 'archives.list', 400, { params, query: { offset: '1e300' } }, /offset/);
    await expectOpError(em, 'archives.list', 400, { params, query: { limit: 'ten' } }, /limit/);
    await expectOpError(em, 'archives.list', 404, { params: { instanceName: 'sql-nowhere' } });
  });
});

describe('get, delete and restore', () => {
  it('gets an archive with download URIs that answer', async () => {
    const [first] = await list({ limit: 1 });
    const detail = await expectOp<ArchivesDetail>(em, 'archives.get', 200, {
      params: { instanceName: PROD, archiveId: first?.archiveId ?? '' },
      auth: KEYS.consumer,
    });
    expect(detail.archiveId).toBe(first?.archiveId);
    expect(detail.thumbprint).toMatch(/^[0-9A-F]{40}$/);
    expect(detail.downloadUris?.length).toBeGreaterThan(0);
    const res = await request(detail.downloadUris?.[0] ?? '', { method: 'GET' });
    await res.body.dump();
    expect(res.statusCode).toBe(200);
  });

  it('serves concurrent first reads of an archive with the same download file', async () => {
    const [, , third] = await list({ limit: 3 });
    const params = { instanceName: PROD, archiveId: third?.archiveId ?? '' };
    const reads = await Promise.all(
      [1, 2, 3].map(() => expectOp<ArchivesDetail>(em, 'archives.get', 200, { params })),
    );
    const files = reads.map((read) => new URL(read.downloadUris?.[0] ?? '').pathname);
    expect(new Set(files).size).toBe(1);
  });

  it('deletes an archive (Contributor and up); then it is gone', async () => {
    const [, second] = await list({ limit: 2 });
    const params = { instanceName: PROD, archiveId: second?.archiveId ?? '' };
    await expectOpError(em, 'archives.delete', 403, { params, auth: KEYS.consumer });
    await expectOp(em, 'archives.delete', 200, { params, auth: KEYS.contributor });
    await expectOpError(em, 'archives.get', 404, { params });
    await expectOpError(em, 'archives.delete', 404, { params });
  });

  it('restores into a new database; 409 for an existing name, 404 for an unknown archive', async () => {
    const [first] = await list({ limit: 1 });
    const params = { instanceName: PROD, archiveId: first?.archiveId ?? '' };
    await expectOpError(em, 'archives.restore', 409, {
      params,
      body: { databaseName: 'RiskWarehouse' },
    });
    await expectOpError(em, 'archives.restore', 400, {
      params,
      body: { databaseName: 'bad/name' },
    });
    await expectOpError(em, 'archives.restore', 404, {
      params: { ...params, archiveId: 'nope' },
      body: { databaseName: 'Restored_X' },
    });
    const { jobId } = await expectOp<{ jobId: string }>(em, 'archives.restore', 202, {
      params,
      body: { databaseName: 'Restored_From_Archive', skipRegister: true },
    });
    expect(await waitForJob(em, jobId)).toBe('Succeeded');
    const restored = await expectOp<Database>(em, 'databases.get', 200, {
      params: { instanceName: PROD, databaseName: 'Restored_From_Archive' },
    });
    expect([restored.sizeInMb, restored.registered]).toEqual([first?.sizeInMb, false]);
  });
});

describe('expiry', () => {
  it('removes a Temporary archive once its expiry passes', async () => {
    const [first] = await list({ filter: 'storageTypeId = 1', limit: 1 });
    const archiveId = first?.archiveId ?? '';
    const expiry = new Date(clock + 2 * DAY).toISOString().replace('Z', '');
    await expectOp(em, 'databases.updateArchive', 200, {
      params: { instanceName: PROD, databaseName: first?.name ?? '', archiveId },
      headers: GROUP_HEADER,
      body: { storageType: 'Temporary', expirationDate: expiry },
    });
    await expectOp(em, 'archives.get', 200, { params: { instanceName: PROD, archiveId } });
    clock += 3 * DAY;
    await expectOpError(em, 'archives.get', 404, { params: { instanceName: PROD, archiveId } });
    const rows = await list();
    expect(rows.some((row) => row.archiveId === archiveId)).toBe(false);
    expect(
      rows.every((row) => row.storageTypeId === 1 || Date.parse(row.expiryDate ?? '') > clock),
    ).toBe(true);
  });

  it('ends a pin with an expiry once it passes', async () => {
    const params = { instanceName: PROD, databaseName: 'EDM_Florida_Wind' };
    const pinExpiration = new Date(clock + DAY).toISOString();
    await expectOp(em, 'databases.pin', 200, { params, body: { pinned: true, pinExpiration } });
    expect((await expectOp<Database>(em, 'databases.get', 200, { params })).pinned).toBe(true);
    clock += 2 * DAY;
    const after = await expectOp<Database>(em, 'databases.get', 200, { params });
    expect([after.pinned, after.pinExpiration]).toEqual([false, null]);
  });
});
