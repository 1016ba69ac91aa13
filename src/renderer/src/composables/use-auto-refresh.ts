import {
  computed,
  getCurrentScope,
  onScopeDispose,
  ref,
  watch,
  type ComputedRef,
  type Ref,
} from 'vue';
import { useNow } from './use-now';

/** Options of {@link useAutoRefresh}. */
export interface AutoRefreshOptions {
  /** Seconds between the end of one refresh and the start of the next (a setting). */
  readonly intervalSeconds: Ref<number>;
  /** Loads a snapshot; a failure keeps the previous one (the caller shows the error). */
  readonly refresh: () => Promise<void>;
  /** Start paused (default false). */
  readonly paused?: boolean;
  /** Timers, injectable for tests. */
  readonly timers?: {
    setTimeout: (run: () => void, ms: number) => unknown;
    clearTimeout: (handle: unknown) => void;
  };
}

/** What {@link useAutoRefresh} answers. */
export interface AutoRefresh {
  readonly isPaused: Ref<boolean>;
  readonly isRefreshing: Ref<boolean>;
  /** When the last refresh succeeded (epoch ms). */
  readonly lastSuccessAt: Ref<number | undefined>;
  /** Whole seconds since the last successful refresh (ticks every second). */
  readonly ageSeconds: ComputedRef<number | undefined>;
  pause(): void;
  resume(): void;
  /** Refreshes now (also while paused); the next automatic one counts from its end. */
  refreshNow(): Promise<void>;
}

const browserTimers = {
  setTimeout: (run: () => void, ms: number): unknown => window.setTimeout(run, ms),
  clearTimeout: (handle: unknown): void => window.clearTimeout(handle as number),
};

/**
 * Refreshes something every N seconds, never two at once: the next refresh is scheduled when
 * the previous one ends, so a slow service is not flooded. Pausing stops the schedule (a
 * manual refresh still works); the interval follows its ref live. Stops with the scope.
 */
export function useAutoRefresh(options: AutoRefreshOptions): AutoRefresh {
  const timers = options.timers ?? browserTimers;
  const isPaused = ref(options.paused ?? false);
  const isRefreshing = ref(false);
  const lastSuccessAt = ref<number>();
  const now = useNow(1000);
  let handle: unknown;
  let disposed = false;
  let inFlight: Promise<void> | undefined;
  let again = false;

  const ageSeconds = computed(() =>
    lastSuccessAt.value === undefined
      ? undefined
      : Math.max(0, Math.floor((now.value - lastSuccessAt.value) / 1000)),
  );

  function schedule(): void {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
    if (disposed || isPaused.value) return;
    const ms = Math.max(1, options.intervalSeconds.value) * 1000;
    handle = timers.setTimeout(() => {
      handle = undefined;
      void refreshNow();
    }, ms);
  }

  async function runOnce(): Promise<void> {
    isRefreshing.value = true;
    try {
      await options.refresh();
      lastSuccessAt.value = Date.now();
      now.value = lastSuccessAt.value;
    } catch {
      // The caller's refresh reports its own error; the schedule goes on.
    } finally {
      isRefreshing.value = false;
    }
  }

  /** One refresh at a time; asking during one runs one more right after it (new filter). */
  function refreshNow(): Promise<void> {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      do {
        again = false;
        await runOnce();
      } while (again && !disposed);
      inFlight = undefined;
      schedule();
    })();
    return inFlight;
  }

  function pause(): void {
    isPaused.value = true;
    schedule();
  }

  function resume(): void {
    isPaused.value = false;
    void refreshNow();
  }

  watch(options.intervalSeconds, () => {
    if (!inFlight) schedule();
  });
  if (getCurrentScope()) {
    onScopeDispose(() => {
      disposed = true;
      if (handle !== undefined) timers.clearTimeout(handle);
    });
  }
  return { isPaused, isRefreshing, lastSuccessAt, ageSeconds, pause, resume, refreshNow };
}
