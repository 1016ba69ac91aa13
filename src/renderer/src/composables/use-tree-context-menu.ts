import type { DropdownOption } from 'naive-ui';
import { computed, ref, shallowRef, type ComputedRef, type Ref } from 'vue';
import type { MonitorInstanceRef } from '@shared/model/monitor';
import type { ResourceTreeNode } from '../model/navigation/tree-nodes';
import { useMonitorStore } from '../stores/monitor-store';
import { useNavigationStore } from '../stores/navigation-store';
import { useAction } from './use-action';

/** The tree's right-click menu: where it shows, what it offers, and what picking does. */
export interface TreeContextMenu {
  readonly isShown: Ref<boolean>;
  readonly x: Ref<number>;
  readonly y: Ref<number>;
  readonly options: ComputedRef<DropdownOption[]>;
  /** Opens the menu of `node` at the pointer; false when the node has none. */
  readonly open: (event: MouseEvent, node: ResourceTreeNode) => boolean;
  readonly select: (key: string) => void;
  /** Closes the menu; given the click outside that closes it (naive-ui's `clickoutside`). */
  readonly close: (event?: MouseEvent) => void;
}

/**
 * The resource tree's context menu. An instance node offers "Watch in monitor" or "Stop
 * watching in monitor" (kept in settings per profile, as from the Monitor view) and "Open
 * monitor". The monitor list is read when the menu first opens (events keep it current).
 */
export function useTreeContextMenu(): TreeContextMenu {
  const monitor = useMonitorStore();
  const navigation = useNavigationStore();
  const change = useAction('Change the watched instances');
  const isShown = ref(false);
  const x = ref(0);
  const y = ref(0);
  const target = shallowRef<MonitorInstanceRef>();
  /**
   * True from a right-click that opened the menu until its button comes up. Chromium fires
   * `contextmenu` on the button's press: when the menu was still on screen (or leaving) at the
   * press, naive-ui counts the release as a click outside and would close the menu it opened.
   */
  let isOpening = false;

  const options = computed<DropdownOption[]>(() => {
    const ref = target.value;
    if (!ref) return [];
    // By default the monitor watches every instance: only one left out can be watched again.
    const leftOut = monitor.isLeftOut(ref);
    return [
      leftOut
        ? { key: 'watch', label: 'Watch in monitor' }
        : { key: 'unwatch', label: 'Stop watching in monitor' },
      { key: 'monitor', label: 'Open monitor' },
    ];
  });

  function open(event: MouseEvent, node: ResourceTreeNode): boolean {
    const view = node.view;
    if (view?.kind !== 'instance') return false;
    event.preventDefault();
    target.value = { profileId: view.profileId, instanceName: view.instanceName };
    x.value = event.clientX;
    y.value = event.clientY;
    isShown.value = true;
    isOpening = true;
    // Events keep the store current once it has read the list; a read on every opening would
    // re-render the menu under the pointer (a click on it could be lost).
    if (monitor.watched.length === 0 && monitor.unwatched.length === 0) {
      void monitor.load().catch(() => undefined);
    }
    return true;
  }

  function close(event?: MouseEvent): void {
    const endsOpening = isOpening && event?.type === 'mouseup' && event.button === 2;
    isOpening = false;
    if (!endsOpening) isShown.value = false;
  }

  function select(key: string): void {
    isOpening = false;
    isShown.value = false;
    const ref = target.value;
    if (!ref) return;
    if (key === 'monitor') navigation.open({ kind: 'monitor' });
    else void change.run(() => monitor.setWatched(ref, key === 'watch'));
  }

  return { isShown, x, y, options, open, select, close };
}
