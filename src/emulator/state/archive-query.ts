import { ARCHIVE_SORTABLE, parseSort, type SortTerm } from '../../shared/contract/query';
import type { ArchivesResponse } from '../../shared/contract/records/archives';
import { filterRows } from '../../shared/filter/evaluate';
import { FilterSyntaxError } from '../../shared/filter/errors';
import { parseFilter } from '../../shared/filter/parser';
import { EmulatorHttpError } from '../http-error';

/** The list query after the catalogue's schema: sort has its default, limit and offset bounds. */
export interface ArchiveQuery {
  readonly filter?: string | undefined;
  readonly sort: string;
  readonly limit: number;
  /** A PAGE NUMBER, not a row offset: offset=2&limit=100 is rows 200 to 299. */
  readonly offset: number;
}

const collator = new Intl.Collator('en', { sensitivity: 'accent', numeric: false });

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // ISO timestamps of the same form sort correctly as text, so dates need no parsing.
  return typeof a === 'string' && typeof b === 'string' ? collator.compare(a, b) : 0;
}

function comparator(terms: readonly SortTerm[]) {
  return (a: ArchivesResponse, b: ArchivesResponse): number => {
    for (const term of terms) {
      const diff = compareValues(a[term.property], b[term.property]);
      if (diff !== 0) return term.direction === 'ASC' ? diff : -diff;
    }
    // A stable tie-break, so that pages never overlap or skip rows.
    return compareValues(a.archiveId, b.archiveId);
  };
}

/**
 * Filters (with the contract's parser: a bad filter answers 400 with its message), sorts
 * (comma-separated terms) and pages the archive rows.
 */
export function queryArchives(
  rows: readonly ArchivesResponse[],
  query: ArchiveQuery,
): ArchivesResponse[] {
  let expr;
  try {
    expr = parseFilter(query.filter ?? '', 'archives');
  } catch (error) {
    if (error instanceof FilterSyntaxError) {
      throw new EmulatorHttpError(400, `Invalid filter: ${error.message}`);
    }
    throw error;
  }
  const sort = parseSort(query.sort, ARCHIVE_SORTABLE);
  if ('error' in sort) throw new EmulatorHttpError(400, sort.error);
  const sorted = filterRows(expr, rows).sort(comparator(sort.terms));
  const start = query.offset * query.limit;
  return start >= sorted.length ? [] : sorted.slice(start, start + query.limit);
}
