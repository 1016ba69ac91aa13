import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import type { TokenResponse } from '../../../src/shared/contract/records/auth';
import {
  KEYS,
  call,
  callOp,
  expectError,
  expectOp,
  expectOpError,
} from '../../support/emulator-client';

let clock = Date.now();
let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ jobMs: 50, tokenTtlSec: 60, now: () => clock });
});
afterAll(async () => {
  await em.close();
});

const login = (username: string, password = 'demo', tenantName = 'demo') =>
  callOp(em, 'auth.loginImplicit', { body: { tenantName, username, password }, auth: null });
const instances = (auth: string | null) =>
  call(em, 'GET', '/databridge/v1/sql-instances', { auth });

async function tokens(username: string): Promise<TokenResponse> {
  const answer = await login(username);
  expect(answer.status).toBe(200);
  return answer.body as TokenResponse;
}

describe('API keys', () => {
  it('map to roles', async () => {
    expect((await instances(KEYS.consumer)).status).toBe(200);
    await expectOpError(em, 'databases.create', 403, {
      params: { instanceName: 'sql-eu-dev-01' },
      body: { databaseName: 'X' },
      auth: KEYS.consumer,
    });
  });

  it('answer 401 without or with bad credentials', async () => {
    const missing = await instances(null);
    expectError(missing, 401, /Authorization/);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    expectError(await instances('not-a-key'), 401, /API key/);
    expectError(await instances('Bearer not.a.token'), 401, /not valid/);
    expectError(await instances('Bearer'), 401);
  });
});

describe('token login', () => {
  it('logs in the demo users and their tokens carry their role', async () => {
    const set = await tokens('contributor');
    expect(set).toMatchObject({ tokenType: 'Bearer', expiresIn: 60 });
    const claims = JSON.parse(
      Buffer.from(set.idToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { sub: string; role: string };
    expect(claims).toMatchObject({ sub: 'contributor', role: 'Contributor' });
    expect((await instances(`Bearer ${set.accessToken}`)).status).toBe(200);
    await expectOpError(em, 'cluster.get', 403, { auth: `Bearer ${set.accessToken}` });
    const admin = await tokens('ADMIN');
    await expectOp(em, 'cluster.get', 200, { auth: `Bearer ${admin.accessToken}` });
  });

  it('answers 401 for a wrong tenant, user or password, and 400 for a bad body', async () => {
    expectError(await login('admin', 'wrong'), 401, /tenant, user name or password/);
    expectError(await login('nobody'), 401);
    expectError(await login('admin', 'demo', 'other-tenant'), 401);
    await expectOpError(em, 'auth.loginImplicit', 400, { body: { username: 'admin' }, auth: null });
  });

  it('rotates refresh tokens: a used one is refused', async () => {
    const first = await tokens('admin');
    const second = await expectOp<TokenResponse>(em, 'auth.refresh', 200, {
      body: { refreshToken: first.refreshToken },
      auth: null,
    });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await instances(`Bearer ${second.accessToken}`)).status).toBe(200);
    await expectOpError(
      em,
      'auth.refresh',
      401,
      { body: { refreshToken: first.refreshToken }, auth: null },
      /already used/,
    );
    await expectOpError(em, 'auth.refresh', 401, {
      body: { refreshToken: first.accessToken },
      auth: null,
    });
    await expectOp(em, 'auth.refresh', 200, {
      body: { refreshToken: second.refreshToken },
      auth: null,
    });
  });

  it('expires access tokens after the token TTL, and all at once with expireTokens', async () => {
    const set = await tokens('consumer');
    clock += 61_000;
    expectError(await instances(`Bearer ${set.accessToken}`), 401, /expired/);
    const fresh = await expectOp<TokenResponse>(em, 'auth.refresh', 200, {
      body: { refreshToken: set.refreshToken },
      auth: null,
    });
    expect((await instances(`Bearer ${fresh.accessToken}`)).status).toBe(200);
    em.faults.expireTokens();
    expectError(await instances(`Bearer ${fresh.accessToken}`), 401, /expired/);
    const again = await expectOp<TokenResponse>(em, 'auth.refresh', 200, {
      body: { refreshToken: fresh.refreshToken },
      auth: null,
    });
    expect((await instances(`Bearer ${again.accessToken}`)).status).toBe(200);
    expect((await instances(KEYS.admin)).status).toBe(200);
  });
});
