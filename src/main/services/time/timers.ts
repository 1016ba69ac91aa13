/** Timer functions, injectable so tests can drive time (the refresh schedule, job polling). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The real timers. Handles are unref'd: a pending refresh or poll must not keep a CLI run or a
 * test process alive on its own.
 */
export const systemTimers: Timers = {
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    handle.unref();
    return handle;
  },
  clearTimeout(handle) {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};
