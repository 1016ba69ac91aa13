import { computed, watch, type ComputedRef, type Ref } from 'vue';
import { isFinalJobStatus } from '@shared/contract/enums';
import type { JobDetail, JobSummary } from '@shared/contract/records/jobs';
import type { IpcTrackedJob } from '@shared/ipc/activity-channels';
import { useJobsStore, type JobsTarget } from '../stores/jobs-store';
import { instanceKey, type ListEntry } from '../model/lists/list-cache';
import { useNavigationStore } from '../stores/navigation-store';
import { useSignInStore } from '../stores/sign-in-store';
import type { ActivityItem } from './use-activity-items';

/**
 * How many failed jobs of one instance have their error read at once: the list has no error
 * (JobSummary), so each costs a request; the rest show theirs in the details drawer.
 */
const ERROR_READS = 20;

/**
 * One JobSummary row as a job card. When the watcher follows the job (the app started it, or
 * the instance is watched) its label, progress and error are added; otherwise the error comes
 * from the job's details, once read. Status and times are the row's (the store keeps the row
 * in step with the watcher).
 */
export function summaryAsJob(
  target: JobsTarget,
  row: JobSummary,
  tracked?: IpcTrackedJob,
  detail?: JobDetail,
): IpcTrackedJob {
  const phase =
    row.status === 'Failed' ? 'failed' : isFinalJobStatus(row.status) ? 'succeeded' : 'running';
  const error = tracked?.error ?? detail?.error;
  const progress = tracked?.progress ?? detail?.progress;
  return {
    profileId: target.profileId,
    instanceName: target.instanceName,
    jobId: row.id,
    type: row.type,
    resourceName: row.resourceName,
    status: row.status,
    phase,
    startedByApp: tracked?.startedByApp ?? false,
    createTime: row.createTime,
    endTime: row.endTime,
    updatedAt: row.endTime ?? row.createTime,
    ...(tracked?.label ? { label: tracked.label } : {}),
    ...(error ? { error } : {}),
    ...(typeof progress === 'number' ? { progress } : {}),
  };
}

/** What {@link useInstanceJobs} answers. */
export interface InstanceJobs {
  /** The instance's list as it loads (undefined without an instance). */
  readonly entry: ComputedRef<ListEntry<JobSummary> | undefined>;
  /** Every job of the instance as a card with its row, newest first (each job once). */
  readonly items: ComputedRef<ActivityItem[]>;
  /** Reads the list again. Never throws (the error is in `entry`). */
  refresh(): Promise<void>;
}

/**
 * Every job of an instance (its JobSummary list) for the activity panel, kept live the way
 * the Jobs view keeps it: read once when shown, then main's job watcher follows the instance
 * (`jobs:watchInstance`) and the store patches the list from its events, so there is no timer
 * here. The watch lasts while `isActive` is true and `target` stays the same instance.
 */
export function useInstanceJobs(
  target: Ref<JobsTarget | undefined>,
  isActive: Ref<boolean>,
): InstanceJobs {
  const jobs = useJobsStore();
  const key = computed(() =>
    target.value ? instanceKey(target.value.profileId, target.value.instanceName) : '',
  );
  const entry = computed(() => (target.value ? jobs.entryOf(target.value) : undefined));
  const errorReads = new Set<string>();

  const items = computed<ActivityItem[]>(() => {
    const where = target.value;
    if (!where || !entry.value) return [];
    return [...entry.value.items]
      .sort((a, b) => b.createTime.localeCompare(a.createTime))
      .map((row) => ({
        kind: 'job',
        id: row.id,
        at: row.createTime,
        job: summaryAsJob(where, row, jobs.tracked.get(row.id), jobs.details.get(row.id)),
        row,
      }));
  });

  const refresh = async (): Promise<void> => {
    if (target.value) await jobs.loadInstance(target.value).catch(() => undefined);
  };

  watch(
    [key, isActive],
    ([current, active], _before, onCleanup) => {
      const where = target.value;
      errorReads.clear();
      if (!current || !active || !where) return;
      const watched = { profileId: where.profileId, instanceName: where.instanceName };
      void refresh();
      void jobs.watch(watched).catch(() => undefined);
      onCleanup(() => void jobs.unwatch(watched));
    },
    { immediate: true },
  );

  // The error of a failed job is not in the list: read it for the first failed ones shown.
  watch(
    [items, isActive],
    ([list, active]) => {
      const where = target.value;
      if (!active || !where) return;
      for (const item of list) {
        if (item.kind !== 'job' || item.job.phase !== 'failed' || item.job.error) continue;
        if (errorReads.has(item.id)) continue;
        if (errorReads.size >= ERROR_READS) return;
        errorReads.add(item.id);
        void jobs.fetchDetail(where, item.id).catch(() => undefined);
      }
    },
    { immediate: true },
  );

  return {
    entry,
    items,
    refresh,
  };
}

/** Opens the Jobs view of an instance (its full job list, with search and columns). */
export function openJobsView(target: JobsTarget): void {
  useSignInStore().openProfile(target.profileId);
  useNavigationStore().open({
    kind: 'jobs',
    profileId: target.profileId,
    instanceName: target.instanceName,
  });
}
