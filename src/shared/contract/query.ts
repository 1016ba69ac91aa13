import { z } from 'zod';
import { FilterSyntaxError } from '../filter/errors';
import { parseFilter } from '../filter/parser';
import { printFilter } from '../filter/printer';
import type { FilterTableName } from '../filter/tables';
import { ExportToTypeSchema, ImportFromTypeSchema } from './enums';
import { decimalInteger } from './primitives';

/*
 * Query string schemas. One schema serves both sides: the client passes typed values, the
 * emulator passes `Object.fromEntries(new URLSearchParams(...))`, so numbers are read from
 * decimal text and booleans accept `true`/`false` text. Objects strip unknown parameters, as
 * ASP.NET does. Each output is the canonical form the client sends (see primitives.ts).
 */

/** One `property DIRECTION` term of a `sort` parameter. */
export interface SortTerm {
  /** The property, spelt as in the sortable list. */
  readonly property: string;
  readonly direction: 'ASC' | 'DESC';
}

/**
 * Parses a comma-delimited `sort` value such as `createDate DESC, name ASC` against the
 * sortable properties. Property names and directions are matched case-insensitively.
 */
export function parseSort(
  value: string,
  sortable: readonly string[],
): { readonly terms: SortTerm[] } | { readonly error: string } {
  const terms: SortTerm[] = [];
  for (const raw of value.split(',')) {
    const words = raw.trim().split(/\s+/);
    const [name, direction] = words;
    const property = sortable.find((p) => p.toLowerCase() === name?.toLowerCase());
    const upper = direction?.toUpperCase();
    if (words.length !== 2 || !property || (upper !== 'ASC' && upper !== 'DESC')) {
      return {
        error: `Sort must be a comma-separated list of "property ASC" or "property DESC"; sortable properties: ${sortable.join(', ')}`,
      };
    }
    terms.push({ property, direction: upper });
  }
  return { terms };
}

/**
 * A `sort` parameter validated against `sortable`, sent canonical: properties as the
 * interface spells them, directions upper case (`name asc,SIZEINMB desc` gives
 * `name ASC, sizeInMb DESC`).
 */
function sortQuery(sortable: readonly string[]) {
  return z.string().transform((value, ctx) => {
    const result = parseSort(value, sortable);
    if ('terms' in result)
      return result.terms.map((t) => `${t.property} ${t.direction}`).join(', ');
    ctx.addIssue({ code: 'custom', message: result.error, input: value });
    return z.NEVER;
  });
}

/**
 * A `filter` parameter in the filter grammar of `table` (records.md), parsed before it is
 * sent: text the grammar refuses (`((((`, `name eq 'x`) never reaches the service, and what
 * goes out is the grammar's canonical print of the tree. Blank text means no filter.
 */
function filterQuery(table: FilterTableName) {
  return z.string().transform((value, ctx) => {
    try {
      const printed = printFilter(parseFilter(value, table));
      return printed === '' ? undefined : printed;
    } catch (error) {
      if (!(error instanceof FilterSyntaxError)) throw error;
      ctx.addIssue({ code: 'custom', message: `Filter: ${error.message}`, input: value });
      return z.NEVER;
    }
  });
}

/** A boolean query parameter: `true`/`false` as a boolean or as text (any letter case). */
function queryBoolean(name: string) {
  return z.union([z.boolean(), z.stringbool({ truthy: ['true'], falsy: ['false'] })], {
    error: `${name} must be true or false`,
  });
}

const fileTypeError = (name: string): string => `${name} must be 0 (MDF), 1 (BAK) or 2 (DACPAC)`;

/** An ExportToType or ImportFromType code from a number or decimal text (`01` gives 1). */
function fileTypeQuery<S extends z.ZodType<0 | 1 | 2, number>>(name: string, schema: S) {
  return decimalInteger(fileTypeError(name)).pipe(schema);
}

/** The message for a paging value that is not decimal digits (`1e3`, `0x10`, `50.0`). */
const wholeNumber = (label: string): string =>
  `${label} must be a whole number written in decimal digits, such as 100`;

/** Sortable properties of list archives. */
export const ARCHIVE_SORTABLE = [
  'archiveId',
  'createDate',
  'createdBy',
  'expiryDate',
  'name',
  'serverName',
  'sizeInMb',
  'storageTypeId',
] as const;

/** Sortable properties of list databases. */
export const DATABASE_SORTABLE = ['createdAt', 'databases', 'name', 'sizeInMb'] as const;

/** Bounds and defaults of list archives paging. */
const ARCHIVE_PAGING = { maxLimit: 5000, maxOffset: 2_147_483_647 } as const;

/**
 * Query of list archives. `offset` is a PAGE NUMBER, not a row offset (the interface says
 * "the page number starting at 0"): `offset=2&limit=100` is rows 200 to 299.
 */
export const ListArchivesQuerySchema = z.object({
  filter: filterQuery('archives').optional(),
  sort: sortQuery(ARCHIVE_SORTABLE).default('createDate DESC'),
  limit: decimalInteger(wholeNumber('limit'))
    .pipe(
      z
        .number()
        .min(1, { error: 'limit must be at least 1' })
        .max(ARCHIVE_PAGING.maxLimit, {
          error: `limit must be at most ${ARCHIVE_PAGING.maxLimit}`,
        }),
    )
    .default(ARCHIVE_PAGING.maxLimit),
  offset: decimalInteger(wholeNumber('offset (page number)'))
    .pipe(
      z
        .number()
        .min(0, { error: 'offset (page number) must be 0 or more' })
        .max(ARCHIVE_PAGING.maxOffset, { error: 'offset (page number) is too large' }),
    )
    .default(0),
});

/**
 * Query of list databases. `adminAccess=true` lists every managed database and is for
 * Admins only; Consumers and Contributors get 403 with it (interface rule 4).
 */
export const ListDatabasesQuerySchema = z.object({
  sort: sortQuery(DATABASE_SORTABLE).optional(),
  adminAccess: queryBoolean('adminAccess').default(false),
});

/**
 * Query of export. `detachOnly` takes the database offline instead of backing it up; it is
 * valid only with `exportTo` 0 (MDF) and required above 100 GB (interface rules 1 to 3).
 */
export const ExportQuerySchema = z
  .object({
    exportTo: fileTypeQuery('exportTo', ExportToTypeSchema),
    detachOnly: queryBoolean('detachOnly').default(false),
  })
  .refine((query) => !query.detachOnly || query.exportTo === 0, {
    error: 'detachOnly is valid only when exporting to MDF (exportTo 0)',
    path: ['detachOnly'],
  });

/** Query of prepare import (GET `.../import`): `importFrom` is required. */
export const PrepareImportQuerySchema = z.object({
  importFrom: fileTypeQuery('importFrom', ImportFromTypeSchema),
});

/** Query of import (POST `.../import`): `importFrom` is optional. */
export const ImportQuerySchema = z.object({
  importFrom: fileTypeQuery('importFrom', ImportFromTypeSchema).optional(),
});

/** Query of list sessions by server: a filter in the session filter grammar. */
export const ListSessionsQuerySchema = z.object({ filter: filterQuery('sessions').optional() });

/**
 * Largest `sizeInMb` of a database that may be exported without `detachOnly` (100 GB). The
 * interface does not say whether a GB is 1000 or 1024 MB; we take 1024, the SQL Server usage.
 */
export const MAX_EXPORT_WITHOUT_DETACH_MB = 100 * 1024;
