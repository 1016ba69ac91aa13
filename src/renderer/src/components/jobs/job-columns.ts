import { NTag } from 'naive-ui';
import { h } from 'vue';
import type { JobSummary } from '@shared/contract/records/jobs';
import { formatDurationBetween } from '@shared/format/durations';
import { formatDateTime } from '@shared/format/times';
import DurationText from '../common/DurationText.vue';
import { timeCell } from '../common/time-cell';
import type { ResourceColumn } from '../../model/tables/resource-table';
import { jobStatusType, jobTypeLabel } from '../../model/display/job-format';
import { useTimeOptions } from '../../composables/use-time-options';

/** The columns every table of jobs has, by key. */
type JobColumnKey =
  'status' | 'type' | 'resourceName' | 'createTime' | 'endTime' | 'duration' | 'owner' | 'id';

/**
 * The columns of a job that the Jobs view (one instance) and "All jobs" share, written the
 * same way in both: the status as a tag, the type by its name, times on the app's clock,
 * the duration running while the job does. Each view places them and sets their `priority`
 * (the order in which they give way when the window is narrow) and what it hides at first.
 */
export function jobColumns<T extends JobSummary>(): Record<JobColumnKey, ResourceColumn<T>> {
  return {
    status: {
      key: 'status',
      title: 'Status',
      width: 100,
      priority: 1,
      sorter: (a, b) => a.status.localeCompare(b.status),
      render: (row) =>
        h(
          NTag,
          { size: 'small', bordered: false, type: jobStatusType(row.status) },
          () => row.status,
        ),
    },
    type: {
      key: 'type',
      title: 'Type',
      // Every label whole at any window size (the column keeps its width, it does not
      // stretch): "Rename database", the widest, takes 127 px in 14 px DejaVu Sans.
      width: 144,
      priority: 2,
      sorter: (a, b) => jobTypeLabel(a.type).localeCompare(jobTypeLabel(b.type)),
      render: (row) => jobTypeLabel(row.type),
      searchText: (row) => jobTypeLabel(row.type),
    },
    resourceName: {
      key: 'resourceName',
      title: 'Resource',
      // The database (or instance) the job is about: what names the row, so it keeps its room;
      // the end time is in the chooser (Started and Duration say it). A name is whole in a
      // little more than its minimum: a wide table's room goes mostly to the error beside it.
      minWidth: 160,
      grow: 1,
      priority: 1,
      sorter: 'default',
      ellipsis: { tooltip: true },
    },
    createTime: {
      key: 'createTime',
      title: 'Started',
      width: 156,
      priority: 3,
      sorter: (a, b) => a.createTime.localeCompare(b.createTime),
      render: (row) => timeCell(row.createTime),
      searchText: (row) => formatDateTime(row.createTime, useTimeOptions()),
    },
    endTime: {
      key: 'endTime',
      title: 'Ended',
      width: 156,
      priority: 5,
      sorter: (a, b) => (a.endTime ?? '').localeCompare(b.endTime ?? ''),
      render: (row) => timeCell(row.endTime),
      searchText: (row) => formatDateTime(row.endTime, useTimeOptions()),
    },
    duration: {
      key: 'duration',
      title: 'Duration',
      width: 82,
      priority: 3,
      render: (row) => h(DurationText, { start: row.createTime, end: row.endTime }),
      shownText: (row) => formatDurationBetween(row.createTime, row.endTime, Date.now()),
    },
    owner: {
      key: 'owner',
      title: 'Owner',
      width: 88,
      priority: 5,
      sorter: 'default',
      ellipsis: { tooltip: true },
    },
    id: { key: 'id', title: 'Job id', width: 300, hidden: true, priority: 7 },
  };
}
