import { formatAge } from '@shared/format/durations';
import { formatDateTime, type TimeOptions } from '@shared/format/times';
import { NO_VALUE } from '@shared/format/units';

/** The attributes of a `<time>` that shows a point in time. */
interface TimeAttrs {
  readonly datetime: string;
  readonly title: string;
  readonly class?: string;
  readonly 'data-age'?: string;
}

/**
 * The attributes of a shown time at `now`: the tooltip gives the full date and time with its
 * age (`2026-11-27 14:03:05 · 5 min ago`); with Settings › Appearance › Age of times "beside",
 * the age is drawn after the time as well (the `time-age` class and its `data-age`).
 */
export function timeAttrs(
  at: string | number,
  now: number,
  options: TimeOptions,
  isAgeBeside: boolean,
): TimeAttrs {
  const datetime = typeof at === 'number' ? new Date(at).toISOString() : at;
  const age = formatAge(at, now);
  const full = formatDateTime(at, options);
  // Text that is not a time has no age: it is shown as it came, with nothing added.
  if (age === NO_VALUE) return { datetime, title: full };
  const title = `${full} · ${age}`;
  return isAgeBeside
    ? { datetime, title, class: 'time-age', 'data-age': age }
    : { datetime, title };
}
