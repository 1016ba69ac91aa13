import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import type { Session } from '../../../src/shared/contract/records/sessions';
import { KEYS, expectOp, expectOpError } from '../../support/emulator-client';

const PROD = 'sql-eu-prod-01';

/** Sessions advance with the emulator's clock; the tests move it on instead of waiting. */
let clock = Date.now();
let em: Emulator;
beforeAll(async () => {
  em = await startEmulator({ jobMs: 50, now: () => clock });
});
afterAll(async () => {
  await em.close();
});

const list = (query: Record<string, string> = {}, auth?: string) =>
  expectOp<Session[]>(em, 'sessions.list', 200, {
    params: { instanceName: PROD },
    query,
    ...(auth ? { auth } : {}),
  });

describe('sessions', () => {
  it('filter with the session grammar; a bad filter answers 400', async () => {
    const suspended = await list({ filter: 'status = "suspended"' });
    expect(suspended.every((s) => s.status === 'suspended')).toBe(true);
    const some = await list({ filter: 'sessionId > 50 AND programName LIKE "*"' });
    expect(some.every((s) => s.sessionId > 50)).toBe(true);
    const params = { instanceName: PROD };
    await expectOpError(
      em,
      'sessions.list',
      400,
      { params, query: { filter: 'status LIKE "run*"' } },
      /status/,
    );
    await expectOpError(
      em,
      'sessions.list',
      400,
      { params, query: { filter: 'cpuTime > 5' } },
      /cpuTime/,
    );
  });

  it('have a blocking chain; terminating the head releases the sessions it blocked', async () => {
    const rows = await list();
    const spids = new Set(rows.map((s) => s.sessionId));
    const blocked = rows.filter((s) => s.blockingSessionId !== 0);
    expect(blocked.length).toBeGreaterThan(0);
    expect(blocked.every((s) => spids.has(s.blockingSessionId))).toBe(true);
    const head = rows.find(
      (s) => s.blockingSessionId === 0 && blocked.some((b) => b.blockingSessionId === s.sessionId),
    );
    expect(head).toBeDefined();
    const victims = blocked
      .filter((s) => s.blockingSessionId === head?.sessionId)
      .map((s) => s.sessionId);
    await expectOpError(em, 'sessions.kill', 403, {
      params: { instanceName: PROD, spid: head?.sessionId ?? 0 },
      auth: KEYS.contributor,
    });
    const kill = await expectOp(em, 'sessions.kill', 204, {
      params: { instanceName: PROD, spid: head?.sessionId ?? 0 },
    });
    expect(kill).toBeUndefined();
    const after = await list();
    expect(after.some((s) => s.sessionId === head?.sessionId)).toBe(false);
    expect(after.some((s) => s.blockingSessionId === head?.sessionId)).toBe(false);
    for (const spid of victims) {
      expect(after.find((s) => s.sessionId === spid)?.blockingSessionId ?? 0).toBe(0);
    }
    await expectOpError(em, 'sessions.kill', 404, {
      params: { instanceName: PROD, spid: head?.sessionId ?? 0 },
    });
  });

  it('list and terminate by database', async () => {
    const rows = await list();
    const user = rows.find((s) => s.sessionId > 50 && s.databaseName !== null);
    const databaseName = user?.databaseName ?? '';
    const onDb = await expectOp<Session[]>(em, 'sessions.listByDatabase', 200, {
      params: { instanceName: PROD, databaseName },
    });
    expect(onDb.length).toBeGreaterThan(0);
    expect(onDb.every((s) => s.databaseName === databaseName)).toBe(true);
    const spid = user?.sessionId ?? 0;
    await expectOpError(em, 'sessions.killByDatabase', 404, {
      params: { instanceName: PROD, databaseName: 'RiskWarehouse_Other', spid },
    });
    await expectOpError(em, 'sessions.listByDatabase', 404, {
      params: { instanceName: PROD, databaseName: 'NoSuchDb' },
    });
    await expectOp(em, 'sessions.killByDatabase', 204, {
      params: { instanceName: PROD, databaseName, spid },
    });
    const left = await expectOp<Session[]>(em, 'sessions.listByDatabase', 200, {
      params: { instanceName: PROD, databaseName },
    });
    expect(left.some((s) => s.sessionId === spid)).toBe(false);
  });

  it('refuse to terminate a system session or a spid that is not a number', async () => {
    await expectOpError(
      em,
      'sessions.kill',
      400,
      { params: { instanceName: PROD, spid: 1 } },
      /system session/,
    );
    await expectOpError(
      em,
      'sessions.kill',
      400,
      { params: { instanceName: PROD, spid: 'abc' } },
      /spid/,
    );
    await expectOpError(em, 'sessions.kill', 404, {
      params: { instanceName: 'sql-nowhere', spid: 60 },
    });
  });

  it('show a Consumer only sessions of databases it can access', async () => {
    const rows = await list({}, KEYS.consumer);
    const visible = await expectOp<{ name: string }[]>(em, 'databases.list', 200, {
      params: { instanceName: PROD },
      auth: KEYS.consumer,
    });
    const names = new Set(visible.map((db) => db.name));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((s) => names.has(s.databaseName ?? ''))).toBe(true);
    await expectOpError(em, 'sessions.listByDatabase', 403, {
      params: { instanceName: PROD, databaseName: 'Finance_Ledger' },
      auth: KEYS.consumer,
    });
  });
  it('are alive: cpuTime grows and sessions change as time passes', async () => {
    const before = await list();
    clock += 30_000;
    const after = await list();
    const earlier = new Map(before.map((s) => [s.sessionId, s.cpuTime]));
    const stayed = after.filter((s) => earlier.has(s.sessionId));
    expect(stayed.every((s) => s.cpuTime >= (earlier.get(s.sessionId) ?? 0))).toBe(true);
    expect(stayed.some((s) => s.cpuTime > (earlier.get(s.sessionId) ?? 0))).toBe(true);
    const snapshot = (rows: Session[]) => rows.map((s) => `${s.sessionId}:${s.status}`).join(',');
    expect(snapshot(after)).not.toBe(snapshot(before));
    expect(after.some((s) => s.status === 'background')).toBe(true);
  });
});
