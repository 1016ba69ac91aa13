import type { IpcClient } from '../api/client';

/** A job an action started, to hand to the job watcher. */
export interface StartedJob {
  readonly profileId: string;
  readonly instanceName: string;
  readonly jobId: string;
  /** What the activity panel calls it, e.g. `Rename Sales to Sales_2025`. */
  readonly label: string;
  readonly resourceName?: string;
  /** The job type, e.g. `RENAME_DATABASE`. */
  readonly type?: string;
}

/**
 * Hands a started job to main's job watcher (`jobs:track`), so it shows in the activity
 * panel and ends with a notification. Main already follows jobs the resource channels start;
 * tracking again is harmless (the watcher keeps the first) and covers any path that does not.
 * Never throws: the action itself worked, and the job list is a convenience.
 */
export async function trackStartedJob(client: IpcClient, job: StartedJob): Promise<void> {
  try {
    await client.invoke('jobs:track', {
      profileId: job.profileId,
      instanceName: job.instanceName,
      jobId: job.jobId,
      label: job.label.slice(0, 200),
      ...(job.resourceName ? { resourceName: job.resourceName } : {}),
      ...(job.type ? { type: job.type } : {}),
    });
  } catch {
    // The job runs regardless; the instance's jobs view still lists it.
  }
}
