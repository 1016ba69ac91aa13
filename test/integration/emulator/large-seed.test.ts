import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_SEED } from '../../../src/emulator/seed/seed';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import type { ArchivesResponse } from '../../../src/shared/contract/records/archives';
import type { Session } from '../../../src/shared/contract/records/sessions';
import { expectOp } from '../../support/emulator-client';

/* The `large` seed: demo data with sql-eu-prod-01 at the interface's limits (the UI bench). */

const PROD = 'sql-eu-prod-01';
/** The sessions advance with the emulator's clock; the test moves it on instead of waiting. */
let clock = Date.now();
let em: Emulator;
beforeAll(async () => {
  // Jobs long enough that none ends during the file: the demo's running archive of
  // Perf_Baseline on dev would add a 61st archive there whenever it ended first.
  em = await startEmulator({ seed: 'large', jobMs: 600_000, now: () => clock });
});
afterAll(async () => {
  await em.close();
});

describe('the large seed', () => {
  it('holds a full page of 5,000 archives on prod, and the demo archives elsewhere', async () => {
    const page = await expectOp<ArchivesResponse[]>(em, 'archives.list', 200, {
      params: { instanceName: PROD },
      query: { limit: 5000 },
    });
    expect(page).toHaveLength(LARGE_SEED.archives);
    expect(new Set(page.map((row) => row.archiveId)).size).toBe(LARGE_SEED.archives);
    const dev = await expectOp<ArchivesResponse[]>(em, 'archives.list', 200, {
      params: { instanceName: 'sql-eu-dev-01' },
    });
    expect(dev).toHaveLength(60);
  });

  it('runs 2,000 live sessions on prod, blocking chain included, and they move on', async () => {
    const list = () =>
      expectOp<Session[]>(em, 'sessions.list', 200, { params: { instanceName: PROD } });
    const sessions = await list();
    expect(sessions).toHaveLength(LARGE_SEED.sessions);
    expect(new Set(sessions.map((s) => s.sessionId)).size).toBe(LARGE_SEED.sessions);
    expect(sessions.filter((s) => (s.blockingSessionId ?? 0) > 0).length).toBeGreaterThan(0);
    clock += 10_000;
    const later = new Map((await list()).map((s) => [s.sessionId, s.cpuTime ?? 0]));
    const grown = sessions.filter((s) => (later.get(s.sessionId) ?? 0) > (s.cpuTime ?? 0));
    expect(grown.length).toBeGreaterThan(0);
  });
});
