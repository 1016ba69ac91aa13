/*
 * Times as an admin scans them: "3 min ago", "in 2 days" (the absolute time goes in the
 * tooltip), and how long something took or has been running.
 */

// One formatter, made once (a table of thousands of rows formats on every tick).
const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'long' });

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * `3 minutes ago`, `in 2 days`, `now` (within 45 s) for an ISO time against `now` (ms); `—` for
 * none, and unreadable text as it came. The largest unit that fits, rounded down, so a job
 * ended 89 minutes ago reads "1 hour ago" until it is two hours old.
 */
export function formatRelativeTime(iso: string | null | undefined, now: number): string {
  if (!iso) return '—';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const delta = at - now;
  const size = Math.abs(delta);
  if (size < 45_000) return RELATIVE.format(0, 'second');
  for (const [unit, ms] of UNITS) {
    if (size >= ms) return RELATIVE.format(Math.sign(delta) * Math.floor(size / ms), unit);
  }
  return RELATIVE.format(Math.sign(delta) * Math.round(size / 1000), 'second');
}

/** `42 s`, `4 min 10 s`, `2 h 5 min`, `3 d 4 h` for a duration in ms (negative counts as 0). */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/**
 * How long something took from `start` to `end`, or has been running until `now` when it has
 * not ended; `—` without a readable start.
 */
export function durationBetween(
  start: string | null | undefined,
  end: string | null | undefined,
  now: number,
): string {
  const from = start ? Date.parse(start) : Number.NaN;
  if (!Number.isFinite(from)) return '—';
  const to = end ? Date.parse(end) : now;
  return Number.isFinite(to) ? formatElapsed(to - from) : '—';
}
