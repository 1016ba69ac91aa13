import { computed, type ComputedRef } from 'vue';
import type { Profile } from '@shared/model/profile';
import { profileNode, type ResourceTreeNode } from '../model/navigation/tree-nodes';
import { useDatabasesStore } from '../stores/databases-store';
import { useInstancesStore } from '../stores/instances-store';
import { useProfilesStore } from '../stores/profiles-store';
import { useSignInStore } from '../stores/sign-in-store';

/** The resource tree of the open profiles, built from what the stores have loaded. */
export function useResourceNodes(): ComputedRef<ResourceTreeNode[]> {
  const profiles = useProfilesStore();
  const signIn = useSignInStore();
  const instances = useInstancesStore();
  const databases = useDatabasesStore();
  return computed(() =>
    signIn.openProfileIds
      .map((id) => profiles.byId(id))
      .filter((p): p is Profile => p !== undefined)
      .map((p) =>
        profileNode(p, {
          instances: (id) => instances.entry(id),
          databases: (id, name) => databases.entry(id, name),
        }),
      ),
  );
}
