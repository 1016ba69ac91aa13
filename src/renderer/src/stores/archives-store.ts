import type { WindowAction } from '@shared/ipc/resource-channels';
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ARCHIVE_SORTABLE } from '@shared/contract/query';
import type {
  ArchivePatch,
  ArchivesDetail,
  ArchivesResponse,
} from '@shared/contract/records/archives';
import { useIpcClient } from '../api/client';
import { createInstanceList, type InstanceTarget } from '../model/lists/instance-list';

/** A property the archive list can be sorted by (the interface's list). */
export type ArchiveSortProperty = (typeof ARCHIVE_SORTABLE)[number];
/** A sort direction. */
export type SortDirection = 'ASC' | 'DESC';

/** Page sizes offered; the interface allows 1 to 5000 rows a page. */
export const ARCHIVE_PAGE_SIZES = [50, 100, 500, 1000, 5000] as const;
/** The page size a fresh view starts with. */
const DEFAULT_ARCHIVE_PAGE_SIZE = 100;

/** Which instance's archives are shown. */
export type ArchiveTarget = InstanceTarget;

/** One page of archives as the list query asked for it. */
export interface ArchiveQueryState {
  readonly filter: string;
  readonly sortProperty: ArchiveSortProperty;
  readonly sortDirection: SortDirection;
  readonly pageSize: number;
  /** 0-based page number, sent as `offset` (the interface's `offset` IS a page number). */
  readonly page: number;
}

/** The first page, newest first, no filter: the interface's default sort. */
export function defaultArchiveQuery(): ArchiveQueryState {
  return {
    filter: '',
    sortProperty: 'createDate',
    sortDirection: 'DESC',
    pageSize: DEFAULT_ARCHIVE_PAGE_SIZE,
    page: 0,
  };
}

/** The `archives:list` query for a state: `offset` is the page number, not a row offset. */
export function archiveListQuery(state: ArchiveQueryState): {
  filter?: string;
  sort: string;
  limit: number;
  offset: number;
} {
  const query = {
    sort: `${state.sortProperty} ${state.sortDirection}`,
    limit: state.pageSize,
    offset: state.page,
  };
  return state.filter.trim() === '' ? query : { ...query, filter: state.filter };
}

/**
 * The archives of one instance, one server-side page at a time (filter, sort, page size and
 * page number go to the service). Actions throw AppError; the views report them.
 */
export const useArchivesStore = defineStore('archives', () => {
  const client = useIpcClient();
  const query = ref<ArchiveQueryState>(defaultArchiveQuery());
  /** The page the query names; a later load wins over an earlier unanswered one. */
  const list = createInstanceList<ArchivesResponse>({
    viewName: 'the archives view',
    keyOf: (row) => row.archiveId ?? `${row.name}-${row.createDate}`,
    fetch: ({ profileId, instanceName }) =>
      client.invoke('archives:list', {
        profileId,
        pathParams: { instanceName },
        query: archiveListQuery(query.value),
      }),
  });
  const { target, items: rows, isLoading, isLoaded, loadError, load, requireTarget } = list;

  /** The service answers no total: another page may exist while a page comes back full. */
  const hasNextPage = computed(() => rows.value.length >= query.value.pageSize);
  const hasPreviousPage = computed(() => query.value.page > 0);
  /** 1-based number of the first row shown (for "rows 201-300"). */
  const firstRowNumber = computed(() => query.value.page * query.value.pageSize + 1);

  /** Shows the archives of `next`: another instance starts again from the default query. */
  async function open(next: ArchiveTarget): Promise<void> {
    if (list.select(next)) query.value = defaultArchiveQuery();
    await load();
  }

  /** Changes part of the query and reloads; any change but the page goes back to page 0. */
  async function setQuery(change: Partial<ArchiveQueryState>): Promise<void> {
    const page = change.page ?? 0;
    query.value = { ...query.value, ...change, page: Math.max(0, page) };
    await load();
  }

  /**
   * Changes an archive's storage type and expiry. The service wants the platform resource
   * group in `x-platform-resource-group-id`, and the archive's database in the path.
   */
  async function update(
    archive: ArchivesResponse,
    patch: ArchivePatch,
    resourceGroupId: string,
  ): Promise<void> {
    const { profileId, instanceName } = requireTarget();
    await client.invoke('databases:updateArchive', {
      profileId,
      pathParams: {
        instanceName,
        databaseName: archive.name ?? '',
        archiveId: archive.archiveId ?? '',
      },
      headers: { 'x-platform-resource-group-id': resourceGroupId },
      body: patch,
    });
    await load();
  }

  /** Restores an archive into a new database (a job, which main follows). Answers the job id. */
  async function restore(
    archive: ArchivesResponse,
    databaseName: string,
  ): Promise<{ jobId: string }> {
    const { profileId, instanceName } = requireTarget();
    return client.invoke('archives:restore', {
      profileId,
      pathParams: { instanceName, archiveId: archive.archiveId ?? '' },
      body: { databaseName },
    });
  }

  /**
   * One archive in full (`archives:get`): database type, thumbprint and its files. Main hands
   * the download URIs over without their signature (they are credentials), so they only say
   * where the files are. Throws AppError.
   */
  async function fetchDetail(archiveId: string): Promise<ArchivesDetail> {
    const { profileId, instanceName } = requireTarget();
    return client.invoke('archives:get', { profileId, pathParams: { instanceName, archiveId } });
  }

  /** Deletes an archive (for `action`: a bulk delete) and drops it from the page shown. */
  async function remove(archive: ArchivesResponse, action?: WindowAction): Promise<void> {
    const { profileId, instanceName } = requireTarget();
    await client.invoke('archives:delete', {
      profileId,
      pathParams: { instanceName, archiveId: archive.archiveId ?? '' },
      ...(action ? { action } : {}),
    });
    rows.value = rows.value.filter((row) => row.archiveId !== archive.archiveId);
  }

  return {
    target,
    query,
    rows,
    isLoading,
    isLoaded,
    loadError,
    hasNextPage,
    hasPreviousPage,
    firstRowNumber,
    load,
    open,
    setQuery,
    update,
    restore,
    fetchDetail,
    remove,
  };
});
