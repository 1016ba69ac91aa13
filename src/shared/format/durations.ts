import { NO_VALUE } from './units';

/*
 * Lengths of time, always written as lengths (`2 min 05 s`), never as a clock reading
 * (`2:05`), which an admin can mistake for a time of day; and the age of a point in time
 * (`5 min ago`), which the app shows beside or over the time itself, never in its place.
 */

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (value: number): string => String(value).padStart(2, '0');

/** `4 min` or `4 min 05 s`: the smaller unit only when it is not zero, then always two digits. */
function pair(big: number, bigUnit: string, small: number, smallUnit: string): string {
  return small === 0 ? `${big} ${bigUnit}` : `${big} ${bigUnit} ${pad(small)} ${smallUnit}`;
}

/**
 * A duration in milliseconds, to the second: `4 s`, `2 min 05 s`, `1 h 02 min`, `3 d 04 h`
 * (`2 min`, `1 h` when the second unit is zero). A negative duration counts as `0 s`; `—` for
 * null, undefined, NaN or an infinity.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return NO_VALUE;
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < MINUTE) return `${seconds} s`;
  if (seconds < HOUR) return pair(Math.floor(seconds / MINUTE), 'min', seconds % MINUTE, 's');
  const minutes = Math.floor(seconds / MINUTE);
  if (seconds < DAY) return pair(Math.floor(minutes / 60), 'h', minutes % 60, 'min');
  const hours = Math.floor(seconds / HOUR);
  return pair(Math.floor(hours / 24), 'd', hours % 24, 'h');
}

/** Milliseconds since the epoch of an ISO text, a Date or a number; NaN when unreadable. */
export function instantOf(at: string | number | Date | null | undefined): number {
  if (at === null || at === undefined || at === '') return Number.NaN;
  if (typeof at === 'number') return at;
  return at instanceof Date ? at.getTime() : Date.parse(at);
}

/**
 * How long something took from `start` to `end`, or has run until `now` while it has no end;
 * `—` without a readable start (or with an unreadable end).
 */
export function formatDurationBetween(
  start: string | null | undefined,
  end: string | null | undefined,
  now: number,
): string {
  const from = instantOf(start);
  const to = end ? instantOf(end) : now;
  if (!Number.isFinite(from) || !Number.isFinite(to)) return NO_VALUE;
  return formatDuration(to - from);
}

// The largest unit that fits, rounded down: 89 minutes is "1 h ago" until it is two hours.
const AGE_UNITS: ReadonlyArray<readonly [string, number]> = [
  ['y', 365 * DAY],
  ['mo', 30 * DAY],
  ['d', DAY],
  ['h', HOUR],
  ['min', MINUTE],
];

/**
 * The age of `at` at `now` (both points in time; `now` in ms): `now` within a minute, else
 * `5 min ago`, `3 h ago`, `12 d ago`, `4 mo ago`, `2 y ago`, or `in 3 d` for a time still to
 * come. `—` for nothing or an unreadable time.
 */
export function formatAge(at: string | number | Date | null | undefined, now: number): string {
  const time = instantOf(at);
  if (!Number.isFinite(time) || !Number.isFinite(now)) return NO_VALUE;
  const seconds = Math.abs(now - time) / 1000;
  for (const [unit, size] of AGE_UNITS) {
    if (seconds < size) continue;
    const amount = `${Math.floor(seconds / size)} ${unit}`;
    return time <= now ? `${amount} ago` : `in ${amount}`;
  }
  return 'now';
}
