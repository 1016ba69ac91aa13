import {
  computed,
  getCurrentScope,
  onScopeDispose,
  ref,
  watch,
  type ComputedRef,
  type Ref,
} from 'vue';
import { catchUpSharedNow, useSharedNow } from './use-shared-now';

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

/** The period of the clock an age in whole seconds (`ageSeconds`) is counted with. */
export const AGE_TICK_MS = 1000;

// globalThis rather than window: the same timers in the page and in unit tests (Node).
const browserTimers = {
  setTimeout: (run: () => void, ms: number): unknown => globalThis.setTimeout(run, ms),
  clearTimeout: (handle: unknown): void => globalThis.clearTimeout(handle as number),
};

type Timers = NonNullable<AutoRefreshOptions['timers']>;

/** One pending timeout at most: `set` replaces the pending one, `clear` drops it. */
function singleTimeout(timers: Timers): { set(run: () => void, ms: number): void; clear(): void } {
  let handle: unknown;
  const clear = (): void => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
  };
  return {
    set(run, ms) {
      clear();
      handle = timers.setTimeout(() => {
        handle = undefined;
        run();
      }, ms);
    },
    clear,
  };
}

/**
 * Runs `run` one call at a time: a call during a run asks for one more right after it (and
 * gets the promise of the runs under way); `after` follows once they end. `isStopped` ends the
 * repeats.
 */
function oneAtATime(
  run: () => Promise<void>,
  options: { isStopped: () => boolean; after: () => void },
): { call(): Promise<void>; isRunning(): boolean } {
  let inFlight: Promise<void> | undefined;
  let again = false;
  return {
    call() {
      if (inFlight) {
        again = true;
        return inFlight;
      }
      inFlight = (async () => {
        do {
          again = false;
          await run();
        } while (again && !options.isStopped());
        inFlight = undefined;
        options.after();
      })();
      return inFlight;
    },
    isRunning: () => inFlight !== undefined,
  };
}

/**
 * Refreshes something every N seconds, never two at once: the next refresh is scheduled when
 * the previous one ends, so a slow service is not flooded. Pausing stops the schedule (a
 * manual refresh still works); the interval follows its ref live. Stops with the scope.
 */
export function useAutoRefresh(options: AutoRefreshOptions): AutoRefresh {
  const timeout = singleTimeout(options.timers ?? browserTimers);
  const isPaused = ref(options.paused ?? false);
  const isRefreshing = ref(false);
  const lastSuccessAt = ref<number>();
  const now = useSharedNow(AGE_TICK_MS);
  let disposed = false;

  const ageSeconds = computed(() =>
    lastSuccessAt.value === undefined
      ? undefined
      : Math.max(0, Math.floor((now.value - lastSuccessAt.value) / 1000)),
  );

  function schedule(): void {
    timeout.clear();
    if (disposed || isPaused.value) return;
    const ms = Math.max(1, options.intervalSeconds.value) * 1000;
    timeout.set(() => void refreshNow(), ms);
  }

  async function runOnce(): Promise<void> {
    isRefreshing.value = true;
    try {
      await options.refresh();
      lastSuccessAt.value = Date.now();
      catchUpSharedNow(AGE_TICK_MS);
    } catch {
      // The caller's refresh reports its own error; the schedule goes on.
    } finally {
      isRefreshing.value = false;
    }
  }

  /** One refresh at a time; asking during one runs one more right after it (new filter). */
  const refreshes = oneAtATime(runOnce, { isStopped: () => disposed, after: schedule });
  const refreshNow = (): Promise<void> => refreshes.call();

  function pause(): void {
    isPaused.value = true;
    schedule();
  }

  function resume(): void {
    isPaused.value = false;
    void refreshNow();
  }

  watch(options.intervalSeconds, () => {
    if (!refreshes.isRunning()) schedule();
  });
  if (getCurrentScope()) {
    onScopeDispose(() => {
      disposed = true;
      timeout.clear();
    });
  }
  return { isPaused, isRefreshing, lastSuccessAt, ageSeconds, pause, resume, refreshNow };
}
