import { computed, type ComputedRef } from 'vue';
import type { Profile } from '@shared/model/profile';
import {
  profileNode,
  unconnectedProfileNode,
  type ResourceTreeNode,
} from '../model/navigation/tree-nodes';
import {
  CONNECTION_STATUS_WORDS,
  connectionStatus,
  hasConnection,
} from '../model/session/connection-status';
import { useDatabasesStore } from '../stores/databases-store';
import { useInstancesStore } from '../stores/instances-store';
import { useProfilesStore } from '../stores/profiles-store';
import { useSignInStore } from '../stores/sign-in-store';

/**
 * The resource tree of the open profiles, built from what the stores have loaded. A profile
 * without a connection (reopening, or waiting for a sign-in) shows why instead of lists that
 * would only be refused.
 */
export function useResourceNodes(): ComputedRef<ResourceTreeNode[]> {
  const profiles = useProfilesStore();
  const signIn = useSignInStore();
  const instances = useInstancesStore();
  const databases = useDatabasesStore();
  return computed(() =>
    signIn.openProfileIds
      .map((id) => profiles.byId(id))
      .filter((p): p is Profile => p !== undefined)
      .map((p) => {
        const { kind } = connectionStatus(signIn.stateOf(p.id), signIn.openEntryOf(p.id));
        if (!hasConnection(kind)) {
          return unconnectedProfileNode(p, CONNECTION_STATUS_WORDS[kind].toLowerCase());
        }
        return profileNode(p, {
          instances: (id) => instances.entry(id),
          databases: (id, name) => databases.entry(id, name),
        });
      }),
  );
}
