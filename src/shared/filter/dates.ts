/**
 * Date literals of the filter grammar: `YYYY-MM-DD` or a full ISO 8601 timestamp.
 *
 * A literal denotes a span of time, which is what makes comparisons on dates read naturally:
 * a date-only literal is the whole UTC calendar day, a timestamp is the one millisecond it
 * names. A timestamp without an offset is read as UTC (the service's own timestamps, such as
 * `expirationDate`, are written `YYYY-MM-DDThh:mm:ss.sss` without one).
 */

/** The span of time a date literal denotes: `startMs` inclusive, `endMs` exclusive. */
interface DateSpan {
  readonly dateOnly: boolean;
  readonly startMs: number;
  readonly endMs: number;
}

/** The result of checking a date literal; `reason` says what is wrong with it. */
export type DateCheck = { ok: true; span: DateSpan } | { ok: false; reason: string };

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:\d{2})?)?$/;

/** The accepted forms, for messages. */
export const DATE_FORMS = 'write YYYY-MM-DD or an ISO timestamp such as "2026-01-05T10:00:00Z"';

/** Whether the text is a date-only literal (`YYYY-MM-DD`); such dates are printed bare. */
export function isDateOnlyText(text: string): boolean {
  return DATE_ONLY.test(text);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function utcMs(fields: readonly number[]): number {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0, ms = 0] = fields;
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0 to 99 onto 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

function fieldProblem(year: number, fields: readonly number[]): string | undefined {
  const [month = 0, day = 0, hour = 0, minute = 0, second = 0] = fields;
  if (month < 1 || month > 12) return 'the month must be 01 to 12';
  const lastDay = daysInMonth(year, month);
  if (day < 1 || day > lastDay) {
    return `the day must be 01 to ${lastDay} in ${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
  }
  if (hour > 23) return 'the hour must be 00 to 23';
  if (minute > 59) return 'the minutes must be 00 to 59';
  if (second > 59) return 'the seconds must be 00 to 59';
  return undefined;
}

function offsetMinutes(zone: string | undefined): number | string {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  if (hours > 14 || minutes > 59 || (hours === 14 && minutes > 0)) {
    return 'the UTC offset must be between -14:00 and +14:00';
  }
  return sign * (hours * 60 + minutes);
}

/**
 * Checks a date literal and computes the span it denotes. Rejects impossible dates
 * (`2026-13-01`, `2026-02-30`) with a reason, not only malformed text.
 */
export function checkDateText(text: string): DateCheck {
  const match = ISO.exec(text);
  if (!match) return { ok: false, reason: DATE_FORMS };
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const numbers = [month, day, hour, minute, second].map((part) => Number(part ?? 0));
  const problem = fieldProblem(Number(year), numbers);
  if (problem !== undefined) return { ok: false, reason: problem };
  const offset = offsetMinutes(zone);
  if (typeof offset === 'string') return { ok: false, reason: offset };
  const ms = fraction === undefined ? 0 : Number(fraction.padEnd(3, '0').slice(0, 3));
  const local = utcMs([Number(year), ...numbers, ms]);
  if (hour === undefined) {
    return { ok: true, span: { dateOnly: true, startMs: local, endMs: local + DAY_MS } };
  }
  const startMs = local - offset * 60_000;
  return { ok: true, span: { dateOnly: false, startMs, endMs: startMs + 1 } };
}

/** Whether the text is a valid date literal of the grammar. */
export function isValidDateText(text: string): boolean {
  return checkDateText(text).ok;
}
