import { NProgress } from 'naive-ui';
import { h } from 'vue';
import type { SqlInstance } from '@shared/contract/records/instances';
import { formatSizeMiB } from '@shared/format/units';
import { percent } from '@renderer/model/display/format';
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
function renderDisk(instance: SqlInstance) {
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
      `${formatSizeMiB(instance.usedDiskSpaceInMb)} of ${formatSizeMiB(instance.totalDiskSpaceInMb)}`,
    ),
  ]);
}

/** The columns of the instances table (narrower than they need, higher `priority` gives way). */
export function instanceColumns(): ResourceColumn<SqlInstance>[] {
  return [
    {
      key: 'name',
      title: 'Instance',
      sorter: (a, b) => a.name.localeCompare(b.name),
      width: 140,
      priority: 1,
      ellipsis: { tooltip: true },
      render: (row) => h('strong', row.name),
    },
    {
      key: 'status',
      title: 'Status',
      width: 90,
      priority: 1,
      sorter: (a, b) => a.status.localeCompare(b.status),
      render: (row) => tagCell(row.status, instanceStatusType(row.status)),
    },
    {
      key: 'usedDiskSpaceInMb',
      title: 'Disk used',
      width: 200,
      priority: 2,
      sorter: (a, b) => diskUse(a) - diskUse(b),
      render: renderDisk,
      searchText: () => '',
    },
    {
      key: 'availableDiskSpaceInMb',
      title: 'Available',
      width: 110,
      priority: 3,
      sorter: (a, b) => a.availableDiskSpaceInMb - b.availableDiskSpaceInMb,
      render: (row) => formatSizeMiB(row.availableDiskSpaceInMb),
    },
    {
      key: 'databaseLimit',
      title: 'DB limit',
      width: 90,
      priority: 5,
    },
    {
      key: 'pinnedDatabaseLimit',
      title: 'Pinned limit',
      width: 110,
      priority: 5,
    },
    {
      key: 'endpoint',
      title: 'Endpoint',
      minWidth: 140,
      priority: 4,
      ellipsis: { tooltip: true },
    },
    {
      key: 'internalEndpoint',
      title: 'Internal endpoint',
      hidden: true,
      priority: 7,
      ellipsis: { tooltip: true },
    },
    {
      key: 'totalDiskSpaceInMb',
      title: 'Disk total',
      hidden: true,
      priority: 7,
      render: (row) => formatSizeMiB(row.totalDiskSpaceInMb),
    },
    { key: 'uid', title: 'UID', hidden: true, priority: 7, ellipsis: { tooltip: true } },
  ];
}
