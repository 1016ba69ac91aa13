import type { AuthService } from './auth';
import type { BlobPort } from './blob-port';
import type { FaultController } from './faults';
import type { JobRunner } from './jobs/job-runner';
import type { Random } from './random';
import type { SessionRegistry } from './sessions/session-registry';
import type { EmulatorState } from './state/emulator-state';

/** Everything a handler may use: the stores, the job runner, the blob store and the clock. */
export interface EmulatorContext {
  readonly state: EmulatorState;
  readonly jobs: JobRunner;
  readonly blobs: BlobPort;
  readonly auth: AuthService;
  readonly faults: FaultController;
  readonly sessions: SessionRegistry;
  readonly now: () => number;
  /** The emulator's origin, e.g. `http://127.0.0.1:7420` (known once it listens). */
  readonly origin: () => string;
  readonly random: Random;
  readonly log: (line: string) => void;
}
