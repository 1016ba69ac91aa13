import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import { catalogue, type Operation } from '../../../src/shared/contract/catalogue';
import { pathParamNames } from '../../../src/shared/contract/paths';
import { KEYS, call, callOp, expectError } from '../../support/emulator-client';

let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ jobMs: 50 });
});
afterAll(async () => {
  await em.close();
});

/** After every bad request, the next good one is served. */
afterEach(async () => {
  expect((await call(em, 'GET', '/databridge/v1/sql-instances')).status).toBe(200);
});

const SAMPLE_PARAMS: Record<string, string> = {
  fileExtension: 'bak',
  partNumber: '1',
  spid: '60',
  cidrIpPrefix: '24',
};
const paramsOf = (op: Operation) =>
  Object.fromEntries(
    pathParamNames(op.path).map((name) => [name, SAMPLE_PARAMS[name] ?? 'sample']),
  );
const apiOps = catalogue.filter((op) => op.service === 'api');

describe('credentials and roles across the catalogue', () => {
  it('answers 401 to every service operation called without credentials', async () => {
    for (const op of apiOps) {
      const answer = await callOp(em, op.id, { params: paramsOf(op), auth: null });
      expectError(answer, 401);
    }
  });

  it('answers 403 to every operation outside the caller role', async () => {
    let checked = 0;
    for (const op of apiOps) {
      const roles: readonly string[] = op.roles;
      for (const [role, key] of [
        ['Consumer', KEYS.consumer],
        ['Contributor', KEYS.contributor],
      ] as const) {
        if (roles.includes(role)) continue;
        expectError(await callOp(em, op.id, { params: paramsOf(op), auth: key }), 403, /role/);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });
});

describe('bad requests get a clear 4xx', () => {
  it('unknown paths answer 404, a known path with another method 405 with Allow', async () => {
    expectError(await call(em, 'GET', '/nothing/here'), 404);
    expectError(await call(em, 'GET', '/databridge/v1/nope'), 404, /No operation/);
    expectError(await call(em, 'GET', '/databridge/v2/sql-instances'), 404);
    expectError(await call(em, 'GET', '/databridge/v1/sql-instances/%E0%A4%A'), 404);
    const wrong = await call(em, 'DELETE', '/databridge/v1/sql-instances');
    expectError(wrong, 405);
    expect(wrong.headers.allow).toBe('GET');
    const login = await call(em, 'GET', '/sml/auth/v1/login/implicit');
    expectError(login, 405);
    expect(login.headers.allow).toBe('POST');
  });

  it('matches paths case-insensitively', async () => {
    expect(
      (await call(em, 'GET', '/DATABRIDGE/V1/SQL-INSTANCES/sql-eu-prod-01/databases')).status,
    ).toBe(200);
    expect(
      (
        await call(
          em,
          'GET',
          '/databridge/v1/sql-instances/sql-eu-prod-01/DATABASES/RiskWarehouse/SESSIONS',
        )
      ).status,
    ).toBe(200);
    expect((await call(em, 'GET', '/databridge/v1/myip/')).status).toBe(200);
  });

  const create = '/databridge/v1/sql-instances/sql-eu-dev-01/Databases';

  it('malformed, mistyped, oversized and missing bodies', async () => {
    expectError(
      await call(em, 'POST', create, { raw: '{"databaseName": ' }),
      400,
      /not valid JSON/,
    );
    expectError(await call(em, 'POST', create, { raw: 'null' }), 400);
    expectError(await call(em, 'POST', create, { raw: '[]' }), 400);
    expectError(await call(em, 'POST', create, { raw: '' }), 400, /required/);
    expectError(
      await call(em, 'POST', create, { body: { databaseName: 'A', colour: 'red' } }),
      400,
      /colour/,
    );
    expectError(
      await call(em, 'POST', create, { raw: '{"databaseName":"A"}', contentType: 'text/plain' }),
      415,
    );
    expectError(
      await call(em, 'POST', create, { raw: `{"databaseName":"${'x'.repeat(2 * 1024 * 1024)}"}` }),
      413,
    );
  });

  it('accepts the JSON content types of the interface', async () => {
    for (const [index, type] of [
      'application/json; charset=utf-8',
      'text/json',
      'application/json-patch+json',
      'application/vnd.databridge+json',
    ].entries()) {
      const answer = await call(em, 'POST', create, {
        raw: `{"databaseName":"Typed_${index}"}`,
        contentType: type,
      });
      expect(answer.status, type).toBe(200);
    }
  });

  it('absurd numbers', async () => {
    const archives = '/databridge/v1/sql-instances/sql-eu-prod-01/Archives';
    expectError(await call(em, 'GET', `${archives}?limit=1e400`), 400, /limit/);
    expectError(await call(em, 'GET', `${archives}?offset=99999999999999999999`), 400, /offset/);
    expectError(await call(em, 'GET', `${archives}?limit=2.5`), 400, /whole/);
    const part =
      '/databridge/v1/sql-instances/sql-eu-dev-01/databases/Db/bak/upload-part/u1/99999999999999999999';
    expectError(await call(em, 'GET', part), 400, /partNumber/);
    expectError(
      await call(
        em,
        'DELETE',
        `/databridge/v1/sql-instances/sql-eu-prod-01/sessions/${'9'.repeat(400)}`,
      ),
      404,
    );
    expectError(
      await call(
        em,
        'POST',
        `${create.replace('Databases', 'Databases/RiskWarehouse')}/export?exportTo=NaN`,
      ),
      400,
      /exportTo/,
    );
  });
});
