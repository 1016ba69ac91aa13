import { NTag } from 'naive-ui';
import { h } from 'vue';
import { formatDateTime } from '@shared/format/times';
import { timeCell } from '../common/time-cell';
import type { ResourceColumn } from '../../model/tables/resource-table';
import type { AuditRow } from '../../model/audit/audit-rows';
import { useTimeOptions } from '../../composables/use-time-options';

/**
 * The columns of the Audit view: when, what, on what, who, from where, and how it ended.
 * Narrower than they need, the columns of higher `priority` give way first; the inputs and
 * the job id are in the column chooser (and in every CSV/TSV export).
 */
export function auditColumns(): ResourceColumn<AuditRow>[] {
  return [
    {
      key: 'time',
      title: 'When',
      width: 156,
      priority: 1,
      sorter: (a, b) => a.seq - b.seq,
      render: (row) => timeCell(row.time),
      searchText: (row) => formatDateTime(row.time, useTimeOptions()),
    },
    {
      key: 'operation',
      title: 'Change',
      width: 170,
      priority: 1,
      sorter: 'default',
      ellipsis: { tooltip: true },
    },
    {
      key: 'target',
      title: 'Target',
      minWidth: 160,
      priority: 1,
      sorter: 'default',
      ellipsis: { tooltip: true },
    },
    {
      key: 'outcome',
      title: 'Outcome',
      width: 150,
      priority: 2,
      render: (row) =>
        h(
          NTag,
          {
            size: 'small',
            bordered: false,
            type: row.ok ? 'success' : row.unknown ? 'warning' : 'error',
            // The whole text on hover, when the column cuts it.
            title: row.outcome,
          },
          () => row.outcome,
        ),
      searchText: (row) => row.outcome,
    },
    {
      key: 'principal',
      title: 'Signed in as',
      width: 150,
      priority: 3,
      sorter: 'default',
      ellipsis: { tooltip: true },
    },
    {
      key: 'connection',
      title: 'Connection',
      width: 130,
      priority: 4,
      sorter: 'default',
      ellipsis: { tooltip: true },
    },
    { key: 'jobEnd', title: 'Job ended', width: 110, priority: 5, ellipsis: { tooltip: true } },
    { key: 'source', title: 'From', width: 90, priority: 6, sorter: 'default' },
    { key: 'jobId', title: 'Job id', width: 300, hidden: true, priority: 7 },
    {
      key: 'input',
      title: 'Inputs',
      width: 300,
      hidden: true,
      priority: 7,
      ellipsis: { tooltip: true },
    },
  ];
}
