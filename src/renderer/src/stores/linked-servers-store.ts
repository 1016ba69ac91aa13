import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppError } from '@shared/errors';
import type { LinkedServerResponse, SqlInstance } from '@shared/contract/records/instances';
import { useIpcClient } from '../api/client';
import { asAppError } from '../api/app-error';
import { createInstanceList, type InstanceTarget } from '../model/lists/instance-list';

/** Which instance's linked servers are shown. */
export type LinkedServerTarget = InstanceTarget;

function sameName(a: string | null | undefined, b: string): boolean {
  return (a ?? '').toLowerCase() === b.toLowerCase();
}

/**
 * The linked servers of one instance, and the other instances of the profile that could be
 * linked to it (`instances:list`). Actions throw AppError.
 */
export const useLinkedServersStore = defineStore('linkedServers', () => {
  const client = useIpcClient();
  const list = createInstanceList<LinkedServerResponse>({
    viewName: 'the linked servers view',
    keyOf: (row) => row.linkedServerName ?? JSON.stringify(row),
    fetch: ({ profileId, instanceName }) =>
      client.invoke('linkedServers:list', { profileId, pathParams: { instanceName } }),
  });
  const {
    target,
    items: linkedServers,
    isLoading,
    isLoaded,
    loadError,
    load,
    requireTarget,
  } = list;
  const instances = ref<SqlInstance[]>([]);
  const instancesError = ref<AppError>();

  /** Instances of the profile that are neither this one nor already linked. */
  const candidates = computed(() => {
    const self = target.value?.instanceName ?? '';
    return instances.value.filter(
      (instance) =>
        !sameName(instance.name, self) &&
        !linkedServers.value.some((linked) => sameName(linked.linkedServerName, instance.name)),
    );
  });

  /** Reads the profile's instances (the choices of "add linked server"). */
  async function loadInstances(): Promise<void> {
    const current = target.value;
    if (!current) return;
    try {
      instances.value = await client.invoke('instances:list', { profileId: current.profileId });
      instancesError.value = undefined;
    } catch (caught) {
      instancesError.value = asAppError(caught);
    }
  }

  /** Shows the linked servers of `next`. */
  async function open(next: LinkedServerTarget): Promise<void> {
    if (list.select(next)) instances.value = [];
    await Promise.all([load(), loadInstances()]);
  }

  /** Links another instance of the tenant to this one. */
  async function create(linkedServerName: string): Promise<void> {
    const { profileId, instanceName } = requireTarget();
    await client.invoke('linkedServers:create', {
      profileId,
      pathParams: { instanceName },
      body: { linkedServerName },
    });
    await load();
  }

  /** Removes a link. */
  async function remove(linkedServerName: string): Promise<void> {
    const { profileId, instanceName } = requireTarget();
    await client.invoke('linkedServers:delete', {
      profileId,
      pathParams: { instanceName, linkedServerName },
    });
    linkedServers.value = linkedServers.value.filter(
      (linked) => !sameName(linked.linkedServerName, linkedServerName),
    );
  }

  return {
    target,
    linkedServers,
    instances,
    candidates,
    isLoading,
    isLoaded,
    loadError,
    instancesError,
    load,
    loadInstances,
    open,
    create,
    remove,
  };
});
