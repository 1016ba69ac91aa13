import { getCurrentScope, onScopeDispose, ref, type Ref } from 'vue';

/** The current time in ms, updated every `intervalMs` while the calling scope lives. */
export function useNow(intervalMs = 1000): Ref<number> {
  const now = ref(Date.now());
  const timer = setInterval(() => (now.value = Date.now()), intervalMs);
  if (getCurrentScope()) onScopeDispose(() => clearInterval(timer));
  return now;
}
