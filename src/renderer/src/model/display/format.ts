/*
 * Formatting shared by the views: sizes, dates and durations as an admin reads them.
 */

/** `512 MB`, `41.0 GB`, `1.2 TB` from megabytes. */
export function formatMb(mb: number | null | undefined): string {
  if (mb === null || mb === undefined || !Number.isFinite(mb)) return '—';
  if (Math.abs(mb) < 1024) return `${Math.round(mb)} MB`;
  if (Math.abs(mb) < 1024 * 1024) return `${(mb / 1024).toFixed(1)} GB`;
  return `${(mb / 1024 / 1024).toFixed(2)} TB`;
}

// One formatter each, made once: toLocaleString builds a new one per call (~60 µs), which a
// table search over 5,000 archives pays twice a row on every keystroke.
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A date and time in the user's locale, or `—`; unreadable text is shown as it came. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return DATE_TIME.format(date);
}

/** A date in the user's locale, or `—`. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return DATE.format(date);
}

/** `59:12`, `1:02:03`, `3 d 4 h` for a remaining duration in ms; `0:00` when past. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  if (days > 0) return `${days} d ${Math.floor((total % 86_400) / 3600)} h`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** `45 s`, `12 min`, `3 h 05 min`, `2 d 4 h` for a duration in ms. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

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
