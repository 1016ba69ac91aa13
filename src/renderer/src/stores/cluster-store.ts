import type { WindowAction } from '@shared/ipc/resource-channels';
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppError } from '@shared/errors';
import type { TlsVersion } from '@shared/contract/enums';
import type {
  CidrEntry,
  CidrEntryResponse,
  Cluster,
  GetMyIpResponse,
  ServerSecurity,
  UpdateCidrRequest,
} from '@shared/contract/records/cluster';
import { useIpcClient } from '../api/client';
import { asAppError } from '../api/app-error';
import { aclRemovalFor } from '../model/cluster/acl-changes';

/** A part of the cluster view that loads (and fails) on its own: its answer is `data`. */
export interface ClusterPart<T> {
  data: T | undefined;
  isLoading: boolean;
  error: AppError | undefined;
}

function emptyPart<T>(): ClusterPart<T> {
  return { data: undefined, isLoading: false, error: undefined };
}

/**
 * The cluster of a profile: its name and state, the ACL of allowed client addresses, the
 * minimum TLS version, and the caller's own address (`clientIp:get`, also the My IP view).
 * The parts load separately, so a role that may only read its own IP still sees it.
 * Actions throw AppError and read the ACL again afterwards.
 */
export const useClusterStore = defineStore('cluster', () => {
  const client = useIpcClient();
  const profileId = ref<string>();
  const cluster = ref<ClusterPart<Cluster>>(emptyPart());
  const allowedIps = ref<ClusterPart<CidrEntryResponse[]>>(emptyPart());
  const security = ref<ClusterPart<ServerSecurity>>(emptyPart());
  const myIp = ref<ClusterPart<GetMyIpResponse>>(emptyPart());

  async function fill<T>(
    part: { value: ClusterPart<T> },
    work: (id: string) => Promise<T>,
  ): Promise<void> {
    const id = profileId.value;
    if (!id) return;
    part.value.isLoading = true;
    try {
      const value = await work(id);
      if (id !== profileId.value) return;
      part.value.data = value;
      part.value.error = undefined;
    } catch (caught) {
      if (id === profileId.value) part.value.error = asAppError(caught);
    } finally {
      part.value.isLoading = false;
    }
  }

  const loadCluster = () => fill(cluster, (id) => client.invoke('cluster:get', { profileId: id }));
  const loadAllowedIps = () =>
    fill(allowedIps, (id) => client.invoke('cluster:listAllowedIps', { profileId: id }));
  const loadSecurity = () =>
    fill(security, (id) => client.invoke('cluster:getServerSecurity', { profileId: id }));
  const loadMyIp = () => fill(myIp, (id) => client.invoke('clientIp:get', { profileId: id }));

  function select(id: string): void {
    if (profileId.value === id) return;
    profileId.value = id;
    cluster.value = emptyPart();
    allowedIps.value = emptyPart();
    security.value = emptyPart();
    myIp.value = emptyPart();
  }

  /** Loads everything the cluster view shows. */
  async function openCluster(id: string): Promise<void> {
    select(id);
    await Promise.all([loadCluster(), loadAllowedIps(), loadSecurity(), loadMyIp()]);
  }

  /** Loads the caller's address (the My IP view). */
  async function openMyIp(id: string): Promise<void> {
    select(id);
    await loadMyIp();
  }

  /** After an ACL change: the list, the cluster record and whether the caller is still let in. */
  async function reloadAcl(): Promise<void> {
    await Promise.all([loadAllowedIps(), loadCluster(), loadMyIp()]);
  }

  function requireProfile(): string {
    if (!profileId.value) throw new Error('No profile is open in the cluster view.');
    return profileId.value;
  }

  /** Adds one entry to the ACL. */
  async function addEntry(entry: CidrEntry): Promise<void> {
    await client.invoke('cluster:addAllowedIp', {
      profileId: requireProfile(),
      body: { cidrEntry: entry },
    });
    await reloadAcl();
  }

  /** Applies an add/remove diff in one step (see `aclDiff`). */
  async function overwrite(diff: UpdateCidrRequest): Promise<void> {
    await client.invoke('cluster:overwriteAllowedIps', { profileId: requireProfile(), body: diff });
    await reloadAcl();
  }

  /**
   * Removes one entry, by address, by range or by its text (see `aclRemovalFor`); for
   * `action`: a bulk removal.
   */
  async function removeEntry(cidrBlock: string, action?: WindowAction): Promise<void> {
    const id = requireProfile();
    const removal = aclRemovalFor(cidrBlock);
    const made = action ? { action } : {};
    if (removal.channel === 'cluster:deleteAllowedIp') {
      await client.invoke(removal.channel, {
        profileId: id,
        pathParams: removal.pathParams,
        ...made,
      });
    } else if (removal.channel === 'cluster:deleteAllowedRange') {
      await client.invoke(removal.channel, {
        profileId: id,
        pathParams: removal.pathParams,
        ...made,
      });
    } else {
      await client.invoke(removal.channel, { profileId: id, body: removal.body, ...made });
    }
    await reloadAcl();
  }

  /** Sets the minimum TLS version. */
  async function setMinTlsVersion(minTlsVersion: TlsVersion): Promise<void> {
    await client.invoke('cluster:setServerSecurity', {
      profileId: requireProfile(),
      body: { minTlsVersion },
    });
    await loadSecurity();
  }

  return {
    profileId,
    cluster,
    allowedIps,
    security,
    myIp,
    openCluster,
    openMyIp,
    loadMyIp,
    reloadAcl,
    addEntry,
    overwrite,
    removeEntry,
    setMinTlsVersion,
  };
});
