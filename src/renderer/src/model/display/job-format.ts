import { isFinalJobStatus } from '@shared/contract/enums';
import type { TagType } from './status-tags';

/** The activity filters: everything, or one of three groups. */
export type ActivityFilter = 'all' | 'running' | 'failed' | 'finished';

/** Which filter group a job status falls in (unknown statuses count as running). */
export function jobStatusGroup(status: string): Exclude<ActivityFilter, 'all'> {
  if (status === 'Failed') return 'failed';
  return isFinalJobStatus(status) ? 'finished' : 'running';
}

const STATUS_TYPES: Readonly<Record<string, TagType>> = {
  Succeeded: 'success',
  Failed: 'error',
  Deleted: 'warning',
  Processing: 'info',
};

/** The colour of a job status tag. */
export function jobStatusType(status: string): TagType {
  return STATUS_TYPES[status] ?? 'default';
}

/** `IMPORT_DATABASE` → `Import database`: the app's one map of job types (enum-labels.ts). */
export { jobTypeLabel } from '@shared/format/enum-labels';
