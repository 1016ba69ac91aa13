import { timeCell } from '../common/time-cell';
import type { ArchivesResponse } from '@shared/contract/records/archives';
import type { ArchiveQueryState, ArchiveSortProperty } from '@renderer/stores/archives-store';
import type { ResourceColumn } from '@renderer/model/tables/resource-table';
import { tagCell } from '../common/table-cells';
import { formatDate, formatDateTime } from '@shared/format/times';
import { formatSizeMiB } from '@shared/format/units';
import { useTimeOptions } from '@renderer/composables/use-time-options';
import { archiveDatabaseTypeLabel, sourceTypeLabel } from '@shared/format/enum-labels';
import {
  archiveExpiryText,
  isPermanentArchive,
  storageTypeOf,
} from '@renderer/model/display/archive-format';

type SortOrder = 'ascend' | 'descend' | false;

/** The column that sorts by each sortable property (`storageTypeId` shows as Storage). */
const SORT_COLUMN: Readonly<Record<ArchiveSortProperty, string>> = {
  archiveId: 'archiveId',
  createDate: 'createDate',
  createdBy: 'createdBy',
  expiryDate: 'expiryDate',
  name: 'name',
  serverName: 'serverName',
  sizeInMb: 'sizeInMb',
  storageTypeId: 'storageType',
};

/** The sort property of a column key, when the column sorts on the service. */
export function sortPropertyOfColumn(key: string): ArchiveSortProperty | undefined {
  const entry = Object.entries(SORT_COLUMN).find(([, column]) => column === key);
  return entry?.[0] as ArchiveSortProperty | undefined;
}

function sorting(key: string, query: ArchiveQueryState): { sorter: true; sortOrder: SortOrder } {
  const active = SORT_COLUMN[query.sortProperty] === key;
  const order: SortOrder = query.sortDirection === 'ASC' ? 'ascend' : 'descend';
  // `sorter: true` tells naive-ui the service sorts: it only reports the click.
  return { sorter: true, sortOrder: active ? order : false };
}

/** The day in the cell, the full time on hover (keeps the name column wide). */
const dateCell = (value: string | null | undefined) => timeCell(value, formatDate);

function storageTag(row: ArchivesResponse) {
  const type = storageTypeOf(row);
  return tagCell(type, type === 'Permanent' ? 'success' : 'warning');
}

/**
 * The archive table's columns; sortable ones carry the service-side sort state. Narrower than
 * they all need, the columns of higher `priority` give way first.
 */
export function archiveColumns(query: ArchiveQueryState): ResourceColumn<ArchivesResponse>[] {
  return [
    {
      key: 'name',
      title: 'Name',
      minWidth: 160,
      priority: 1,
      // Plain text until hovered: naive-ui's default ellipsis mounts a tooltip per cell and
      // measures it as it renders (a forced layout per row on each keystroke of a search).
      ellipsis: { tooltip: true },
      ellipsisComponent: 'performant-ellipsis',
      ...sorting('name', query),
    },
    {
      key: 'storageType',
      title: 'Storage',
      width: 100,
      priority: 2,
      render: storageTag,
      searchText: storageTypeOf,
      ...sorting('storageType', query),
    },
    {
      key: 'sizeInMb',
      title: 'Size',
      width: 80,
      priority: 2,
      align: 'right',
      render: (row) => formatSizeMiB(row.sizeInMb),
      ...sorting('sizeInMb', query),
    },
    {
      key: 'createDate',
      title: 'Created',
      width: 96,
      priority: 3,
      render: (row) => dateCell(row.createDate),
      searchText: (row) => formatDateTime(row.createDate, useTimeOptions()),
      ...sorting('createDate', query),
    },
    {
      key: 'expiryDate',
      title: 'Expires',
      // Wide enough for "Never expires" as well as a date.
      width: 112,
      priority: 4,
      // A permanent archive is never deleted: its nominal expiry (years ahead) is not shown.
      render: (row) =>
        isPermanentArchive(row) ? archiveExpiryText(row) : dateCell(row.expiryDate),
      searchText: (row) => archiveExpiryText(row, useTimeOptions()),
      ...sorting('expiryDate', query),
    },
    {
      key: 'createdBy',
      title: 'Created by',
      // An API key's name whole: "apikey-contributor" takes 129 px in 14 px DejaVu Sans.
      width: 148,
      priority: 5,
      ellipsis: { tooltip: true },
      ellipsisComponent: 'performant-ellipsis',
      ...sorting('createdBy', query),
    },
    {
      key: 'databaseType',
      title: 'Type',
      width: 90,
      hidden: true,
      priority: 7,
      render: (row) => archiveDatabaseTypeLabel(row.databaseType),
      searchText: (row) => archiveDatabaseTypeLabel(row.databaseType),
    },
    {
      key: 'sourceTypeId',
      title: 'Source',
      width: 140,
      hidden: true,
      priority: 7,
      render: (row) => sourceTypeLabel(row.sourceTypeId),
      searchText: (row) => sourceTypeLabel(row.sourceTypeId),
    },
    {
      key: 'archiveId',
      title: 'Archive id',
      width: 300,
      hidden: true,
      priority: 7,
      ...sorting('archiveId', query),
    },
    {
      key: 'serverName',
      title: 'Server',
      width: 150,
      hidden: true,
      priority: 7,
      ...sorting('serverName', query),
    },
  ];
}
