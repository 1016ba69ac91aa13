import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppError } from '../../../shared/errors';
import type { ARCHIVE_SORTABLE } from '../../../shared/contract/query';
import type { ArchivePatch, ArchivesResponse } from '../../../shared/contract/records/archives';
import type { IpcTrackedJob } from '../../../shared/ipc/activity-channels';
import { useIpcClient } from '../api/client';
import { asAppError } from '../composables/app-error';

/** A property the archive list can be sorted by (the interface's list). */
export type ArchiveSortProperty = (typeof ARCHIVE_SORTABLE)[number];
/** A sort direction. */
export type SortDirection = 'ASC' | 'DESC';

/** Page sizes offered; the interface allows 1 to 5000 rows a page. */
export const ARCHIVE_PAGE_SIZES = [50, 100, 500, 1000, 5000] as const;
/** The page size a fresh view starts with. */
export const DEFAULT_ARCHIVE_PAGE_SIZE = 100;

/** Which instance's archives are shown. */
export interface ArchiveTarget {
  readonly profileId: string;
  readonly instanceName: string;
}

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
  const target = ref<ArchiveTarget>();
  const query = ref<ArchiveQueryState>(defaultArchiveQuery());
  const rows = ref<ArchivesResponse[]>([]);
  const isLoading = ref(false);
  const loadError = ref<AppError>();
  /** Set once a page has been answered (so "no archives" is not shown while loading). */
  const isLoaded = ref(false);
  let latest = 0;

  /** The service answers no total: another page may exist while a page comes back full. */
  const hasNextPage = computed(() => rows.value.length >= query.value.pageSize);
  const hasPreviousPage = computed(() => query.value.page > 0);
  /** 1-based number of the first row shown (for "rows 201-300"). */
  const firstRowNumber = computed(() => query.value.page * query.value.pageSize + 1);

  /** Loads the page the query names; a later call wins over an earlier unanswered one. */
  async function load(): Promise<void> {
    const current = target.value;
    if (!current) return;
    const ticket = ++latest;
    isLoading.value = true;
    try {
      const page = await client.invoke('archives:list', {
        profileId: current.profileId,
        pathParams: { instanceName: current.instanceName },
        query: archiveListQuery(query.value),
      });
      if (ticket !== latest) return;
      rows.value = page;
      loadError.value = undefined;
      isLoaded.value = true;
    } catch (caught) {
      if (ticket === latest) loadError.value = asAppError(caught);
    } finally {
      if (ticket === latest) isLoading.value = false;
    }
  }

  /** Shows the archives of `next`: another instance starts again from the default query. */
  async function open(next: ArchiveTarget): Promise<void> {
    const same =
      target.value?.profileId === next.profileId && target.value.instanceName === next.instanceName;
    if (!same) {
      target.value = { ...next };
      query.value = defaultArchiveQuery();
      rows.value = [];
      isLoaded.value = false;
      loadError.value = undefined;
    }
    await load();
  }

  /** Changes part of the query and reloads; any change but the page goes back to page 0. */
  async function setQuery(change: Partial<ArchiveQueryState>): Promise<void> {
    const page = change.page ?? 0;
    query.value = { ...query.value, ...change, page: Math.max(0, page) };
    await load();
  }

  function requireTarget(): ArchiveTarget {
    if (!target.value) throw new Error('No instance is open in the archives view.');
    return target.value;
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

  /** Restores an archive into a new database and hands the job to the job watcher. */
  async function restore(archive: ArchivesResponse, databaseName: string): Promise<IpcTrackedJob> {
    const { profileId, instanceName } = requireTarget();
    const answer = await client.invoke('archives:restore', {
      profileId,
      pathParams: { instanceName, archiveId: archive.archiveId ?? '' },
      body: { databaseName },
    });
    return client.invoke('jobs:track', {
      profileId,
      instanceName,
      jobId: answer.jobId,
      type: 'RESTORE_ARCHIVE',
      label: `Restore archive of ${archive.name ?? archive.archiveId ?? ''} into ${databaseName}`,
      resourceName: databaseName,
    });
  }

  /** Deletes an archive and drops it from the page shown. */
  async function remove(archive: ArchivesResponse): Promise<void> {
    const { profileId, instanceName } = requireTarget();
    await client.invoke('archives:delete', {
      profileId,
      pathParams: { instanceName, archiveId: archive.archiveId ?? '' },
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
    remove,
  };
});
