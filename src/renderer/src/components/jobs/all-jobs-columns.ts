import { NTag } from 'naive-ui';
import { h } from 'vue';
import { formatDurationBetween } from '@shared/format/durations';
import { formatDateTime } from '@shared/format/times';
import DurationText from '../common/DurationText.vue';
import { timeCell } from '../common/time-cell';
import type { ResourceColumn } from '../../model/tables/resource-table';
import { jobStatusType, jobTypeLabel } from '../../model/display/job-format';
import type { AllJobRow } from '../../model/jobs/all-jobs';
import { useTimeOptions } from '../../composables/use-time-options';

const instanceText = (row: AllJobRow): string => row.instanceName;
const connectionText = (row: AllJobRow): string => row.connectionName;

/**
 * The columns of the "All jobs" table. The connection has a column of its own only while
 * more than one connection is open: with one, every row would repeat the same name. Narrower
 * than they need, the columns of higher `priority` give way first.
 */
export function allJobsColumns(showConnection: boolean): ResourceColumn<AllJobRow>[] {
  const where: ResourceColumn<AllJobRow>[] = [
    {
      key: 'instanceName',
      title: 'Instance',
      width: 120,
      priority: 1,
      sorter: (a, b) => a.instanceName.localeCompare(b.instanceName),
      ellipsis: { tooltip: true },
      searchText: instanceText,
    },
  ];
  if (showConnection) {
    where.push({
      key: 'connectionName',
      title: 'Connection',
      width: 120,
      priority: 4,
      sorter: (a, b) => a.connectionName.localeCompare(b.connectionName),
      ellipsis: { tooltip: true },
      searchText: connectionText,
    });
  }
  return [
    ...where,
    {
      key: 'type',
      title: 'Type',
      width: 132,
      priority: 2,
      sorter: (a, b) => jobTypeLabel(a.type).localeCompare(jobTypeLabel(b.type)),
      render: (row) => jobTypeLabel(row.type),
      searchText: (row) => jobTypeLabel(row.type),
    },
    {
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
    {
      key: 'resourceName',
      title: 'Resource',
      minWidth: 110,
      priority: 1,
      sorter: 'default',
      ellipsis: { tooltip: true },
    },
    {
      key: 'createTime',
      title: 'Started',
      width: 156,
      priority: 3,
      sorter: (a, b) => a.createTime.localeCompare(b.createTime),
      render: (row) => timeCell(row.createTime),
      searchText: (row) => formatDateTime(row.createTime, useTimeOptions()),
    },
    {
      key: 'endTime',
      title: 'Ended',
      width: 156,
      // Shown from the column chooser: with the start and the duration beside it, it would
      // push the owner out of a 1280-pixel window.
      hidden: true,
      priority: 6,
      sorter: (a, b) => (a.endTime ?? '').localeCompare(b.endTime ?? ''),
      render: (row) => timeCell(row.endTime),
      searchText: (row) => formatDateTime(row.endTime, useTimeOptions()),
    },
    {
      key: 'duration',
      title: 'Duration',
      width: 82,
      priority: 3,
      render: (row) => h(DurationText, { start: row.createTime, end: row.endTime }),
      shownText: (row) => formatDurationBetween(row.createTime, row.endTime, Date.now()),
    },
    {
      key: 'owner',
      title: 'Owner',
      width: 88,
      priority: 5,
      sorter: 'default',
      ellipsis: { tooltip: true },
    },
    { key: 'id', title: 'Job id', width: 300, hidden: true, priority: 7 },
  ];
}
