import type { EmulatorContext } from '../context';
import { seededRandom } from '../random';
import { seedDemoActivity } from './demo-activity';
import { seedDemoArchives } from './demo-archives';
import { seedDemoDatabases } from './demo-databases';
import { seedDemoSessions } from './demo-sessions';
import { seedInstances, seedSystemSessions } from './instances';

/** Which data the emulator starts with. */
export type SeedName = 'demo' | 'empty';

/**
 * Fills the stores. `empty` has the three instances (with system databases and background
 * sessions) and the default ACL, nothing else; `demo` adds databases, archives, live
 * sessions with blocking chains, logins and jobs. Deterministic: same seed, same data
 * (dates relative to `now`).
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
  seedDemoArchives(ctx, random, now);
  seedDemoSessions(ctx, random, now);
  seedDemoActivity(ctx, now);
}
