import type { JobSummary } from '@shared/contract/records/jobs';
import { instantOf } from '@shared/format/durations';
import { jobStatusGroup, jobTypeLabel, type ActivityFilter } from '../display/job-format';

/*
 * The jobs of every instance of every open connection, as one list: the rows of the
 * per-instance lists merged, and the filters of the "All jobs" view, as pure functions.
 */

/** An instance of an open connection. */
export interface JobsInstance {
  readonly profileId: string;
  readonly instanceName: string;
  /** The connection's (profile's) name, as the user knows it. */
  readonly connectionName: string;
}

/** The job list of one instance as far as it is loaded. */
export interface InstanceJobList {
  readonly instance: JobsInstance;
  readonly items: readonly JobSummary[];
}

/** One row of the cross-instance list: the job and where it runs. */
export type AllJobRow = JobSummary & {
  /** Unique across instances: a job id is only known to be unique on its instance. */
  readonly rowKey: string;
  readonly profileId: string;
  readonly instanceName: string;
  readonly connectionName: string;
};

/** The key of an instance in the filters (profile and name: two connections may share names). */
export function instanceFilterKey(instance: Pick<JobsInstance, 'profileId' | 'instanceName'>) {
  return `${instance.profileId}\u0000${instance.instanceName}`;
}

/**
 * Every job of the lists, newest first (by start time, then instance): each job once, even
 * when an instance appears twice.
 */
export function mergeInstanceJobs(lists: readonly InstanceJobList[]): AllJobRow[] {
  const rows = new Map<string, AllJobRow>();
  for (const { instance, items } of lists) {
    const where = instanceFilterKey(instance);
    for (const job of items) {
      const rowKey = `${where}\u0000${job.id}`;
      if (rows.has(rowKey)) continue;
      rows.set(rowKey, { ...job, rowKey, ...instance });
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      b.createTime.localeCompare(a.createTime) ||
      a.connectionName.localeCompare(b.connectionName) ||
      a.instanceName.localeCompare(b.instanceName),
  );
}

const HOUR = 3_600_000;

/** The time windows of the filter: jobs started within the last hour, day or week, or all. */
export const TIME_WINDOWS = [
  { value: '1h', label: 'Last hour', ms: HOUR },
  { value: '24h', label: 'Last 24 hours', ms: 24 * HOUR },
  { value: '7d', label: 'Last 7 days', ms: 7 * 24 * HOUR },
  { value: 'all', label: 'Any time', ms: Number.POSITIVE_INFINITY },
] as const;
/** A time window of the filter. */
export type TimeWindow = (typeof TIME_WINDOWS)[number]['value'];

/** What the "All jobs" view filters by; `undefined` lets every value through. */
export interface AllJobsFilter {
  readonly type?: string | undefined;
  readonly status: ActivityFilter;
  /** An {@link instanceFilterKey}. */
  readonly instance?: string | undefined;
  readonly window: TimeWindow;
}

/** True when the job started within `window` before `now` (a job with no start time: `all` only). */
export function startedWithin(
  row: Pick<JobSummary, 'createTime'>,
  window: TimeWindow,
  now: number,
) {
  const span = TIME_WINDOWS.find((w) => w.value === window)?.ms ?? Number.POSITIVE_INFINITY;
  if (span === Number.POSITIVE_INFINITY) return true;
  const started = instantOf(row.createTime);
  return Number.isFinite(started) && now - started <= span;
}

/** True when `row` passes every part of `filter` at `now`. */
export function matchesAllJobsFilter(row: AllJobRow, filter: AllJobsFilter, now: number): boolean {
  if (filter.type !== undefined && row.type !== filter.type) return false;
  if (filter.status !== 'all' && jobStatusGroup(row.status) !== filter.status) return false;
  if (filter.instance !== undefined && instanceFilterKey(row) !== filter.instance) return false;
  return startedWithin(row, filter.window, now);
}

/** The job types present in `rows`, by name (never the service's code), sorted by name. */
export function jobTypeOptions(rows: readonly Pick<JobSummary, 'type'>[]) {
  const types = [...new Set(rows.map((row) => row.type))];
  return types
    .map((type) => ({ value: type, label: jobTypeLabel(type) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The instances of the filter: `instance` alone while one connection is open, else
 * `instance · connection`.
 */
export function instanceOptions(instances: readonly JobsInstance[]) {
  const connections = new Set(instances.map((i) => i.profileId));
  return instances.map((instance) => ({
    value: instanceFilterKey(instance),
    label:
      connections.size > 1
        ? `${instance.instanceName} · ${instance.connectionName}`
        : instance.instanceName,
  }));
}
