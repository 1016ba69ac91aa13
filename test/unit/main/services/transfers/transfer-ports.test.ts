import { describe, expect, it } from 'vitest';
import type { TransferPort } from '../../../../../src/main/app/transfer-handlers';
import type { ConnectionManager } from '../../../../../src/main/services/connection/connection-manager';
import type { JobWatcher } from '../../../../../src/main/services/jobs/job-watcher';
import type {
  JobFollower,
  TransferConnections,
} from '../../../../../src/main/services/transfers/transfer-ports';
import type { TransferService } from '../../../../../src/main/services/transfers/transfer-service';

/*
 * The engine is wired with the app's own ConnectionManager and JobWatcher, and handed to the
 * IPC layer as its TransferPort: these checks fail to compile (npm run typecheck) when one
 * side drifts from the other.
 */

type Fits<A, B> = A extends B ? true : false;

describe('transfer ports', () => {
  it('are satisfied by the services the app wires', () => {
    const connections: Fits<ConnectionManager, TransferConnections> = true;
    const jobs: Fits<JobWatcher, JobFollower> = true;
    const port: Fits<TransferService, TransferPort> = true;
    expect([connections, jobs, port]).toEqual([true, true, true]);
  });
});
