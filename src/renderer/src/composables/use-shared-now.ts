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
const RELATIVE_TICK_MS = 30_000;

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

/**
 * Moves the clock of `periodMs` on to the current time at once: for a reader that has just
 * stamped something (a refresh that ended) and shows its age, which should count from now, not
 * from the last tick. Every reader of that period sees the newer time, which is as true.
 */
export function catchUpSharedNow(periodMs = RELATIVE_TICK_MS): void {
  const ticker = tickers.get(periodMs);
  if (ticker) ticker.now.value = Date.now();
}

/** How many timers run (for tests). */
export function runningTickers(): number {
  return [...tickers.values()].filter((ticker) => ticker.timer !== undefined).length;
}
