import type { TreeOption } from 'naive-ui';
import { computed, nextTick, onMounted, watch, type Ref } from 'vue';
import type { ResourceTreeNode } from '../model/navigation/tree-nodes';

/** The DOM id of a tree node (keys hold `:` and `/`, which ids may but selectors dislike). */
function treeItemId(key: string): string {
  return `tree-item-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/**
 * The resource tree as an ARIA tree (naive-ui renders it without roles): the tree is
 * `role="tree"`, each node a `treeitem` with its level, selected and expanded states, and
 * naive-ui's keyboard cursor (the "pending" node, while focus stays on the tree) is announced
 * through `aria-activedescendant`.
 */
export function useTreeAria(
  nodes: Ref<readonly ResourceTreeNode[]>,
  expandedKeys: Ref<readonly string[]>,
  selectedKeys: Ref<readonly string[]>,
) {
  const levels = computed(() => {
    const map = new Map<string, number>();
    const walk = (list: readonly ResourceTreeNode[] | undefined, level: number): void => {
      for (const node of list ?? []) {
        map.set(String(node.key), level);
        walk(node.children, level + 1);
      }
    };
    walk(nodes.value, 1);
    return map;
  });

  function itemProps(option: TreeOption): Record<string, unknown> {
    const key = String(option.key);
    const expandable = option.isLeaf !== true;
    return {
      id: treeItemId(key),
      role: 'treeitem',
      'aria-level': levels.value.get(key) ?? 1,
      'aria-selected': selectedKeys.value.includes(key),
      ...(expandable ? { 'aria-expanded': expandedKeys.value.includes(key) } : {}),
    };
  }

  /** naive-ui's focusable tree element (it passes no attributes to it). */
  const treeIn = (container: HTMLElement | undefined): HTMLElement | null =>
    container?.querySelector<HTMLElement>('.n-tree[tabindex]') ?? null;

  /** Names the tree in `container` whenever it is (re)rendered (it shows once nodes exist). */
  function label(container: Ref<HTMLElement | undefined>, name: string): void {
    const apply = (): void => {
      const tree = treeIn(container.value);
      tree?.setAttribute('role', 'tree');
      tree?.setAttribute('aria-label', name);
    };
    onMounted(apply);
    watch(nodes, apply, { flush: 'post' });
  }

  /** After naive-ui moved its cursor (arrow keys), the tree names the node under it. */
  function onKeydown(event: KeyboardEvent): void {
    const tree = treeIn(event.currentTarget as HTMLElement);
    void nextTick(() => {
      const pending = tree?.querySelector('.n-tree-node--pending');
      if (pending?.id) tree?.setAttribute('aria-activedescendant', pending.id);
    });
  }

  return { itemProps, label, onKeydown };
}
