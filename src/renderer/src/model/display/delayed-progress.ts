/** Work that shows its progress only when it lasts longer than this (the connectivity checks). */
const PROGRESS_DELAY_MS = 1000;

/** How {@link withDelayedProgress} shows progress: `show` answers how to hide it again. */
export interface DelayedProgress {
  readonly show: () => () => void;
  readonly delayMs?: number;
  readonly setTimer?: (run: () => void, ms: number) => unknown;
  readonly clearTimer?: (timer: unknown) => void;
}

/**
 * Runs `work`; shows progress once it has lasted `delayMs`, and hides it when it ends either
 * way. A quick answer shows nothing, so nothing flashes on the screen.
 */
export async function withDelayedProgress<T>(
  work: () => Promise<T>,
  progress: DelayedProgress,
): Promise<T> {
  const setTimer = progress.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = progress.clearTimer ?? ((timer) => clearTimeout(timer as number));
  let hide: (() => void) | undefined;
  const timer = setTimer(() => {
    hide = progress.show();
  }, progress.delayMs ?? PROGRESS_DELAY_MS);
  try {
    return await work();
  } finally {
    clearTimer(timer);
    hide?.();
  }
}
