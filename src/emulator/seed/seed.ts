import type { EmulatorContext } from '../context';
import { seededRandom } from '../random';
import { seedDemoActivity } from './demo-activity';
import { seedDemoArchives } from './demo-archives';
import { seedDemoDatabases } from './demo-databases';
import { seedDemoSessions } from './demo-sessions';
import { seedInstances, seedSystemSessions } from './instances';
import { MONITOR_TEST_CHAIN, seedMonitorInstances } from './monitor-instances';

/** Which data the emulator starts with. */
export const SEED_NAMES = ['demo', 'empty', 'large', 'monitor'] as const;
export type SeedName = (typeof SEED_NAMES)[number];

/** `large`: the interface's limits on sql-eu-prod-01 (a page of 5,000 archives, 2,000 sessions). */
export const LARGE_SEED = { archives: 5000, sessions: 2000 } as const;

/**
 * Fills the stores. `empty` has the three instances (with system databases and background
 * sessions) and the default ACL, nothing else; `demo` adds databases, archives, live
 * sessions with blocking chains, logins and jobs; `large` is `demo` with sql-eu-prod-01 at the
 * interface's limits ({@link LARGE_SEED}), for the UI benchmark; `monitor` is `demo` with a
 * chain on sql-eu-test-01 too and seven more instances, sql-eu-mon-04 … sql-eu-mon-10, each
 * with live sessions and a blocking chain (ten to watch, the monitor's benchmark).
 * Deterministic: same seed, same data (dates relative to `now`).
 */
export function applySeed(ctx: EmulatorContext, seed: SeedName): void {
  const now = ctx.now();
  seedInstances(ctx, now);
  if (seed === 'empty') {
    seedSystemSessions(ctx, now);
    return;
  }
  const random = seededRandom(20_260_701);
  seedDemoDatabases(ctx, random, now);
  const large = seed === 'large';
  seedDemoArchives(ctx, random, now, large ? { 'sql-eu-prod-01': LARGE_SEED.archives } : {});
  const monitor = seed === 'monitor';
  seedDemoSessions(ctx, random, now, {
    ...(large ? { totals: { 'sql-eu-prod-01': LARGE_SEED.sessions } } : {}),
    ...(monitor ? { chains: MONITOR_TEST_CHAIN } : {}),
  });
  seedDemoActivity(ctx, now);
  if (monitor) seedMonitorInstances(ctx, now);
}
