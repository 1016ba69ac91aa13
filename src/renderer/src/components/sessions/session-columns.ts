import { h } from 'vue';
import type { Session } from '@shared/contract/records/sessions';
import { formatDuration } from '@shared/format/durations';
import { blockerOf, waitOf } from '@shared/monitor/blocking-forest';
import type { ResourceColumn } from '@renderer/model/tables/resource-table';
import { timeCell } from '../common/time-cell';

/*
 * The columns of the session table: every field of the Session record, sortable. Cells are
 * plain spans (no component per cell), so a refresh of 2,000 sessions stays cheap. Those shown
 * at first fit a 1280 px window (the others are in the column chooser); narrower, the columns
 * of higher `priority` give way first. Wider, the SQL text takes most of the room (`grow`), the
 * names (login, database, host, program) some of it: they stretch too, as a name cut beside the
 * SQL would say less; a program's name is the longest of them.
 */

const byNumber =
  (key: 'sessionId' | 'cpuTime' | 'memoryUsage' | 'blockingSessionId') =>
  (a: Session, b: Session): number =>
    a[key] - b[key];
/** Code-unit order: a table of 2,000 rows is sorted again on every refresh, and
 * localeCompare would cost more than the rest of the refresh. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byText =
  (key: 'loginName' | 'databaseName' | 'hostName' | 'programName' | 'status' | 'executingSql') =>
  (a: Session, b: Session): number =>
    compareText((a[key] ?? '').toLowerCase(), (b[key] ?? '').toLowerCase());
const byTime =
  (key: 'loginTime' | 'lastRequestStartTime' | 'lastRequestEndTime') =>
  (a: Session, b: Session): number =>
    compareText(a[key] ?? '', b[key] ?? '');

/**
 * A blocked session's wait, as the blocking chain counts it: since its request started. The
 * Session record has no wait type or time, so a session that is not blocked shows none.
 */
const waitText = (row: Session): string =>
  blockerOf(row) === undefined ? '' : formatDuration(waitOf(row, Date.now()));
/** The longest wait first when descending: the earlier a blocked request started, the longer. */
const byWait = (a: Session, b: Session): number => {
  const started = (row: Session): number =>
    blockerOf(row) === undefined ? Number.POSITIVE_INFINITY : Date.parse(row.lastRequestStartTime);
  return started(b) - started(a) || 0;
};
const WAIT_TIP =
  'How long a blocked session has waited: since its request started, on the session in ' +
  'Blocked by. The service reports no wait type or time, so a session that is not blocked ' +
  'shows none.';

const STATUS_CLASS: Readonly<Record<string, string>> = {
  running: 'session-status--running',
  runnable: 'session-status--runnable',
  suspended: 'session-status--suspended',
  sleeping: 'session-status--sleeping',
  background: 'session-status--background',
};

/** The sort the user picked in the session table. */
export interface SessionSort {
  readonly key: string;
  readonly order: 'ascend' | 'descend';
}

/**
 * The session table's columns; `blocking` marks head blockers and blocked sessions. The sort
 * order is controlled (`sorted`): with uncontrolled sorters naive-ui sorts every refresh even
 * when no column is sorted, which costs more than the rest of a 2,000-row refresh.
 */
export function sessionColumns(
  blocking: () => { blockerIds: ReadonlySet<number>; blockedIds: ReadonlySet<number> },
  sorted: SessionSort | undefined,
): ResourceColumn<Session>[] {
  return allColumns(blocking).map((column) => ({
    ...column,
    sortOrder: sorted?.key === column.key ? sorted.order : false,
  }));
}

function allColumns(
  blocking: () => { blockerIds: ReadonlySet<number>; blockedIds: ReadonlySet<number> },
): ResourceColumn<Session>[] {
  return [
    {
      key: 'sessionId',
      title: 'SPID',
      // The title and its sort arrow side by side, as in every column that sorts.
      width: 68,
      priority: 1,
      sorter: byNumber('sessionId'),
      render: (row) => {
        const { blockerIds, blockedIds } = blocking();
        const role = blockerIds.has(row.sessionId)
          ? 'session-spid--blocker'
          : blockedIds.has(row.sessionId)
            ? 'session-spid--blocked'
            : undefined;
        return role
          ? h('span', { class: ['session-spid', role] }, String(row.sessionId))
          : String(row.sessionId);
      },
    },
    {
      key: 'loginName',
      title: 'Login',
      minWidth: 96,
      // Whose session a row is: beside the session pane, it gets room before the SQL text.
      grow: 2,
      priority: 2,
      ellipsis: { tooltip: true },
      ellipsisComponent: 'performant-ellipsis',
      sorter: byText('loginName'),
    },
    {
      key: 'status',
      title: 'Status',
      // "suspended", the widest status and the one that matters most, whole.
      width: 92,
      priority: 2,
      sorter: byText('status'),
      render: (row) =>
        h('span', { class: ['session-status', STATUS_CLASS[row.status]] }, row.status),
    },
    {
      key: 'databaseName',
      title: 'Database',
      minWidth: 108,
      priority: 3,
      ellipsis: { tooltip: true },
      ellipsisComponent: 'performant-ellipsis',
      sorter: byText('databaseName'),
    },
    {
      key: 'hostName',
      title: 'Host',
      minWidth: 84,
      priority: 4,
      ellipsis: { tooltip: true },
      ellipsisComponent: 'performant-ellipsis',
      sorter: byText('hostName'),
    },
    {
      key: 'programName',
      title: 'Program',
      minWidth: 96,
      grow: 2,
      priority: 4,
      ellipsis: { tooltip: true },
      ellipsisComponent: 'performant-ellipsis',
      sorter: byText('programName'),
    },
    {
      key: 'blockingSessionId',
      title: 'Blocked by',
      width: 96,
      priority: 3,
      sorter: byNumber('blockingSessionId'),
      render: (row) => (row.blockingSessionId > 0 ? String(row.blockingSessionId) : ''),
    },
    {
      key: 'wait',
      title: 'Wait',
      headerTip: WAIT_TIP,
      width: 92,
      priority: 3,
      align: 'right',
      sorter: byWait,
      render: waitText,
      searchText: waitText,
      shownText: waitText,
    },
    {
      key: 'cpuTime',
      title: 'CPU (ms)',
      // The title and its sort arrow side by side, as in every column that sorts.
      width: 96,
      priority: 5,
      align: 'right',
      sorter: byNumber('cpuTime'),
    },
    {
      key: 'memoryUsage',
      title: 'Memory (pages)',
      width: 156,
      hidden: true,
      priority: 7,
      align: 'right',
      sorter: byNumber('memoryUsage'),
    },
    {
      key: 'loginTime',
      title: 'Login time',
      width: 156,
      hidden: true,
      priority: 7,
      sorter: byTime('loginTime'),
      render: (row) => timeCell(row.loginTime),
    },
    {
      key: 'lastRequestStartTime',
      title: 'Request start',
      width: 156,
      hidden: true,
      priority: 6,
      sorter: byTime('lastRequestStartTime'),
      render: (row) => timeCell(row.lastRequestStartTime),
    },
    {
      key: 'lastRequestEndTime',
      title: 'Request end',
      width: 156,
      hidden: true,
      priority: 7,
      sorter: byTime('lastRequestEndTime'),
      render: (row) => timeCell(row.lastRequestEndTime),
    },
    {
      key: 'executingSql',
      title: 'SQL',
      minWidth: 88,
      grow: 5,
      priority: 1,
      ellipsis: { tooltip: { contentStyle: { maxWidth: '560px' } } },
      ellipsisComponent: 'performant-ellipsis',
      sorter: byText('executingSql'),
      render: (row) => h('code', { class: 'session-sql' }, row.executingSql ?? ''),
    },
  ];
}
