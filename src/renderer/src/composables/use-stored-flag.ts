import { ref, watch, type Ref } from 'vue';

/*
 * A yes/no choice of the user kept in the renderer's localStorage across restarts (a view's
 * switch), like the column choice of a table. Where there is no storage (unit tests in Node),
 * it is an ordinary ref.
 */

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

function read(key: string): boolean | undefined {
  const saved = storage()?.getItem(key);
  return saved === 'true' ? true : saved === 'false' ? false : undefined;
}

/** A boolean ref that starts as saved under `key` (else `initial`) and saves every change. */
export function useStoredFlag(key: string, initial: boolean): Ref<boolean> {
  const flag = ref(read(key) ?? initial);
  watch(flag, (value) => storage()?.setItem(key, String(value)));
  return flag;
}
