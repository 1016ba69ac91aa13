import { defineStore } from 'pinia';
import type { SqlInstance } from '@shared/contract/records/instances';
import type { GroupOperation } from '@shared/contract/records/instances';
import { useIpcClient } from '../api/client';
import { createListCache, type ListEntry } from '../model/lists/list-cache';

/** The instances of each open profile (`instances:list`), and the instance actions. */
export const useInstancesStore = defineStore('instances', () => {
  const client = useIpcClient();
  const cache = createListCache<SqlInstance>((row) => row.name);

  const fetchList = (profileId: string) => () => client.invoke('instances:list', { profileId });

  /** The list of a profile (rows, loading, error). */
  function entry(profileId: string): ListEntry<SqlInstance> {
    return cache.entry(profileId);
  }

  /** Loads (again) the instances of a profile. Throws AppError. */
  function load(profileId: string): Promise<readonly SqlInstance[]> {
    return cache.load(profileId, fetchList(profileId));
  }

  /** Loads the instances of a profile unless they are loaded. Never throws. */
  function ensure(profileId: string): Promise<void> {
    return cache.ensure(profileId, fetchList(profileId));
  }

  /** A loaded instance by name (case-insensitive, as the service matches names). */
  function find(profileId: string, instanceName: string): SqlInstance | undefined {
    const lower = instanceName.toLowerCase();
    return entry(profileId).items.find((i) => i.name.toLowerCase() === lower);
  }

  /** Reads one instance again (`instances:get`) and puts it in the list. Throws AppError. */
  async function refreshOne(profileId: string, instanceName: string): Promise<SqlInstance> {
    const fresh = await client.invoke('instances:get', {
      profileId,
      pathParams: { instanceName },
    });
    const items = entry(profileId).items;
    const known = items.some((i) => i.name === fresh.name);
    cache.set(
      profileId,
      known ? items.map((i) => (i.name === fresh.name ? fresh : i)) : [...items, fresh],
    );
    return fresh;
  }

  /** Adds and removes security groups of an instance (`instances:updateSecurity`). */
  async function updateSecurity(
    profileId: string,
    instanceName: string,
    operations: GroupOperation[],
  ): Promise<void> {
    await client.invoke('instances:updateSecurity', {
      profileId,
      pathParams: { instanceName },
      body: operations,
    });
  }

  /** Forgets everything of a profile (closed or deleted). */
  function forget(profileId: string): void {
    cache.forget(profileId);
  }

  return { entries: cache.entries, entry, load, ensure, find, refreshOne, updateSecurity, forget };
});
