import { ref, shallowRef, type Ref } from 'vue';
import type { AppError } from '@shared/errors';
import { asAppError } from '@renderer/api/app-error';
import { freezeRows, mergeRows } from './frozen-rows';

/** The instance a per-instance resource list shows (logins, linked servers, archives...). */
export interface InstanceTarget {
  readonly profileId: string;
  readonly instanceName: string;
}

/** What {@link createInstanceList} answers; a store returns the parts it exposes. */
export interface InstanceList<T> {
  readonly target: Ref<InstanceTarget | undefined>;
  /**
   * The rows of the last answered load (emptied when another instance is selected): a frozen
   * array of frozen rows in a shallowRef. Replace the array to change it; never mutate a row.
   */
  readonly items: Ref<readonly T[]>;
  readonly isLoading: Ref<boolean>;
  /** Set once a load has been answered (so "no rows" is not shown while loading). */
  readonly isLoaded: Ref<boolean>;
  /** The last load's failure; the rows of the load before stay. */
  readonly loadError: Ref<AppError | undefined>;
  /** Loads the list of the target; a later call wins over an earlier unanswered one. */
  readonly load: () => Promise<void>;
  /**
   * Makes `next` the target. Another instance than the current one starts from an empty,
   * not-loaded list; answers whether it was another instance (the store resets its own
   * per-instance state then). Does not load.
   */
  readonly select: (next: InstanceTarget) => boolean;
  /** The target; throws an Error naming the view when no instance is open. */
  readonly requireTarget: () => InstanceTarget;
}

/**
 * The list state the per-instance resource stores share: one instance at a time, its rows,
 * loading flag, loaded flag and last error, and the rule that only the latest load's answer
 * counts (the user may refresh, page or switch instance while a load is under way).
 * `fetch` reads the rows of a target; `viewName` names the view in the "no instance" error.
 * Not list-cache.ts: that cache keeps every key and shares a running load per key, so a load
 * with a new query (an archives page or filter) would get the answer of the old one.
 */
export function createInstanceList<T>(options: {
  readonly fetch: (target: InstanceTarget) => Promise<T[]>;
  readonly viewName: string;
  /** The key of a row: a reload keeps each unchanged row as the same object. */
  readonly keyOf?: (row: T) => string;
}): InstanceList<T> {
  const target = ref<InstanceTarget>();
  // Not a deep ref: 5,000 archives would become 5,000 reactive proxies.
  const items = shallowRef<readonly T[]>(Object.freeze([]));
  const isLoading = ref(false);
  const isLoaded = ref(false);
  const loadError = ref<AppError>();
  let latest = 0;

  async function load(): Promise<void> {
    const current = target.value;
    if (!current) return;
    const ticket = ++latest;
    isLoading.value = true;
    try {
      const list = await options.fetch(current);
      if (ticket !== latest) return;
      items.value = options.keyOf ? mergeRows(items.value, list, options.keyOf) : freezeRows(list);
      loadError.value = undefined;
      isLoaded.value = true;
    } catch (caught) {
      if (ticket === latest) loadError.value = asAppError(caught);
    } finally {
      if (ticket === latest) isLoading.value = false;
    }
  }

  function select(next: InstanceTarget): boolean {
    const current = target.value;
    if (current?.profileId === next.profileId && current.instanceName === next.instanceName) {
      return false;
    }
    target.value = { ...next };
    items.value = Object.freeze([]);
    isLoaded.value = false;
    loadError.value = undefined;
    return true;
  }

  function requireTarget(): InstanceTarget {
    if (!target.value) throw new Error(`No instance is open in ${options.viewName}.`);
    return target.value;
  }

  return { target, items, isLoading, isLoaded, loadError, load, select, requireTarget };
}
