import type { TrackedJob, JobEvent } from '../../../shared/model/job-event';
import type { SignInState } from '../../../shared/model/session-state';
import type { ServiceClient } from '../http/service-client';

/*
 * What the transfer engine needs from the rest of main, as narrow structural ports: the
 * ConnectionManager and the JobWatcher satisfy them as they are, and tests can hand in small
 * stand-ins.
 */

/** Calls operations of the service (the ServiceClient of a connection). */
export type ServiceCaller = Pick<ServiceClient, 'call'>;

/** The part of a connection the engine uses. */
interface TransferConnection {
  readonly client: ServiceCaller;
}

/** The ConnectionManager as the engine sees it. */
export interface TransferConnections {
  /** The connection of a profile; throws AUTH_REQUIRED when it is not connected. */
  get(profileId: string): TransferConnection;
  /** The sign-in state of a profile. */
  state(profileId: string): SignInState;
  /** Calls `listener` on every sign-in state change; the answer unsubscribes. */
  onDidChangeState(listener: (state: SignInState) => void): () => void;
}

/** What the engine tells the job watcher about a job it started. */
interface TrackJobInput {
  profileId: string;
  instanceName: string;
  jobId: string;
  type?: string;
  label?: string;
  resourceName?: string;
}

/** The JobWatcher as the engine sees it. */
export interface JobFollower {
  track(job: TrackJobInput): TrackedJob;
  /** Resolves when the job is final (succeeded, failed or gone). */
  waitFor(jobId: string, signal?: AbortSignal): Promise<TrackedJob>;
  /** Job events, for the job status shown on a transfer. */
  onDidChange(listener: (event: JobEvent) => void): () => void;
}
