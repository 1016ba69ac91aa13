import { timeCell } from '../common/time-cell';
import { NTooltip } from 'naive-ui';
import { h } from 'vue';
import type { Database } from '@shared/contract/records/databases';
import { formatDate, formatDateTime, formatMb } from '@renderer/model/display/format';
import { databaseStatusType } from '@renderer/model/display/status-tags';
import type { ResourceColumn } from '@renderer/model/tables/resource-table';
import { tagCell } from '../common/table-cells';

/** The sort keys of list databases that have a column (the service sorts; see DatabasesView). */
export const SORT_KEY_OF_COLUMN: Readonly<Record<string, string>> = {
  name: 'name',
  sizeInMb: 'sizeInMb',
  createdAt: 'createdAt',
};

function pinnedCell(row: Database) {
  if (!row.pinned) return h('span', { class: 'muted' }, '—');
  const tag = tagCell(
    row.pinExpiration ? `until ${formatDate(row.pinExpiration)}` : 'Pinned',
    'info',
  );
  return row.pinExpiration
    ? h(NTooltip, null, { trigger: () => tag, default: () => formatDateTime(row.pinExpiration) })
    : tag;
}

function statusCell(row: Database) {
  const tag = tagCell(row.status, databaseStatusType(row.status));
  return row.error ? h(NTooltip, null, { trigger: () => tag, default: () => row.error }) : tag;
}

function groupsText(row: Database): string {
  return row.groups.map((g) => g.groupName ?? g.groupId).join(', ');
}

/**
 * The columns of the databases table. Name, size and creation date sort on the service
 * (`sorter: true`, the `sort` query, see DatabaseSortControls for the `databases` key); the
 * other columns do not sort, so the order on screen is always the service's.
 */
export function databaseColumns(sortOrder: (key: string) => 'ascend' | 'descend' | false) {
  const remote = (key: string) => ({ sorter: true as const, sortOrder: sortOrder(key) });
  const columns: ResourceColumn<Database>[] = [
    {
      key: 'name',
      title: 'Database',
      width: 230,
      ellipsis: { tooltip: true },
      ...remote('name'),
      render: (row) => h('strong', row.name),
    },
    { key: 'status', title: 'Status', width: 110, render: statusCell },
    {
      key: 'sizeInMb',
      title: 'Size',
      width: 100,
      ...remote('sizeInMb'),
      render: (row) => formatMb(row.sizeInMb),
    },
    {
      key: 'createdAt',
      title: 'Created',
      width: 130,
      ...remote('createdAt'),
      render: (row) => timeCell(row.createdAt, formatDate),
      searchText: (row) => formatDate(row.createdAt),
    },
    {
      key: 'pinned',
      title: 'Pinned',
      width: 130,
      render: pinnedCell,
      searchText: (row) => (row.pinned ? 'pinned' : ''),
    },
    { key: 'databaseSchema', title: 'Schema', width: 90 },
    { key: 'owner', title: 'Owner', width: 130, ellipsis: { tooltip: true } },
    {
      key: 'groups',
      title: 'Groups',
      minWidth: 140,
      ellipsis: { tooltip: true },
      render: (row) => groupsText(row) || '—',
      searchText: groupsText,
    },
    {
      key: 'secured',
      title: 'Secured',
      width: 90,
      hidden: true,
      render: (row) => (row.secured ? 'Yes' : 'No'),
    },
    {
      key: 'registered',
      title: 'Registered',
      width: 100,
      hidden: true,
      render: (row) => (row.registered ? 'Yes' : 'No'),
    },
    { key: 'databaseVersion', title: 'Version', width: 90, hidden: true },
    {
      key: 'lastIndexUpdate',
      title: 'Last index update',
      width: 150,
      hidden: true,
      render: (row) => formatDateTime(row.lastIndexUpdate),
    },
    {
      key: 'exposureSetId',
      title: 'Exposure set',
      width: 150,
      hidden: true,
      ellipsis: { tooltip: true },
    },
  ];
  return columns;
}
