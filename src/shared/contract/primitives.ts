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

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{3}Z?$/;

/** True for a real calendar time written `YYYY-MM-DDThh:mm:ss.sss`, with an optional `Z`. */
export function isExpirationTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 2025-02-30 over to March 2; a round trip catches impossible dates.
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

/**
 * `expirationDate` of ArchiveRequest and ArchivePatch: the interface's form
 * `YYYY-MM-DDThh:mm:ss.sss`; a trailing `Z` is accepted so `Date#toISOString()` output fits.
 */
export const ExpirationTimestampSchema = z.string().refine(isExpirationTimestamp, {
  error: 'Expiration date must be a real date and time written YYYY-MM-DDThh:mm:ss.sss (UTC)',
});

/** Characters of a database name the user creates, renames to, or restores into (records.md). */
export const DATABASE_NAME_PATTERN = /^[A-Za-z0-9_\-: ]{1,80}$/;
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
export const IMPORT_DATABASE_NAME_PATTERN = /^[_\-a-zA-Z0-9]+$/;

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
