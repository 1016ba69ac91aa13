import { getCurrentScope, onScopeDispose, ref, type Ref } from 'vue';

/*
 * One clock per period for the whole window, not a timer per cell: a table of 2,000 jobs
 * showing "3 min ago" shares one interval, which runs only while someone reads it.
 */

interface Ticker {
  readonly now: Ref<number>;
  users: number;
  timer: ReturnType<typeof setInterval> | undefined;
}

const tickers = new Map<number, Ticker>();

/** How often relative times ("3 min ago") move on. */
export const RELATIVE_TICK_MS = 30_000;

/**
 * The current time in ms, moved on every `periodMs` by a clock shared with every other user
 * of the same period; the clock stops when the last calling scope ends.
 */
export function useSharedNow(periodMs = RELATIVE_TICK_MS): Readonly<Ref<number>> {
  let ticker = tickers.get(periodMs);
  if (!ticker) {
    ticker = { now: ref(Date.now()), users: 0, timer: undefined };
    tickers.set(periodMs, ticker);
  }
  const shared = ticker;
  shared.users += 1;
  if (shared.timer === undefined) {
    shared.now.value = Date.now();
    shared.timer = setInterval(() => (shared.now.value = Date.now()), periodMs);
  }
  if (getCurrentScope()) {
    onScopeDispose(() => {
      shared.users -= 1;
      if (shared.users > 0 || shared.timer === undefined) return;
      clearInterval(shared.timer);
      shared.timer = undefined;
    });
  }
  return shared.now;
}

/** How many timers run (for tests). */
export function runningTickers(): number {
  return [...tickers.values()].filter((ticker) => ticker.timer !== undefined).length;
}
