import { NProgress } from 'naive-ui';
import { h } from 'vue';
import type { SqlInstance } from '@shared/contract/records/instances';
import { formatMb, percent } from '@renderer/model/display/format';
import { instanceStatusType } from '@renderer/model/display/status-tags';
import type { ResourceColumn } from '@renderer/model/tables/resource-table';
import { tagCell } from '../common/table-cells';

/** How full an instance's disk is, 0..100. */
export function diskUse(instance: SqlInstance): number {
  return percent(instance.usedDiskSpaceInMb, instance.totalDiskSpaceInMb);
}

/** The progress colour of a disk that is `use` percent full. */
export function diskStatus(use: number): 'success' | 'warning' | 'error' {
  if (use >= 90) return 'error';
  if (use >= 75) return 'warning';
  return 'success';
}

/** A thin disk-usage bar with its text. */
export function renderDisk(instance: SqlInstance) {
  const use = diskUse(instance);
  return h('div', { class: 'disk-cell' }, [
    h(NProgress, {
      type: 'line',
      percentage: use,
      status: diskStatus(use),
      showIndicator: false,
      height: 6,
      style: 'width: 70px',
      'aria-label': `Disk used by ${instance.name}`,
    }),
    h(
      'span',
      { class: 'disk-cell__text' },
      `${formatMb(instance.usedDiskSpaceInMb)} of ${formatMb(instance.totalDiskSpaceInMb)}`,
    ),
  ]);
}

/** The columns of the instances table. */
export function instanceColumns(): ResourceColumn<SqlInstance>[] {
  return [
    {
      key: 'name',
      title: 'Instance',
      sorter: (a, b) => a.name.localeCompare(b.name),
      width: 140,
      ellipsis: { tooltip: true },
      render: (row) => h('strong', row.name),
    },
    {
      key: 'status',
      title: 'Status',
      width: 90,
      sorter: (a, b) => a.status.localeCompare(b.status),
      render: (row) => tagCell(row.status, instanceStatusType(row.status)),
    },
    {
      key: 'usedDiskSpaceInMb',
      title: 'Disk used',
      width: 200,
      sorter: (a, b) => diskUse(a) - diskUse(b),
      render: renderDisk,
      searchText: () => '',
    },
    {
      key: 'availableDiskSpaceInMb',
      title: 'Available',
      width: 110,
      sorter: (a, b) => a.availableDiskSpaceInMb - b.availableDiskSpaceInMb,
      render: (row) => formatMb(row.availableDiskSpaceInMb),
    },
    {
      key: 'databaseLimit',
      title: 'DB limit',
      width: 90,
    },
    {
      key: 'pinnedDatabaseLimit',
      title: 'Pinned limit',
      width: 110,
    },
    { key: 'endpoint', title: 'Endpoint', minWidth: 140, ellipsis: { tooltip: true } },
    {
      key: 'internalEndpoint',
      title: 'Internal endpoint',
      hidden: true,
      ellipsis: { tooltip: true },
    },
    {
      key: 'totalDiskSpaceInMb',
      title: 'Disk total',
      hidden: true,
      render: (row) => formatMb(row.totalDiskSpaceInMb),
    },
    { key: 'uid', title: 'UID', hidden: true, ellipsis: { tooltip: true } },
  ];
}
