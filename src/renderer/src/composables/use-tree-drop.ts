import { useMessage } from 'naive-ui';
import { computed, ref, type Ref } from 'vue';
import { flattenNodes, type ResourceTreeNode } from '../model/navigation/tree-nodes';
import { useProfilesStore } from '../stores/profiles-store';
import { viewKey } from '../model/navigation/view-ref';
import { carriesFiles, dropTargetOf, useFileDrop, type DropTarget } from './use-file-drop';

/*
 * Dropping database files on the resource tree (see the DROP CONTRACT in use-file-drop.ts).
 *
 * A node takes a drop when it belongs to an instance: the instance node itself and everything
 * under it (Databases, a database, Archives, Logins…), each for THAT instance, whatever view is
 * open. The profile, Cluster, My IP and placeholder nodes, and every node of a read-only
 * profile, refuse it (the no-drop cursor; greyed while files are dragged over the tree).
 *
 * The tree answers every file drag over it, target or not: it cancels the event (so the page
 * never opens the file) and stops it there, so the window-wide drop of ActivityHost (the
 * current view's instance) never handles a drop aimed at the tree — which was how a file
 * dropped on instance B went to instance A.
 */

/** The instance a drop on `node` goes to: its instance, if it belongs to one. */
export function treeDropTarget(node: ResourceTreeNode | undefined): DropTarget | undefined {
  return node?.view ? dropTargetOf(node.view) : undefined;
}

/** What {@link useTreeDrop} answers. */
export interface TreeDrop {
  /**
   * The drop classes of a node (for the tree's `node-props`): `--drop` on the node under the
   * drag when it takes the drop, `--drop-instance` on its instance's node (when the drag is
   * over a child, so the user sees which server), `--no-drop` on the nodes that refuse it.
   */
  nodeClass(node: ResourceTreeNode): Record<string, boolean>;
  /** Bind to the tree container's `dragenter` and `dragover`. */
  onDragOver(event: DragEvent): void;
  /** Bind to the tree container's `dragleave`. */
  onDragLeave(event: DragEvent): void;
  /** Bind to the tree container's `drop`. */
  onDrop(event: DragEvent): Promise<void>;
}

/** The node element under a drag event (nodes carry `data-node-key`). */
function nodeKeyOf(event: DragEvent): string | undefined {
  const element = event.target instanceof Element ? event.target : null;
  return element?.closest('[data-node-key]')?.getAttribute('data-node-key') ?? undefined;
}

/** Drag-and-drop of database files onto the nodes of `nodes` (the resource tree). */
export function useTreeDrop(nodes: Ref<readonly ResourceTreeNode[]>): TreeDrop {
  const drop = useFileDrop();
  const message = useMessage();
  const profiles = useProfilesStore();
  const byKey = computed(() => new Map(flattenNodes(nodes.value).map((n) => [n.key, n])));
  /** True while files are dragged over the tree. */
  const isDragging = ref(false);
  const overKey = ref<string>();

  const writableTarget = (node: ResourceTreeNode | undefined): DropTarget | undefined => {
    const target = treeDropTarget(node);
    return target && !profiles.isReadOnly(target.profileId) ? target : undefined;
  };
  const over = computed(() => {
    const key = overKey.value;
    const target = key === undefined ? undefined : writableTarget(byKey.value.get(key));
    return key !== undefined && target ? { key, target } : undefined;
  });

  function clear(): void {
    isDragging.value = false;
    overKey.value = undefined;
  }

  function onDragOver(event: DragEvent): void {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    isDragging.value = true;
    const key = nodeKeyOf(event);
    const takes = writableTarget(key === undefined ? undefined : byKey.value.get(key));
    overKey.value = takes ? key : undefined;
    if (event.dataTransfer) event.dataTransfer.dropEffect = takes ? 'copy' : 'none';
  }

  function onDragLeave(event: DragEvent): void {
    const current = event.currentTarget;
    const next = event.relatedTarget;
    if (current instanceof Node && next instanceof Node && current.contains(next)) return;
    clear();
  }

  async function onDrop(event: DragEvent): Promise<void> {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.stopPropagation();
    const key = nodeKeyOf(event);
    clear();
    const target = treeDropTarget(key === undefined ? undefined : byKey.value.get(key));
    if (!target) {
      message.info('Drop database files on an instance, or on its Databases node.');
      return;
    }
    // Refuses a read-only profile, then resolves the paths and opens the import sheet.
    await drop.onDrop(event, target);
  }

  function nodeClass(node: ResourceTreeNode): Record<string, boolean> {
    const target = over.value;
    const instanceKey = target && viewKey({ kind: 'instance', ...target.target });
    return {
      'resource-tree__node--drop': target?.key === node.key,
      'resource-tree__node--drop-instance': target?.key !== node.key && instanceKey === node.key,
      'resource-tree__node--no-drop': isDragging.value && !writableTarget(node),
    };
  }

  return { nodeClass, onDragOver, onDragLeave, onDrop };
}
