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

/** A seeded blocking chain: the user sessions in it (by index, head first) and its database. */
export interface SeedChain {
  readonly members: readonly number[];
  readonly databaseName: string;
}

/** The demo's chains: three sessions on prod, two on dev. */
const DEMO_CHAINS: Readonly<Record<string, SeedChain>> = {
  'sql-eu-prod-01': { members: [2, 5, 9], databaseName: 'Exposure_Master' },
  'sql-eu-dev-01': { members: [1, 4], databaseName: 'ETL_Staging' },
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

/** Options of {@link seedInstanceSessions}. */
export interface InstanceSessionsSeed {
  readonly instance: string;
  /** User sessions (system ones come on top). */
  readonly count: number;
  /** The user databases the sessions connect to (at least one). */
  readonly databaseNames: readonly string[];
  readonly chain?: SeedChain;
}

/** Live sessions of one instance: background ones, `count` user ones, and a chain if asked. */
export function seedInstanceSessions(
  ctx: EmulatorContext,
  random: Random,
  now: number,
  seed: InstanceSessionsSeed,
): void {
  // Spids with gaps, as on a real server where sessions came and went.
  const users = Array.from({ length: seed.count }, (_, index) =>
    newUserSession(random, FIRST_USER_SPID + index * 3 + 1, now, pick(random, seed.databaseNames)),
  );
  if (seed.chain) {
    const members = seed.chain.members.map((index) => users[index]).filter(isSession);
    makeChain(members, seed.chain.databaseName, now);
  }
  ctx.sessions.create(seed.instance, [
    ...systemSessions(SYSTEM_SESSIONS, now, now - 12 * 86_400_000),
    ...users,
  ]);
}

/** Options of {@link seedDemoSessions}. */
export interface DemoSessionsOptions {
  /** The number of sessions (system ones included) of some instances instead. */
  readonly totals?: Readonly<Record<string, number>>;
  /** Chains on top of the demo's (the `monitor` seed gives every instance one). */
  readonly chains?: Readonly<Record<string, SeedChain>>;
}

/** Live sessions per instance, with a chain of three on prod and one of two on dev. */
export function seedDemoSessions(
  ctx: EmulatorContext,
  random: Random,
  now: number,
  options: DemoSessionsOptions = {},
): void {
  for (const [instance, demoCount] of Object.entries(USER_SESSIONS)) {
    const total = options.totals?.[instance];
    const count = total === undefined ? demoCount : Math.max(demoCount, total - SYSTEM_SESSIONS);
    const databaseNames = (DEMO_DATABASES[instance] ?? []).map((db) => db.name);
    const chain = DEMO_CHAINS[instance] ?? options.chains?.[instance];
    seedInstanceSessions(ctx, random, now, {
      instance,
      count,
      databaseNames,
      ...(chain ? { chain } : {}),
    });
  }
}

function isSession(value: SessionRecord | undefined): value is SessionRecord {
  return value !== undefined;
}
