import { shallowRef, type Ref } from 'vue';
import type { AppError } from '@shared/errors';
import { asAppError } from '@renderer/api/app-error';
import { mergeRows } from './frozen-rows';

/** One cached list: its rows and how loading it went. */
export interface ListEntry<T> {
  readonly items: readonly T[];
  readonly isLoading: boolean;
  readonly isLoaded: boolean;
  /** The last load's failure (the rows of the load before stay). */
  readonly error: AppError | undefined;
}

const EMPTY: ListEntry<never> = Object.freeze({
  items: [],
  isLoading: false,
  isLoaded: false,
  error: undefined,
});

/** What {@link createListCache} answers. */
export interface ListCache<T> {
  readonly entries: Ref<Readonly<Record<string, ListEntry<T>>>>;
  /** The entry of `key` (an empty, not-loaded one when never loaded). */
  entry(key: string): ListEntry<T>;
  /** Loads `key` with `fetch`; a load already running for the key is shared. Throws AppError. */
  load(key: string, fetch: () => Promise<readonly T[]>): Promise<readonly T[]>;
  /** Loads `key` unless it is loaded or loading. Never throws (the error is in the entry). */
  ensure(key: string, fetch: () => Promise<readonly T[]>): Promise<void>;
  /** Replaces the rows of `key` (after an action changed one). */
  set(key: string, items: readonly T[]): void;
  /** Forgets every key that starts with `prefix`. */
  forget(prefix: string): void;
}

/**
 * A keyed cache of lists for the resource stores (instances per profile, databases per
 * instance...): loading flag, error and rows per key, and one request at a time per key.
 */
export function createListCache<T>(keyOf?: (row: T) => string): ListCache<T> {
  // Entries are replaced whole (see `patch`), so a shallowRef fires on every change and the
  // rows (frozen, see frozen-rows.ts) never become reactive proxies.
  const entries = shallowRef<Readonly<Record<string, ListEntry<T>>>>({});
  const running = new Map<string, Promise<readonly T[]>>();

  const entry = (key: string): ListEntry<T> => entries.value[key] ?? EMPTY;
  const patch = (key: string, change: Partial<ListEntry<T>>): void => {
    const before = entry(key);
    const items =
      change.items === undefined ? before.items : mergeRows(before.items, change.items, keyOf);
    entries.value = { ...entries.value, [key]: Object.freeze({ ...before, ...change, items }) };
  };

  async function run(key: string, fetch: () => Promise<readonly T[]>): Promise<readonly T[]> {
    patch(key, { isLoading: true });
    try {
      const items = await fetch();
      patch(key, { items, isLoading: false, isLoaded: true, error: undefined });
      return items;
    } catch (caught) {
      patch(key, { isLoading: false, error: asAppError(caught) });
      throw asAppError(caught);
    } finally {
      running.delete(key);
    }
  }

  function load(key: string, fetch: () => Promise<readonly T[]>): Promise<readonly T[]> {
    const current = running.get(key);
    if (current) return current;
    const started = run(key, fetch);
    running.set(key, started);
    return started;
  }

  async function ensure(key: string, fetch: () => Promise<readonly T[]>): Promise<void> {
    if (entry(key).isLoaded && !entry(key).error) return;
    await load(key, fetch).catch(() => undefined);
  }

  function set(key: string, items: readonly T[]): void {
    patch(key, { items, isLoaded: true });
  }

  function forget(prefix: string): void {
    entries.value = Object.fromEntries(
      Object.entries(entries.value).filter(([key]) => !key.startsWith(prefix)),
    );
  }

  return { entries, entry, load, ensure, set, forget };
}

/** The cache key of an instance of a profile. */
export function instanceKey(profileId: string, instanceName: string): string {
  return `${profileId}\n${instanceName}`;
}
