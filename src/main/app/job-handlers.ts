import type { JobWatcher } from '../services/jobs/job-watcher';
import type { IpcHandlers } from '../services/ipc/ipc-router';

type JobChannel = 'jobs:list' | 'jobs:watchInstance' | 'jobs:unwatchInstance';

/**
 * Handlers of the job channels, over the job watcher. There is no channel to track a job:
 * main tracks every job it starts, labelled from the catalogue, so views only read.
 */
export function createJobHandlers(jobs: JobWatcher): Pick<IpcHandlers, JobChannel> {
  return {
    'jobs:list': () => Promise.resolve(jobs.list()),
    'jobs:watchInstance': ({ profileId, instanceName }) => {
      jobs.watchInstance(profileId, instanceName);
      return Promise.resolve(undefined);
    },
    'jobs:unwatchInstance': ({ profileId, instanceName }) => {
      jobs.unwatchInstance(profileId, instanceName);
      return Promise.resolve(undefined);
    },
  };
}
