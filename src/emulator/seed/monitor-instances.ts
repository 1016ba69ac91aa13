import type { EmulatorContext } from '../context';
import { intBetween, seededRandom, seededUuid } from '../random';
import { newDatabase } from '../state/databases';
import { seedInstanceSessions, type SeedChain } from './demo-sessions';
import { addInstance } from './instances';

const DAY = 86_400_000;

/** The instances the `monitor` seed adds to the demo's three: sql-eu-mon-04 … sql-eu-mon-10. */
export const MONITOR_INSTANCE_NAMES = Array.from(
  { length: 7 },
  (_, index) => `sql-eu-mon-${String(index + 4).padStart(2, '0')}`,
);

/** The chain the `monitor` seed adds on sql-eu-test-01, which has none in the demo. */
export const MONITOR_TEST_CHAIN: Readonly<Record<string, SeedChain>> = {
  'sql-eu-test-01': { members: [0, 3], databaseName: 'UAT_EDM_2025' },
};

const DATABASE_KINDS = [
  { suffix: 'EDM', schema: 'Edm' },
  { suffix: 'RDM', schema: 'Rdm' },
  { suffix: 'Staging', schema: 'Unknown' },
] as const;

/**
 * Adds the seven monitor instances, each with three user databases, 8 to 14 live user
 * sessions and a blocking chain of two to four sessions: with the demo's three, ten instances
 * to watch (the monitor's benchmark). Its own generator, so the demo part stays the demo's.
 */
export function seedMonitorInstances(ctx: EmulatorContext, now: number): void {
  const random = seededRandom(20_260_713);
  MONITOR_INSTANCE_NAMES.forEach((name, index) => {
    const number = index + 4;
    addInstance(
      ctx,
      name,
      {
        uid: seededUuid(random),
        ip: `10.20.0.${20 + number}`,
        disk: 512_000,
        limit: 50,
        pinned: 5,
      },
      now,
    );
    const tag = `Mon${String(number).padStart(2, '0')}`;
    const databaseNames = DATABASE_KINDS.map((kind) => `${tag}_${kind.suffix}`);
    DATABASE_KINDS.forEach((kind, kindIndex) => {
      ctx.state.databases.add(
        name,
        newDatabase({
          name: databaseNames[kindIndex] ?? tag,
          status: 'Ready',
          owner: 'admin',
          createdAt: now - intBetween(random, 2, 700) * DAY,
          sizeInMb: intBetween(random, 200, 60_000),
          databaseSchema: kind.schema,
        }),
      );
    });
    // Chains of 2, 3 and 4 sessions in turn, on the instance's first database.
    const members = Array.from({ length: 2 + (index % 3) }, (_, member) => 1 + member * 2);
    seedInstanceSessions(ctx, random, now, {
      instance: name,
      count: 8 + (index % 4) * 2,
      databaseNames,
      chain: { members, databaseName: databaseNames[0] ?? tag },
    });
  });
}
