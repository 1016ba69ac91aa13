import { computed, type ComputedRef } from 'vue';
import type { JobSummary } from '@shared/contract/records/jobs';
import type { IpcTrackedJob } from '@shared/ipc/activity-channels';
import type { TransferRecord } from '@shared/model/transfer';
import { jobStatusGroup, type ActivityFilter } from '../model/display/job-format';
import { transferGroup } from '@renderer/model/display/transfer-format';
import { isJobOver, useJobsStore } from '../stores/jobs-store';
import { useTransfersStore } from '../stores/transfers-store';

/** One card of the activity panel. */
export type ActivityItem =
  | {
      readonly kind: 'transfer';
      readonly id: string;
      readonly at: string;
      readonly record: TransferRecord;
    }
  | {
      readonly kind: 'job';
      readonly id: string;
      readonly at: string;
      readonly job: IpcTrackedJob;
      /** The row of the instance's job list, when the card comes from it. */
      readonly row?: JobSummary;
    };

/** The filter group of an item. */
export function itemGroup(item: ActivityItem): Exclude<ActivityFilter, 'all'> {
  if (item.kind === 'transfer') return transferGroup(item.record.state);
  if (item.job.phase === 'failed') return 'failed';
  return isJobOver(item.job) ? 'finished' : jobStatusGroup(item.job.status);
}

/** How many items fall in each filter group (and in all). */
export function countItems(items: readonly ActivityItem[]): Record<ActivityFilter, number> {
  const result: Record<ActivityFilter, number> = { all: 0, running: 0, failed: 0, finished: 0 };
  for (const item of items) {
    result.all += 1;
    result[itemGroup(item)] += 1;
  }
  return result;
}

/** Queued transfers come after the others, in the queue's order (the next one first). */
function queueRank(item: ActivityItem): number {
  if (item.kind !== 'transfer' || item.record.state !== 'queued') return 0;
  return item.record.queuePosition ?? 1_000_000;
}

/**
 * Transfers and the jobs the app started, as one list for the activity panel, newest first
 * (queued transfers last, in the queue's order).
 * A transfer's own job is not listed again (its card shows the job's state). Also the counts
 * per filter group; `counts.running` is what a badge on the Activity button would show.
 */
export function useActivityItems(): {
  items: ComputedRef<ActivityItem[]>;
  counts: ComputedRef<Record<ActivityFilter, number>>;
} {
  const transfers = useTransfersStore();
  const jobs = useJobsStore();
  const items = computed<ActivityItem[]>(() => {
    const transferJobs = new Set(transfers.all.flatMap((r) => (r.jobId ? [r.jobId] : [])));
    const list: ActivityItem[] = transfers.all.map((record) => ({
      kind: 'transfer',
      id: record.id,
      at: record.createdAt,
      record,
    }));
    for (const job of jobs.appJobs) {
      if (transferJobs.has(job.jobId)) continue;
      list.push({ kind: 'job', id: job.jobId, at: job.createTime ?? job.updatedAt, job });
    }
    return list.sort((a, b) => queueRank(a) - queueRank(b) || b.at.localeCompare(a.at));
  });
  const counts = computed(() => countItems(items.value));
  return { items, counts };
}
