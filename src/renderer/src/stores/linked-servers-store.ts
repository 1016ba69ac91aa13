import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { AppError } from '../../../shared/errors';
import type { LinkedServerResponse, SqlInstance } from '../../../shared/contract/records/instances';
import { useIpcClient } from '../api/client';
import { asAppError } from '../composables/app-error';

/** Which instance's linked servers are shown. */
export interface LinkedServerTarget {
  readonly profileId: string;
  readonly instanceName: string;
}

function sameName(a: string | null | undefined, b: string): boolean {
  return (a ?? '').toLowerCase() === b.toLowerCase();
}

/**
 * The linked servers of one instance, and the other instances of the profile that could be
 * linked to it (`instances:list`). Actions throw AppError.
 */
export const useLinkedServersStore = defineStore('linkedServers', () => {
  const client = useIpcClient();
  const target = ref<LinkedServerTarget>();
  const linkedServers = ref<LinkedServerResponse[]>([]);
  const instances = ref<SqlInstance[]>([]);
  const isLoading = ref(false);
  const isLoaded = ref(false);
  const loadError = ref<AppError>();
  const instancesError = ref<AppError>();
  let latest = 0;

  /** Instances of the profile that are neither this one nor already linked. */
  const candidates = computed(() => {
    const self = target.value?.instanceName ?? '';
    return instances.value.filter(
      (instance) =>
        !sameName(instance.name, self) &&
        !linkedServers.value.some((linked) => sameName(linked.linkedServerName, instance.name)),
    );
  });

  async function load(): Promise<void> {
    const current = target.value;
    if (!current) return;
    const ticket = ++latest;
    isLoading.value = true;
    try {
      const list = await client.invoke('linkedServers:list', {
        profileId: current.profileId,
        pathParams: { instanceName: current.instanceName },
      });
      if (ticket !== latest) return;
      linkedServers.value = list;
      loadError.value = undefined;
      isLoaded.value = true;
    } catch (caught) {
      if (ticket === latest) loadError.value = asAppError(caught);
    } finally {
      if (ticket === latest) isLoading.value = false;
    }
  }

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
    const same =
      target.value?.profileId === next.profileId && target.value.instanceName === next.instanceName;
    if (!same) {
      target.value = { ...next };
      linkedServers.value = [];
      instances.value = [];
      isLoaded.value = false;
      loadError.value = undefined;
    }
    await Promise.all([load(), loadInstances()]);
  }

  function requireTarget(): LinkedServerTarget {
    if (!target.value) throw new Error('No instance is open in the linked servers view.');
    return target.value;
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
