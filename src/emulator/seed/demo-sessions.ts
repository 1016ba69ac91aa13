import type { EmulatorContext } from '../context';
import { pick, type Random } from '../random';
import {
  BLOCKING_SQL,
  FIRST_USER_SPID,
  newUserSession,
  systemSessions,
  type SessionRecord,
} from '../sessions/session-factory';
import { DEMO_DATABASES } from './demo-databases';

const USER_SESSIONS: Readonly<Record<string, number>> = {
  'sql-eu-prod-01': 18,
  'sql-eu-dev-01': 10,
  'sql-eu-test-01': 8,
};

/**
 * Makes `chain` a blocking chain on one database: the first session holds a transaction open
 * (sleeping), each next one waits on the one before it (suspended, blockingSessionId set).
 */
function makeChain(chain: SessionRecord[], databaseName: string, now: number): void {
  chain.forEach((session, index) => {
    session.databaseName = databaseName;
    const previous = chain[index - 1];
    if (!previous) {
      session.status = 'sleeping';
      session.executingSql = BLOCKING_SQL.head;
      session.lastRequestEndTime = now - 95_000;
      return;
    }
    session.status = 'suspended';
    session.blockingSessionId = previous.sessionId;
    session.executingSql = BLOCKING_SQL.blocked;
    session.lastRequestStartTime = now - 60_000 + index * 7_000;
    session.lastRequestEndTime = null;
  });
}

const SYSTEM_SESSIONS = 10;

/**
 * Live sessions per instance, with a chain of three on prod and one of two on dev. `totals`
 * sets the number of sessions (system ones included) of some instances instead.
 */
export function seedDemoSessions(
  ctx: EmulatorContext,
  random: Random,
  now: number,
  totals: Readonly<Record<string, number>> = {},
): void {
  for (const [instance, demoCount] of Object.entries(USER_SESSIONS)) {
    const total = totals[instance];
    const count = total === undefined ? demoCount : Math.max(demoCount, total - SYSTEM_SESSIONS);
    const names = (DEMO_DATABASES[instance] ?? []).map((db) => db.name);
    // Spids with gaps, as on a real server where sessions came and went.
    const users = Array.from({ length: count }, (_, index) =>
      newUserSession(random, FIRST_USER_SPID + index * 3 + 1, now, pick(random, names)),
    );
    if (instance === 'sql-eu-prod-01')
      makeChain([users[2], users[5], users[9]].filter(isSession), 'Exposure_Master', now);
    if (instance === 'sql-eu-dev-01')
      makeChain([users[1], users[4]].filter(isSession), 'ETL_Staging', now);
    ctx.sessions.create(instance, [
      ...systemSessions(SYSTEM_SESSIONS, now, now - 12 * 86_400_000),
      ...users,
    ]);
  }
}

function isSession(value: SessionRecord | undefined): value is SessionRecord {
  return value !== undefined;
}
