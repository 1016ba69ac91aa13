import { NTag } from 'naive-ui';
import { h } from 'vue';
import { formatDateTime } from '@shared/format/times';
import { timeCell } from '../common/time-cell';
import type { ResourceColumn } from '../../model/tables/resource-table';
import type { AuditRow } from '../../model/audit/audit-rows';
import type { AuditActionState } from '@shared/model/audit-words';
import { useTimeOptions } from '../../composables/use-time-options';

/** The tag colour of each outcome. */
const TAG_TYPES: Readonly<Record<AuditActionState, 'success' | 'error' | 'warning' | 'info'>> = {
  succeeded: 'success',
  failed: 'error',
  unknown: 'warning',
  inProgress: 'info',
};

/** An outcome as a tag of its colour, its whole text on hover when the column cuts it. */
export function outcomeTag(state: AuditActionState, text: string) {
  return h(
    NTag,
    { size: 'small', bordered: false, type: TAG_TYPES[state], title: text },
    () => text,
  );
}

/**
 * The columns of the Audit view, one row per user action: when, what, on what, how it ended,
 * who, from where. Narrower than they need, the columns of higher `priority` give way first;
 * the job ids are in the column chooser (and in every CSV/TSV export). The search finds an
 * action by its calls' operations too (`uploads complete` finds the imports).
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
      key: 'action',
      title: 'Action',
      width: 170,
      priority: 1,
      sorter: 'default',
      ellipsis: { tooltip: true },
      searchText: (row) => [row.action, ...row.calls.map((call) => call.operation)].join(' '),
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
      width: 170,
      priority: 2,
      render: (row) => outcomeTag(row.state, row.outcome),
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
    {
      key: 'source',
      title: 'From',
      // "App 0.3.0", "CLI 0.3.0"; a build without a version says "App unknown".
      width: 110,
      priority: 6,
      sorter: 'default',
      ellipsis: { tooltip: true },
    },
    { key: 'jobIds', title: 'Job ids', width: 300, hidden: true, priority: 7 },
  ];
}
