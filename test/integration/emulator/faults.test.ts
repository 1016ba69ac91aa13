import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import type { ImportDatabasePrepareResponse } from '../../../src/shared/contract/records/databases';
import type { TokenResponse } from '../../../src/shared/contract/records/auth';
import { call, expectError, expectOp } from '../../support/emulator-client';

const INSTANCES = '/databridge/v1/sql-instances';
const DEV = 'sql-eu-dev-01';

let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ jobMs: 50, minPartSize: 1024 });
});
afterAll(async () => {
  await em.close();
});
afterEach(() => {
  em.faults.reset();
});

const statusOf = async (path = INSTANCES) => (await call(em, 'GET', path)).status;

describe('switches', () => {
  it('adds latency to every request', async () => {
    em.faults.set({ latencyMs: 150 });
    const started = performance.now();
    expect(await statusOf()).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(em.faults.config.latencyMs).toBe(150);
  });

  it('answers 500, 503 and 429 (with Retry-After) at rate 1, and nothing after reset', async () => {
    em.faults.set({ rate500: 1 });
    expectError(await call(em, 'GET', INSTANCES), 500, /fault/);
    em.faults.set({ rate500: 0, rate503: 1, retryAfterSec: 3 });
    const unavailable = await call(em, 'GET', INSTANCES);
    expectError(unavailable, 503);
    expect(unavailable.headers['retry-after']).toBe('3');
    em.faults.set({ rate503: 0, rate429: 1, retryAfterSec: 0 });
    const limited = await call(em, 'GET', INSTANCES);
    expectError(limited, 429);
    expect(limited.headers['retry-after']).toBe('0');
    em.faults.reset();
    expect(await statusOf()).toBe(200);
  });

  it('spares the token service and pre-signed URLs from the rate faults', async () => {
    const prepared = await expectOp<ImportDatabasePrepareResponse>(
      em,
      'databases.prepareImport',
      200,
      {
        params: { instanceName: DEV, databaseName: 'Fault_Spared' },
        query: { importFrom: 1 },
      },
    );
    em.faults.set({ rate500: 1 });
    const login = await call(em, 'POST', '/sml/auth/v1/login/implicit', {
      auth: null,
      body: { tenantName: 'demo', username: 'admin', password: 'demo' },
    });
    expect(login.status).toBe(200);
    const put = await request(prepared.backupUri ?? '', {
      method: 'PUT',
      body: Buffer.from('TAPE....'),
    });
    await put.body.dump();
    expect(put.statusCode).toBe(200);
  });

  it('refuses invalid switch values', () => {
    expect(() => em.faults.set({ rate503: 2 })).toThrow(RangeError);
    expect(() => em.faults.set({ latencyMs: -1 })).toThrow(RangeError);
    expect(() => em.faults.once('request500', 0)).toThrow(RangeError);
  });
});

describe('one-shot faults', () => {
  it('fire once (or count times), then requests are served again', async () => {
    em.faults.once('request503');
    expectError(await call(em, 'GET', INSTANCES), 503);
    expect(await statusOf()).toBe(200);
    em.faults.once('request429', 2);
    expect([await statusOf(), await statusOf(), await statusOf()]).toEqual([429, 429, 200]);
    em.faults.once('request500');
    expect([await statusOf(), await statusOf()]).toEqual([500, 200]);
  });

  it('makes the next token refresh fail, and only that one', async () => {
    const set = (
      await call(em, 'POST', '/sml/auth/v1/login/implicit', {
        auth: null,
        body: { tenantName: 'demo', username: 'admin', password: 'demo' },
      })
    ).body as TokenResponse;
    em.faults.once('tokenRefresh');
    const refresh = () =>
      call(em, 'POST', '/sml/auth/v1/login/refresh', {
        auth: null,
        body: { refreshToken: set.refreshToken },
      });
    expectError(await refresh(), 401, /fault/);
    expect((await refresh()).status).toBe(200);
  });

  it('breaks the next part upload (500 after the body, or a reset connection)', async () => {
    const base = `/databridge/v1/sql-instances/${DEV}/databases/Fault_Parts/bak`;
    const { uploadId } = (await call(em, 'POST', `${base}/init-upload`)).body as {
      uploadId: string;
    };
    const part = `${em.url}${base}/upload-part/${uploadId}/1`;
    const put = async () => {
      const res = await request(part, {
        method: 'PUT',
        headers: { authorization: 'demo-admin-key', 'content-type': 'application/octet-stream' },
        body: Buffer.alloc(256 * 1024, 7),
      });
      await res.body.dump();
      return res.statusCode;
    };
    em.faults.once('partPut500');
    expect(await put()).toBe(500);
    expect(await put()).toBe(200);
    em.faults.once('partPut');
    await expect(put()).rejects.toThrow();
    expect(await put()).toBe(200);
  });

  it('expireUrls and expireTokens make earlier URLs and tokens fail', async () => {
    const prepared = await expectOp<ImportDatabasePrepareResponse>(
      em,
      'databases.prepareImport',
      200,
      {
        params: { instanceName: DEV, databaseName: 'Fault_Expired' },
        query: { importFrom: 1 },
      },
    );
    em.faults.expireUrls();
    const put = await request(prepared.backupUri ?? '', {
      method: 'PUT',
      body: Buffer.from('TAPE'),
    });
    expect(put.statusCode).toBe(403);
    expect(await put.body.text()).toMatch(/Request has expired/);
  });
});

describe('faults given at start', () => {
  it('apply from the first request', async () => {
    const other = await startEmulator({ seed: 'empty', faults: { rate503: 1, retryAfterSec: 7 } });
    try {
      const answer = await call(other, 'GET', INSTANCES);
      expectError(answer, 503);
      expect(answer.headers['retry-after']).toBe('7');
    } finally {
      await other.close();
    }
  });
});
