import type { WindowAction } from '@shared/ipc/resource-channels';
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Database, PinOrUnpinRequest } from '@shared/contract/records/databases';
import type { GroupOperation } from '@shared/contract/records/instances';
import type { Session } from '@shared/contract/records/sessions';
import { useIpcClient } from '../api/client';
import { createListCache, instanceKey, type ListEntry } from '../model/lists/list-cache';

/** A database addressed by profile, instance and name. */
export interface DatabaseRef {
  readonly profileId: string;
  readonly instanceName: string;
  readonly databaseName: string;
}

/** The database a component acts on (its `database` prop), as the store addresses it. */
export function databaseRefOf(props: {
  readonly profileId: string;
  readonly instanceName: string;
  readonly database: Database;
}): DatabaseRef {
  return {
    profileId: props.profileId,
    instanceName: props.instanceName,
    databaseName: props.database.name,
  };
}

/** How a database list is asked for: the interface's sort keys and the admin switch. */
export interface DatabaseListQuery {
  /** e.g. `name ASC`; undefined for the service's order. */
  readonly sort?: string;
  readonly adminAccess: boolean;
}

const DEFAULT_QUERY: DatabaseListQuery = { adminAccess: false };

/**
 * The databases of each instance (`databases:list` with the view's sort and adminAccess) and
 * every database action. Main follows and labels the jobs these actions start (the catalogue
 * declares each job); when a job of an instance ends, its loaded list is read again.
 */
export const useDatabasesStore = defineStore('databases', () => {
  const client = useIpcClient();
  const cache = createListCache<Database>((row) => row.name);
  const queries = ref<Record<string, DatabaseListQuery>>({});
  /**
   * Profiles whose role the service refused `adminAccess=true` (403): the role is not known
   * up front, so the switch is offered until the service says no, then disabled.
   */
  const adminAccessRefused = ref<Record<string, true>>({});
  const refuseAdminAccess = (profileId: string): void => {
    adminAccessRefused.value = { ...adminAccessRefused.value, [profileId]: true };
  };
  const isAdminAccessRefused = (profileId: string): boolean =>
    adminAccessRefused.value[profileId] === true;

  client.on('jobs:onDidChange', ({ kind, job }) => {
    if (kind === 'started' || kind === 'progress') return;
    const key = instanceKey(job.profileId, job.instanceName);
    if (cache.entry(key).isLoaded)
      void cache.load(key, fetchList(job.profileId, job.instanceName)).catch(() => undefined);
  });

  function queryOf(profileId: string, instanceName: string): DatabaseListQuery {
    return queries.value[instanceKey(profileId, instanceName)] ?? DEFAULT_QUERY;
  }

  function fetchList(profileId: string, instanceName: string) {
    return () => {
      const { sort, adminAccess } = queryOf(profileId, instanceName);
      return client.invoke('databases:list', {
        profileId,
        pathParams: { instanceName },
        query: { adminAccess, ...(sort ? { sort } : {}) },
      });
    };
  }

  /** The list of an instance (rows, loading, error). */
  function entry(profileId: string, instanceName: string): ListEntry<Database> {
    return cache.entry(instanceKey(profileId, instanceName));
  }

  /** Loads (again) the databases of an instance, optionally with a new query. Throws AppError. */
  function load(
    profileId: string,
    instanceName: string,
    query?: DatabaseListQuery,
  ): Promise<readonly Database[]> {
    const key = instanceKey(profileId, instanceName);
    if (query) queries.value = { ...queries.value, [key]: query };
    return cache.load(key, fetchList(profileId, instanceName));
  }

  /** Loads the databases of an instance unless they are loaded. Never throws. */
  function ensure(profileId: string, instanceName: string): Promise<void> {
    return cache.ensure(instanceKey(profileId, instanceName), fetchList(profileId, instanceName));
  }

  /** A loaded database by name. */
  function find(ref: DatabaseRef): Database | undefined {
    return entry(ref.profileId, ref.instanceName).items.find((d) => d.name === ref.databaseName);
  }

  /** Reads one database (`databases:get`) and puts it in its list. Throws AppError. */
  async function fetchOne(ref: DatabaseRef): Promise<Database> {
    const fresh = await client.invoke('databases:get', {
      profileId: ref.profileId,
      pathParams: path(ref),
    });
    const key = instanceKey(ref.profileId, ref.instanceName);
    const items = cache.entry(key).items;
    if (cache.entry(key).isLoaded) {
      const known = items.some((d) => d.name === fresh.name);
      cache.set(
        key,
        known ? items.map((d) => (d.name === fresh.name ? fresh : d)) : [...items, fresh],
      );
    }
    return fresh;
  }

  const path = (ref: DatabaseRef) => ({
    instanceName: ref.instanceName,
    databaseName: ref.databaseName,
  });
  const reload = (ref: { profileId: string; instanceName: string }): void => {
    if (entry(ref.profileId, ref.instanceName).isLoaded) {
      void load(ref.profileId, ref.instanceName).catch(() => undefined);
    }
  };

  /** Creates a database (a job). Answers the job id. */
  async function create(
    profileId: string,
    instanceName: string,
    body: { databaseName: string; groupIds?: string[]; groupNames?: string[] },
  ): Promise<string> {
    const { jobId } = await client.invoke('databases:create', {
      profileId,
      pathParams: { instanceName },
      body,
    });
    reload({ profileId, instanceName });
    return jobId;
  }

  /** Drops a database (the service keeps an archive of it). */
  async function drop(ref: DatabaseRef): Promise<void> {
    await client.invoke('databases:drop', { profileId: ref.profileId, pathParams: path(ref) });
    const key = instanceKey(ref.profileId, ref.instanceName);
    cache.set(
      key,
      cache.entry(key).items.filter((d) => d.name !== ref.databaseName),
    );
  }

  /** Pins (optionally until a date) or unpins a database; for `action`: a bulk pin. */
  async function pin(
    ref: DatabaseRef,
    body: PinOrUnpinRequest,
    action?: WindowAction,
  ): Promise<void> {
    const made = action ? { action } : {};
    await client.invoke('databases:pin', {
      profileId: ref.profileId,
      pathParams: path(ref),
      body,
      ...made,
    });
    await fetchOne(ref).catch(() => reload(ref));
  }

  /** Renames a database (a job). Answers the job id. */
  async function rename(ref: DatabaseRef, name: string): Promise<string> {
    const { jobId } = await client.invoke('databases:rename', {
      profileId: ref.profileId,
      pathParams: path(ref),
      body: { name },
    });
    reload(ref);
    return jobId;
  }

  /**
   * Moves a database to another instance (a job). Move answers `{}` and names its job in the
   * Location header, which main reads; so there is no id to answer here.
   */
  async function move(ref: DatabaseRef, serverName: string): Promise<void> {
    await client.invoke('databases:move', {
      profileId: ref.profileId,
      pathParams: path(ref),
      body: { serverName },
    });
    reload(ref);
  }

  /** Shrinks a database (a job), optionally truncating its logs only. Answers the job id. */
  async function shrink(ref: DatabaseRef, truncateLogsOnly: boolean): Promise<string> {
    const { jobId } = await client.invoke('databases:shrink', {
      profileId: ref.profileId,
      pathParams: path(ref),
      body: { truncateLogsOnly },
    });
    reload(ref);
    return jobId;
  }

  /** Archives a database (a job) under a resource group, optionally with an expiry. */
  async function archive(
    ref: DatabaseRef,
    resourceGroupId: string,
    expirationDate: string | undefined,
  ): Promise<{ jobId: string; archiveId?: string | null | undefined }> {
    const answer = await client.invoke('databases:archive', {
      profileId: ref.profileId,
      pathParams: path(ref),
      headers: { 'x-platform-resource-group-id': resourceGroupId },
      body: expirationDate ? { expirationDate } : {},
    });
    reload(ref);
    return answer;
  }

  /** Adds and removes security groups of a database. */
  async function updateSecurity(ref: DatabaseRef, operations: GroupOperation[]): Promise<void> {
    await client.invoke('databases:updateSecurity', {
      profileId: ref.profileId,
      pathParams: path(ref),
      body: operations,
    });
    await fetchOne(ref).catch(() => reload(ref));
  }

  /** The sessions open on a database (for the drop summary). */
  function openSessions(ref: DatabaseRef): Promise<Session[]> {
    return client.invoke('sessions:listByDatabase', {
      profileId: ref.profileId,
      pathParams: path(ref),
    });
  }

  /** Forgets everything of a profile. */
  function forget(profileId: string): void {
    cache.forget(`${profileId}\n`);
  }

  return {
    entries: cache.entries,
    queries,
    queryOf,
    refuseAdminAccess,
    isAdminAccessRefused,
    entry,
    load,
    ensure,
    find,
    fetchOne,
    create,
    drop,
    pin,
    rename,
    move,
    shrink,
    archive,
    updateSecurity,
    openSessions,
    forget,
  };
});
