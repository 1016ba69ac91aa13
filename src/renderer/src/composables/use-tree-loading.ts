import type { TreeOption } from 'naive-ui';
import type { ResourceTreeNode } from '../model/navigation/tree-nodes';
import { useDatabasesStore } from '../stores/databases-store';
import { useInstancesStore } from '../stores/instances-store';

/**
 * What the resource tree reads: a node's children when it is first expanded (`load`), and
 * again from its ⟳ button (`refresh`: an instance re-reads itself and its databases).
 */
export function useTreeLoading(): {
  load: (option: TreeOption) => Promise<void>;
  refresh: (node: ResourceTreeNode) => void;
} {
  const instances = useInstancesStore();
  const databases = useDatabasesStore();

  async function load(option: TreeOption): Promise<void> {
    const view = (option as ResourceTreeNode).view;
    if (view?.kind === 'instances') await instances.ensure(view.profileId);
    else if (view?.kind === 'databases') await databases.ensure(view.profileId, view.instanceName);
  }

  function refresh(node: ResourceTreeNode): void {
    const view = node.view;
    if (view?.kind === 'instances') void instances.load(view.profileId).catch(() => undefined);
    else if (view?.kind === 'databases') {
      void databases.load(view.profileId, view.instanceName).catch(() => undefined);
    } else if (view?.kind === 'instance') {
      void instances.refreshOne(view.profileId, view.instanceName).catch(() => undefined);
      void databases.load(view.profileId, view.instanceName).catch(() => undefined);
    }
  }

  return { load, refresh };
}
