import { z } from 'zod';

/*
 * Building blocks of the record schemas. Two rules meet here:
 * - Responses are tolerant (records.md "Tolerance"): unknown fields are kept, fields the
 *   interface marks nullable or that records.md tags [ours] may be null or missing, and
 *   enumerations the service may extend are open strings.
 * - Requests are strict about what the user types, with messages a user can act on.
 */

/**
 * An open enumeration for responses: any string parses, the known values are kept for the
 * type (autocomplete) and for the UI. Why not `z.enum`: a status value added by the service
 * must show up as text in the app, not turn a whole list into an "unexpected answer" error.
 */
export function openEnum<const T extends readonly string[]>(
  values: T,
): z.ZodType<T[number] | (string & Record<never, never>), string> {
  // `string & Record<never, never>` is still any string; the union only keeps the known
  // values visible to the editor, so no cast is needed.
  return z.string().meta({ knownValues: [...values] });
}

/** A response field the interface marks nullable; per "Tolerance" it may also be missing. */
export function nullable<T extends z.ZodType>(schema: T) {
  return schema.nullish();
}

/** A response field tagged [ours] in records.md: the real service may leave it out or send null. */
export function ours<T extends z.ZodType>(schema: T) {
  return schema.nullish();
}

/**
 * An ISO 8601 timestamp in a response. Validated as a string only and never coerced to a
 * `Date`: it must survive IPC (structured clone, JSON) unchanged and the UI formats it.
 */
export const IsoDateStringSchema = z.string();

/** Response numbers are checked for type, not range: an int32 that arrives as 12.5 is still shown. */
export const ResponseNumberSchema = z.number();

/*
 * Typed values in requests go out in ONE canonical form, whoever typed them (the GUI, the
 * CLI): the schemas below check the value and their output is what is sent, never the raw
 * text. The client serialises the parsed output (request-parts.ts) and the IPC router hands
 * the parsed output to the handlers, so both paths send the same text.
 */

/** Decimal digits with an optional sign: the text form of an int32 (as ASP.NET binds one). */
const DECIMAL_INTEGER = /^[+-]?\d+$/;

/**
 * A whole number given as a number (the GUI) or as decimal text (the CLI, a URL), parsed to
 * a number, so that `007` and `+7` go out as `7`. Other text (`1e3`, `0x10`, `50.0`, ` 5`)
 * is refused with `message` rather than guessed at: JavaScript reads those as numbers but an
 * int32 parameter of the service does not, and a typo should not become a different value.
 */
export function decimalInteger(message: string) {
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const parsed = typeof value === 'number' || DECIMAL_INTEGER.test(value) ? Number(value) : NaN;
    if (Number.isSafeInteger(parsed)) return parsed === 0 ? 0 : parsed; // no -0
    ctx.addIssue({ code: 'custom', message, input: value });
    return z.NEVER;
  });
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?(Z|[+-]\d{2}:\d{2})?$/;

/** Minutes east of UTC of a `Z` or `±hh:mm` suffix; undefined when out of range. */
function offsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined || zone === 'Z') return 0;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  if (hours > 23 || minutes > 59) return undefined;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

/**
 * `value` in the interface's form `YYYY-MM-DDThh:mm:ss.sss` (UTC), or undefined when it is no
 * real date and time. Accepted: that form, with fewer fraction digits or none, and with a
 * `Z` or a `±hh:mm` offset, which is converted to UTC and dropped
 * (`2026-01-02T03:04:05+02:00` gives `2026-01-02T01:04:05.000`). A time without a zone is
 * UTC, as the interface's form has none.
 */
export function canonicalTimestamp(value: string): string | undefined {
  const match = TIMESTAMP.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const millis = Number((match[7] ?? '').padEnd(3, '0'));
  const offset = offsetMinutes(match[8]);
  const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis));
  // Date.UTC rolls 2025-02-30 over to March 2 (and reads years 0 to 99 as 1900 to 1999); a
  // round trip catches both.
  const isReal =
    local.getUTCFullYear() === year &&
    local.getUTCMonth() === month - 1 &&
    local.getUTCDate() === day &&
    local.getUTCHours() === hour &&
    local.getUTCMinutes() === minute &&
    local.getUTCSeconds() === second;
  if (!isReal || offset === undefined) return undefined;
  const utc = new Date(local.getTime() - offset * 60_000);
  // toISOString writes years up to 9999 with four digits (then `+010000`); its `Z` is dropped.
  return utc.getUTCFullYear() > 9999 ? undefined : utc.toISOString().slice(0, 23);
}

/**
 * `expirationDate` of ArchiveRequest and ArchivePatch, sent in the interface's form
 * `YYYY-MM-DDThh:mm:ss.sss`: a typed `Z` or offset is converted to UTC and dropped (see
 * {@link canonicalTimestamp}), so `Date#toISOString()` output fits too.
 */
export const ExpirationTimestampSchema = z
  .string()
  .transform((value, ctx) => {
    const canonical = canonicalTimestamp(value);
    if (canonical !== undefined) return canonical;
    ctx.addIssue({
      code: 'custom',
      message:
        'Expiration date must be a real date and time written YYYY-MM-DDThh:mm:ss.sss (UTC, or with Z or an offset such as +02:00)',
      input: value,
    });
    return z.NEVER;
  })
  // What a form or the command line's help says the text must look like.
  .meta({ description: 'a date and time, YYYY-MM-DDThh:mm:ss (UTC, or with Z or +02:00)' });

/** Characters of a database name the user creates, renames to, or restores into (records.md). */
const DATABASE_NAME_PATTERN = /^[A-Za-z0-9_\-: ]{1,80}$/;
const databaseNameMessage =
  'Database name may contain only letters, digits, _, -, : and spaces (at most 80 characters)';

/** A new database name: letters, digits, `_`, `-`, `:` and space, 1 to 80 characters. */
export const DatabaseNameSchema = z
  .string()
  .min(1, { error: 'Database name is required' })
  .regex(DATABASE_NAME_PATTERN, { error: databaseNameMessage })
  // Leading or trailing spaces are almost always typos, and SQL Server ignores trailing ones
  // when it compares names, so `a ` and `a` would collide in confusing ways.
  .refine((name) => name.trim() === name, {
    error: 'Database name must not start or end with a space',
  });

/** The pattern the interface gives for the database name of prepare import and init-upload. */
const IMPORT_DATABASE_NAME_PATTERN = /^[_\-a-zA-Z0-9]+$/;

/** Database name of prepare import and init-upload: `^[_\-a-zA-Z0-9]+$`. */
export const ImportDatabaseNameSchema = z.string().regex(IMPORT_DATABASE_NAME_PATTERN, {
  error: 'Database name for an import may contain only letters, digits, _ and - (no spaces)',
});

/** A required, non-empty string with a message naming the field. */
export function requiredText(label: string, max?: number) {
  const schema = z.string().min(1, { error: `${label} is required` });
  return max === undefined
    ? schema
    : schema.max(max, { error: `${label} must be at most ${max} characters` });
}
