import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import type { JobDetail, JobSummary } from '@shared/contract/records/jobs';
import { IpcTrackedJobSchema, type IpcTrackedJob } from '@shared/ipc/activity-channels';
import { useIpcClient } from '../api/client';
import { LocalHistory } from '../model/lists/local-history';
import { createListCache, instanceKey, type ListEntry } from '../model/lists/list-cache';

/** An instance whose jobs are listed. */
export interface JobsTarget {
  readonly profileId: string;
  readonly instanceName: string;
}

/** How many finished app jobs the panel remembers across restarts. */
const HISTORY_LIMIT = 200;

/** True when the watcher reports a job as over (succeeded, failed or unknown to the service). */
export function isJobOver(job: IpcTrackedJob): boolean {
  return job.phase !== 'running';
}

/**
 * Jobs: those the app follows (main's job watcher: `jobs:list` + `jobs:onDidChange`, the
 * ones the app started kept in a local history across restarts), and the JobSummary list
 * of each instance (`jobs:listByInstance`), updated live from the watcher's events while the
 * instance is watched (`watch`/`unwatch`, called by the jobs view).
 */
export const useJobsStore = defineStore('jobs', () => {
  const client = useIpcClient();
  const history = new LocalHistory({
    key: 'databridge.activity.jobs.v1',
    schema: IpcTrackedJobSchema,
    limit: HISTORY_LIMIT,
  });
  const tracked = shallowRef(new Map<string, IpcTrackedJob>());
  const lists = createListCache<JobSummary>((row) => row.id);
  const details = shallowRef(new Map<string, JobDetail>());

  function upsert(job: IpcTrackedJob): void {
    tracked.value = new Map(tracked.value).set(job.jobId, job);
    if (job.startedByApp && isJobOver(job)) saveHistory();
    patchSummary(job);
  }

  function saveHistory(): void {
    history.write(
      [...tracked.value.values()]
        .filter((job) => job.startedByApp && isJobOver(job))
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    );
  }

  /** Keeps a loaded instance list in step with the watcher (status and end time). */
  function patchSummary(job: IpcTrackedJob): void {
    const key = instanceKey(job.profileId, job.instanceName);
    const entry = lists.entry(key);
    if (!entry.isLoaded) return;
    const index = entry.items.findIndex((row) => row.id === job.jobId);
    if (index < 0) {
      // A job the list has not seen yet (started elsewhere): read the list again.
      void loadInstance(job).catch(() => undefined);
      return;
    }
    const row = entry.items[index];
    if (!row || (row.status === job.status && row.endTime === (job.endTime ?? row.endTime))) return;
    const next = [...entry.items];
    next[index] = { ...row, status: job.status, endTime: job.endTime ?? row.endTime };
    lists.set(key, next);
  }

  client.on('jobs:onDidChange', ({ job }) => upsert(job));

  /** Loads the history and the jobs main follows. Throws AppError. */
  async function load(): Promise<void> {
    const next = new Map<string, IpcTrackedJob>();
    for (const job of history.read()) next.set(job.jobId, job);
    for (const job of await client.invoke('jobs:list')) next.set(job.jobId, job);
    tracked.value = new Map([...next, ...tracked.value]);
  }

  /** Loads (again) the JobSummary list of an instance. Throws AppError. */
  async function loadInstance(target: JobsTarget): Promise<readonly JobSummary[]> {
    return lists.load(instanceKey(target.profileId, target.instanceName), () =>
      client.invoke('jobs:listByInstance', {
        profileId: target.profileId,
        pathParams: { instanceName: target.instanceName },
      }),
    );
  }

  /** The JobSummary list of an instance. */
  function entryOf(target: JobsTarget): ListEntry<JobSummary> {
    return lists.entry(instanceKey(target.profileId, target.instanceName));
  }

  /**
   * Who follows each instance (the jobs view, the activity panel). Main's watcher has one
   * switch per instance, so it is turned off only when the last of them lets go.
   */
  const watchers = new Map<string, number>();

  /**
   * Follows every job of the instance while a view shows them; pair each call with `unwatch`.
   * Every call asks main (it also makes the watcher look at once). Throws AppError.
   */
  async function watch(target: JobsTarget): Promise<void> {
    const key = instanceKey(target.profileId, target.instanceName);
    watchers.set(key, (watchers.get(key) ?? 0) + 1);
    await client.invoke('jobs:watchInstance', { ...target });
  }

  /** Stops following the instance's jobs once nobody else does. Never throws (a view closes). */
  async function unwatch(target: JobsTarget): Promise<void> {
    const key = instanceKey(target.profileId, target.instanceName);
    const left = (watchers.get(key) ?? 0) - 1;
    if (left > 0) {
      watchers.set(key, left);
      return;
    }
    watchers.delete(key);
    await client.invoke('jobs:unwatchInstance', { ...target }).catch(() => undefined);
  }

  /** One job with its progress and error (`jobs:getByInstance`). Throws AppError. */
  async function fetchDetail(target: JobsTarget, jobId: string): Promise<JobDetail> {
    const detail = await client.invoke('jobs:getByInstance', {
      profileId: target.profileId,
      pathParams: { instanceName: target.instanceName, jobId },
    });
    details.value = new Map(details.value).set(jobId, detail);
    return detail;
  }

  /** Removes a finished job from the panel and the history. */
  function forget(jobId: string): void {
    const job = tracked.value.get(jobId);
    if (!job || !isJobOver(job)) return;
    const next = new Map(tracked.value);
    next.delete(jobId);
    tracked.value = next;
    saveHistory();
  }

  /** The jobs the app started, newest first. */
  const appJobs = computed(() =>
    [...tracked.value.values()]
      .filter((job) => job.startedByApp)
      .sort((a, b) => (b.createTime ?? b.updatedAt).localeCompare(a.createTime ?? a.updatedAt)),
  );

  return {
    tracked,
    appJobs,
    details,
    load,
    loadInstance,
    entryOf,
    watch,
    unwatch,
    fetchDetail,
    forget,
  };
});
