import { timeCell } from '../common/time-cell';
import { NTooltip } from 'naive-ui';
import { h } from 'vue';
import type { Database } from '@shared/contract/records/databases';
import { databaseSchemaLabel } from '@shared/format/enum-labels';
import { formatDate, formatDateTime } from '@shared/format/times';
import { formatSizeMiB } from '@shared/format/units';
import { useTimeOptions } from '@renderer/composables/use-time-options';
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
  const options = useTimeOptions();
  const tag = tagCell(
    row.pinExpiration ? formatDate(row.pinExpiration, options) : 'Pinned',
    'info',
  );
  const full = (): string => `Pinned until ${formatDateTime(row.pinExpiration, options)}`;
  return row.pinExpiration ? h(NTooltip, null, { trigger: () => tag, default: full }) : tag;
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
 * other columns do not sort, so the order on screen is always the service's. Their widths fit
 * a 1280 px window; narrower, the columns of higher `priority` give way first.
 */
export function databaseColumns(sortOrder: (key: string) => 'ascend' | 'descend' | false) {
  const remote = (key: string) => ({ sorter: true as const, sortOrder: sortOrder(key) });
  const columns: ResourceColumn<Database>[] = [
    {
      key: 'name',
      title: 'Database',
      // The name says which database a row is: room for 20 characters in bold at 1280 px, the
      // badges beside it narrow first.
      minWidth: 200,
      priority: 1,
      ellipsis: { tooltip: true },
      ...remote('name'),
      render: (row) => h('strong', row.name),
    },
    { key: 'status', title: 'Status', width: 96, priority: 1, render: statusCell },
    {
      key: 'sizeInMb',
      title: 'Size',
      width: 80,
      priority: 2,
      ...remote('sizeInMb'),
      render: (row) => formatSizeMiB(row.sizeInMb),
    },
    {
      key: 'createdAt',
      title: 'Created',
      width: 96,
      priority: 3,
      ...remote('createdAt'),
      render: (row) => timeCell(row.createdAt, formatDate),
      searchText: (row) => formatDate(row.createdAt, useTimeOptions()),
    },
    {
      key: 'pinned',
      title: 'Pinned',
      headerTip: 'Pinned databases: Pinned, or the date the pin ends (its time on hover).',
      width: 108,
      priority: 5,
      render: pinnedCell,
      searchText: (row) => (row.pinned ? 'pinned' : ''),
    },
    {
      key: 'databaseSchema',
      title: 'Schema',
      width: 80,
      priority: 6,
      render: (row) => databaseSchemaLabel(row.databaseSchema),
      searchText: (row) => databaseSchemaLabel(row.databaseSchema),
    },
    // An API key's name whole: "apikey-contributor" takes 129 px in 14 px DejaVu Sans.
    { key: 'owner', title: 'Owner', width: 148, priority: 4, ellipsis: { tooltip: true } },
    {
      key: 'groups',
      title: 'Groups',
      // A width of its own: the room left over goes to the name alone (two columns that
      // stretch share it evenly, and a 20-character name was cut beside a dash).
      width: 108,
      priority: 4,
      ellipsis: { tooltip: true },
      render: (row) => groupsText(row) || '—',
      searchText: groupsText,
    },
    {
      key: 'secured',
      title: 'Secured',
      width: 90,
      hidden: true,
      priority: 7,
      render: (row) => (row.secured ? 'Yes' : 'No'),
    },
    {
      key: 'registered',
      title: 'Registered',
      width: 100,
      hidden: true,
      priority: 7,
      render: (row) => (row.registered ? 'Yes' : 'No'),
    },
    { key: 'databaseVersion', title: 'Version', width: 90, hidden: true, priority: 7 },
    {
      key: 'lastIndexUpdate',
      title: 'Last index update',
      width: 156,
      hidden: true,
      priority: 7,
      render: (row) => timeCell(row.lastIndexUpdate),
    },
    {
      key: 'exposureSetId',
      title: 'Exposure set',
      width: 150,
      hidden: true,
      priority: 7,
      ellipsis: { tooltip: true },
    },
  ];
  return columns;
}
