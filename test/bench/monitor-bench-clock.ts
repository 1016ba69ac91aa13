/* What the two parts of the monitor bench share: the run's clock and the printing helpers. */

/** The monitor's real interval (the default session refresh, 5 s). */
export const REAL_INTERVAL_MS = 5000;

/** The run: how many monitor minutes (12 intervals each), at which interval. */
export interface BenchClock {
  readonly minutes: number;
  readonly intervalMs: number;
}

export const verdict = (ok: boolean): string => (ok ? 'PASS' : 'FAIL');

export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
