import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import type {
  LinkedServerResponse,
  SqlInstance,
} from '../../../src/shared/contract/records/instances';
import { KEYS, expectOp, expectOpError } from '../../support/emulator-client';

const PROD = 'sql-eu-prod-01';
const ANALYSTS = '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a51';

/** The fields of SqlInstance in the interface (records.md), and no other. */
const INSTANCE_FIELDS = [
  'name',
  'uid',
  'endpoint',
  'internalEndpoint',
  'status',
  'totalDiskSpaceInMb',
  'availableDiskSpaceInMb',
  'usedDiskSpaceInMb',
  'databaseLimit',
  'pinnedDatabaseLimit',
].sort();

let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ jobMs: 50 });
});
afterAll(async () => {
  await em.close();
});

describe('server instances', () => {
  it('lists the three instances for every role, with consistent disk figures', async () => {
    const rows = await expectOp<SqlInstance[]>(em, 'instances.list', 200, { auth: KEYS.consumer });
    expect(rows.map((i) => i.name)).toEqual(['sql-eu-prod-01', 'sql-eu-dev-01', 'sql-eu-test-01']);
    for (const row of rows) {
      expect(row.usedDiskSpaceInMb + row.availableDiskSpaceInMb).toBe(row.totalDiskSpaceInMb);
    }
  });

  it("carries exactly the interface's fields, in the list and alone", async () => {
    const rows = await expectOp<SqlInstance[]>(em, 'instances.list', 200);
    const one = await expectOp<SqlInstance>(em, 'instances.get', 200, {
      params: { instanceName: PROD },
    });
    for (const row of [...rows, one]) expect(Object.keys(row).sort()).toEqual(INSTANCE_FIELDS);
  });

  it('gets one instance (case-insensitive name); 404 for an unknown one', async () => {
    const row = await expectOp<SqlInstance>(em, 'instances.get', 200, {
      params: { instanceName: 'SQL-EU-PROD-01' },
    });
    expect(row.name).toBe(PROD);
    await expectOpError(
      em,
      'instances.get',
      404,
      { params: { instanceName: 'sql-nowhere' } },
      /sql-nowhere/,
    );
  });

  it('adds and removes security groups (Admin only)', async () => {
    const patch = (operation: string, auth?: string) => ({
      params: { instanceName: PROD },
      body: [{ operation, targetProperty: 'groupId', value: ANALYSTS }],
      ...(auth ? { auth } : {}),
    });
    await expectOp(em, 'instances.updateSecurity', 204, patch('Add'));
    // The groups of an instance are not part of its record: adding one shows nowhere in it.
    const row = await expectOp<SqlInstance>(em, 'instances.get', 200, {
      params: { instanceName: PROD },
    });
    expect(Object.keys(row).sort()).toEqual(INSTANCE_FIELDS);
    await expectOp(em, 'instances.updateSecurity', 204, patch('Remove'));
    await expectOpError(em, 'instances.updateSecurity', 403, patch('Add', KEYS.contributor));
    await expectOpError(em, 'instances.updateSecurity', 400, patch('Replace'));
    await expectOpError(em, 'instances.updateSecurity', 400, {
      params: { instanceName: PROD },
      body: { operation: 'Add' },
    });
    await expectOpError(em, 'instances.updateSecurity', 404, {
      ...patch('Add'),
      params: { instanceName: 'sql-nowhere' },
    });
  });
});

describe('linked servers', () => {
  const list = () =>
    expectOp<LinkedServerResponse[]>(em, 'linkedServers.list', 200, {
      params: { instanceName: PROD },
    });

  it('links, lists and unlinks another instance of the tenant', async () => {
    expect(await list()).toEqual([]);
    await expectOp(em, 'linkedServers.create', 200, {
      params: { instanceName: PROD },
      body: { linkedServerName: 'sql-eu-dev-01' },
    });
    expect(await list()).toEqual([{ linkedServerName: 'sql-eu-dev-01', status: 'Connected' }]);
    await expectOpError(em, 'linkedServers.create', 409, {
      params: { instanceName: PROD },
      body: { linkedServerName: 'SQL-EU-DEV-01' },
    });
    await expectOp(em, 'linkedServers.delete', 200, {
      params: { instanceName: PROD, linkedServerName: 'sql-eu-dev-01' },
    });
    expect(await list()).toEqual([]);
    await expectOpError(em, 'linkedServers.delete', 404, {
      params: { instanceName: PROD, linkedServerName: 'sql-eu-dev-01' },
    });
  });

  it('refuses unknown or self links, bad bodies, and non-Admins', async () => {
    const create = (body: unknown, auth?: string) => ({
      params: { instanceName: PROD },
      body,
      ...(auth ? { auth } : {}),
    });
    await expectOpError(
      em,
      'linkedServers.create',
      400,
      create({ linkedServerName: 'sql-mars-01' }),
      /does not exist/,
    );
    await expectOpError(em, 'linkedServers.create', 400, create({ linkedServerName: PROD }));
    await expectOpError(em, 'linkedServers.create', 400, create({}));
    await expectOpError(
      em,
      'linkedServers.create',
      403,
      create({ linkedServerName: 'sql-eu-dev-01' }, KEYS.contributor),
    );
    await expectOpError(em, 'linkedServers.list', 403, {
      params: { instanceName: PROD },
      auth: KEYS.consumer,
    });
    await expectOpError(em, 'linkedServers.list', 404, { params: { instanceName: 'sql-nowhere' } });
  });
});
