/*
 * Small numeric helpers of the views. Sizes, speeds, durations and points in time are written
 * by the shared formatters (src/shared/format), the same for the window, the command line and
 * notifications.
 */

/** Percentage 0..100 of `part` in `whole`, 0 when whole is not positive. */
export function percent(part: number, whole: number): number {
  if (!(whole > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((part / whole) * 100)));
}

/**
 * An `expirationDate` in exactly the interface's form `YYYY-MM-DDThh:mm:ss.sss` (UTC, no zone
 * letter: a strict service may refuse the `Z`) from a date picker's milliseconds, or
 * undefined when none was picked.
 */
export function toExpirationTimestamp(ms: number | null | undefined): string | undefined {
  return ms === null || ms === undefined ? undefined : new Date(ms).toISOString().slice(0, -1);
}
