import { MIN_PART_SIZE_BYTES } from '../shared/contract/records/uploads';
import { AuthService } from './auth';
import { BlobStore } from './blobs/blob-store';
import type { EmulatorContext } from './context';
import { FaultController, type FaultConfig } from './faults';
import { allHandlers } from './handlers/all-handlers';
import { JobRunner } from './jobs/job-runner';
import { seededRandom } from './random';
import { Router } from './router';
import { applySeed, type SeedName } from './seed/seed';
import { SessionRegistry } from './sessions/session-registry';
import { EmulatorState } from './state/emulator-state';

/** What the core needs from the emulator's options (see `EmulatorOptions`). */
export interface CoreOptions {
  readonly dataDir: string;
  readonly seed?: SeedName | undefined;
  readonly jobMs?: number | undefined;
  readonly tokenTtlSec?: number | undefined;
  readonly urlTtlSec?: number | undefined;
  readonly minPartSize?: number | undefined;
  readonly maxExportMib?: number | undefined;
  readonly faults?: Partial<FaultConfig> | undefined;
  readonly now?: (() => number) | undefined;
  readonly log?: ((line: string) => void) | undefined;
  /** The origin once the server listens (pre-signed URLs and `Location` are absolute). */
  readonly origin: () => string;
}

/** The parts the HTTP server drives. */
export interface EmulatorCore {
  readonly ctx: EmulatorContext;
  readonly router: Router;
  readonly blobs: BlobStore;
  readonly faults: FaultController;
  /** The job runner (its hold switch is the handle's `jobs`). */
  readonly jobs: JobRunner;
  /** Stops the jobs and ends blob transfers in flight. */
  close(): Promise<void>;
}

const MIB = 1024 * 1024;

/**
 * The fault switches and the blob store, which refer to each other: the "expire URLs" switch
 * acts on the store, and the store takes its part faults and download pace from the switches.
 */
function createFaultsAndBlobs(
  options: CoreOptions,
  auth: AuthService,
  now: () => number,
): { faults: FaultController; blobs: BlobStore } {
  const late: { blobs?: BlobStore } = {};
  const faults = new FaultController({
    ...(options.faults ? { config: options.faults } : {}),
    random: seededRandom(0xfa17),
    onExpireTokens: () => auth.expireTokens(),
    onExpireUrls: () => late.blobs?.expireUrls(),
  });
  const blobs = new BlobStore({
    dataDir: options.dataDir,
    minPartSize: options.minPartSize ?? MIN_PART_SIZE_BYTES,
    maxExportMib: options.maxExportMib,
    urlTtlSec: options.urlTtlSec ?? 900,
    origin: options.origin,
    now,
    faults,
    downloadPace: () => faults.config.downloadConnectionMiBps * MIB,
  });
  late.blobs = blobs;
  return { faults, blobs };
}

/**
 * Builds the emulator without its socket: stores filled from the seed, token service, job
 * runner, session simulator, blob store, fault switches, and the router over all handlers.
 * Bugs are reported through `log` when given, else on stderr: they must never pass silently.
 */
export function createEmulatorCore(options: CoreOptions): EmulatorCore {
  const now = options.now ?? Date.now;
  const report = options.log ?? ((line: string) => console.error(line));
  const auth = new AuthService({ tokenTtlSec: options.tokenTtlSec ?? 3600, now });
  const { faults, blobs } = createFaultsAndBlobs(options, auth, now);
  const state = new EmulatorState(now);
  const jobs = new JobRunner({
    store: state.jobs,
    jobMs: options.jobMs ?? 3000,
    now,
    log: report,
    takeJobFault: () => faults.takeJobFault(),
  });
  const sessions = new SessionRegistry({
    now,
    seed: 7,
    databaseNames: (instance) =>
      state.databases
        .list(instance)
        .filter((db) => !db.system)
        .map((db) => db.name),
  });
  const ctx: EmulatorContext = {
    state,
    jobs,
    blobs,
    auth,
    faults,
    sessions,
    now,
    origin: options.origin,
    random: seededRandom(42),
    log: options.log ?? (() => undefined),
  };
  applySeed(ctx, options.seed ?? 'demo');
  const router = new Router({ ctx, handlers: allHandlers, onBug: report });
  return {
    ctx,
    router,
    blobs,
    faults,
    jobs,
    close: async () => {
      jobs.close();
      await blobs.close();
    },
  };
}
