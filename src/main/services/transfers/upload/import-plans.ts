import { randomUUID } from 'node:crypto';
import { AppError } from '../../../../shared/errors';
import type { ImportPlan, PlanImportInput } from '../../../../shared/model/transfer';
import type { PartPlanOptions } from '../part-plan';
import { systemSourceFs, type SourceFs } from '../transfer-disk';
import { assertStillPlanned, planImportOf, type PlannedImport } from './import-plan';

/** How long a plan stays usable: long enough to name the database, short enough to forget. */
const PLAN_TTL_MS = 30 * 60_000;

/** How many plans are kept at once (the oldest goes first): a sheet rarely holds more. */
const PLAN_CAPACITY = 64;

interface Kept {
  profileId: string;
  planned: PlannedImport;
  expiresAt: number;
}

/** Options of {@link ImportPlans}. */
export interface ImportPlansOptions {
  now: () => number;
  partPlan?: PartPlanOptions | undefined;
  /** How sources are read (default Node's). */
  sourceFs?: SourceFs | undefined;
  ttlMs?: number;
  capacity?: number;
  newId?: () => string;
}

/**
 * The import plans main answered and has not used yet, each under a random id bound to its
 * profile, for a bounded time and count. The window starts an import by that id, so the path
 * crosses the bridge once and the file is read once.
 */
export class ImportPlans {
  readonly #kept = new Map<string, Kept>();
  readonly #now: () => number;
  readonly #ttlMs: number;
  readonly #capacity: number;
  readonly #newId: () => string;
  readonly #partPlan: PartPlanOptions;
  readonly #fs: SourceFs;

  constructor(options: ImportPlansOptions) {
    this.#now = options.now;
    this.#partPlan = options.partPlan ?? {};
    this.#fs = options.sourceFs ?? systemSourceFs;
    this.#ttlMs = options.ttlMs ?? PLAN_TTL_MS;
    this.#capacity = Math.max(1, options.capacity ?? PLAN_CAPACITY);
    this.#newId = options.newId ?? randomUUID;
  }

  /** Plans the import of a file (reading it once) and keeps the plan; answers it with its id. */
  async plan(input: PlanImportInput): Promise<ImportPlan> {
    const planned = await planImportOf(input, this.#partPlan, this.#fs);
    const { sourcePath: _path, identity: _identity, stamp: _stamp, ...plan } = planned;
    return { planId: this.keep(input.profileId, planned), ...plan };
  }

  /** Throws unless the file of `planned` is still the one planned (one stat). */
  assertUnchanged(planned: PlannedImport): Promise<void> {
    return assertStillPlanned(planned, this.#fs);
  }

  /** Keeps `planned` for `profileId`; answers its id. */
  keep(profileId: string, planned: PlannedImport): string {
    this.#dropExpired();
    // A Map iterates in insertion order: the first key is the oldest plan.
    while (this.#kept.size >= this.#capacity) {
      const oldest = this.#kept.keys().next().value;
      if (oldest === undefined) break;
      this.#kept.delete(oldest);
    }
    const planId = this.#newId();
    this.#kept.set(planId, { profileId, planned, expiresAt: this.#now() + this.#ttlMs });
    return planId;
  }

  /**
   * The plan `planId` of `profileId`. Throws NOT_FOUND for an unknown or expired id, or one
   * planned for another profile (which is not told apart, so ids cannot be probed).
   */
  get(planId: string, profileId: string): PlannedImport {
    this.#dropExpired();
    const kept = this.#kept.get(planId);
    if (kept === undefined || kept.profileId !== profileId) {
      throw new AppError({
        code: 'NOT_FOUND',
        message:
          'This import was planned too long ago or is unknown to the app. Choose the file again.',
      });
    }
    return kept.planned;
  }

  /** Forgets `planId` (once its import started: a plan starts one import). */
  forget(planId: string): void {
    this.#kept.delete(planId);
  }

  /** How many plans are kept now. */
  get size(): number {
    this.#dropExpired();
    return this.#kept.size;
  }

  #dropExpired(): void {
    const now = this.#now();
    for (const [id, kept] of this.#kept) if (kept.expiresAt <= now) this.#kept.delete(id);
  }
}
