import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import type { Database } from '../../../src/shared/contract/records/databases';
import type { SqlInstance } from '../../../src/shared/contract/records/instances';
import { KEYS, call, expectError, expectOp, waitForJob } from '../../support/emulator-client';

/*
 * The emulator follows the interface, never more: a query parameter is one value under its
 * own name (400 otherwise, in the interface's error body), an int32 is decimal digits, and a
 * security group id is any id the interface allows (no "does not exist in the tenant" rule).
 */

const PROD = 'sql-eu-prod-01';
const ARCHIVES = `/databridge/v1/sql-instances/${PROD}/Archives`;

let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ jobMs: 50 });
});
afterAll(async () => {
  await em.close();
});

describe('query strings', () => {
  it('refuse a parameter given twice, in any letter case', async () => {
    expect((await call(em, 'GET', `${ARCHIVES}?limit=1`)).status).toBe(200);
    expectError(
      await call(em, 'GET', `${ARCHIVES}?limit=1&limit=2`),
      400,
      'Query parameter limit is given more than once.',
    );
    expectError(await call(em, 'GET', `${ARCHIVES}?limit=1&LIMIT=1`), 400, /more than once/);
    expectError(
      await call(em, 'GET', '/databridge/v1/sql-instances?x=1&x=1'),
      400,
      /x is given more than once/,
    );
  });

  it('refuse bracketed names', async () => {
    expectError(
      await call(em, 'GET', `${ARCHIVES}?filter[]=1`),
      400,
      'Query parameter filter[] is not valid: parameter names take no brackets.',
    );
    expectError(await call(em, 'GET', `${ARCHIVES}?filter%5Bname%5D=x`), 400, /brackets/);
  });

  it('read an int32 from decimal digits only', async () => {
    for (const limit of ['1e3', '0x10', '50.0']) {
      expectError(
        await call(em, 'GET', `${ARCHIVES}?limit=${limit}`),
        400,
        /limit must be a whole number/,
      );
    }
    const exported = `/databridge/v1/sql-instances/${PROD}/Databases/RiskWarehouse/export`;
    expectError(await call(em, 'POST', `${exported}?exportTo=1.0`), 400, /exportTo must be 0/);
  });

  it('refuse a filter the grammar refuses', async () => {
    expectError(await call(em, 'GET', `${ARCHIVES}?filter=((((`), 400, /Expected a property name/);
  });
});

describe('security group ids', () => {
  it('accepts a group id it does not know on an instance', async () => {
    const body = [{ operation: 'Add', targetProperty: 'groupId', value: 'tenant-group-42' }];
    await expectOp(em, 'instances.updateSecurity', 204, { params: { instanceName: PROD }, body });
    // An instance record carries no groups (the interface has no field for them).
    const row = await expectOp<SqlInstance>(em, 'instances.get', 200, {
      params: { instanceName: PROD },
    });
    expect(row).not.toHaveProperty('groups');
  });

  it('creates a database with group ids and names it does not know', async () => {
    const { jobId } = await expectOp<{ jobId: string }>(em, 'databases.create', 200, {
      params: { instanceName: PROD },
      body: { databaseName: 'Groups_Test', groupIds: ['f00d'], groupNames: ['New Team'] },
      auth: KEYS.contributor,
    });
    expect(await waitForJob(em, jobId)).toBe('Succeeded');
    const created = await expectOp<Database>(em, 'databases.get', 200, {
      params: { instanceName: PROD, databaseName: 'Groups_Test' },
    });
    expect(created.groups.map((g) => g.groupName)).toEqual(['f00d', 'New Team']);
    expect(created.groups[0]?.groupId).toBe('f00d');
  });
});
