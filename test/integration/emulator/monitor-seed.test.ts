import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITOR_INSTANCE_NAMES } from '../../../src/emulator/seed/monitor-instances';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import type { SqlInstance } from '../../../src/shared/contract/records/instances';
import type { Session } from '../../../src/shared/contract/records/sessions';
import { KEYS, expectOp } from '../../support/emulator-client';

/* The `monitor` seed: ten instances to watch, each with live sessions and a blocking chain. */

/** The seed's sessions at a fixed clock: the chains are as seeded, not yet simulated on. */
const clock = Date.now();
let em: Emulator;
let other: Emulator;
beforeAll(async () => {
  em = await startEmulator({ seed: 'monitor', jobMs: 50, now: () => clock });
  other = await startEmulator({ seed: 'monitor', jobMs: 50, now: () => clock });
});
afterAll(async () => {
  await em.close();
  await other.close();
});

const sessionsOf = (emulator: Emulator, instanceName: string) =>
  expectOp<Session[]>(emulator, 'sessions.list', 200, { params: { instanceName } });

describe('the monitor seed', () => {
  it('has the demo three and sql-eu-mon-04 … sql-eu-mon-10, for every role', async () => {
    const rows = await expectOp<SqlInstance[]>(em, 'instances.list', 200, { auth: KEYS.consumer });
    expect(rows.map((i) => i.name)).toEqual([
      'sql-eu-prod-01',
      'sql-eu-dev-01',
      'sql-eu-test-01',
      ...MONITOR_INSTANCE_NAMES,
    ]);
    expect(rows).toHaveLength(10);
    expect(MONITOR_INSTANCE_NAMES.at(-1)).toBe('sql-eu-mon-10');
  });

  it('runs live user sessions and a blocking chain on each of the ten', async () => {
    const rows = await expectOp<SqlInstance[]>(em, 'instances.list', 200);
    for (const { name } of rows) {
      const sessions = await sessionsOf(em, name);
      const users = sessions.filter((s) => s.sessionId > 50);
      expect(users.length, name).toBeGreaterThanOrEqual(8);
      const blocked = sessions.filter((s) => (s.blockingSessionId ?? 0) > 0);
      expect(blocked.length, name).toBeGreaterThanOrEqual(1);
      // The head of the chain is a live session of the same instance.
      const ids = new Set(sessions.map((s) => s.sessionId));
      for (const s of blocked) expect(ids.has(s.blockingSessionId ?? 0), name).toBe(true);
    }
  });

  it('is deterministic: two emulators at the same clock hold the same sessions', async () => {
    for (const name of ['sql-eu-test-01', 'sql-eu-mon-07']) {
      expect(await sessionsOf(other, name)).toEqual(await sessionsOf(em, name));
    }
  });
});
