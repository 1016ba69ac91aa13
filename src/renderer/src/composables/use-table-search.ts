import { computed, type ComputedRef, type Ref } from 'vue';
import {
  createSearchIndexer,
  filterRows,
  type ResourceColumn,
} from '@renderer/model/tables/resource-table';

/**
 * The rows a table's search box leaves. The rows' search texts are built when first searched,
 * not on every keystroke (5,000 archives format two dates each), and per row: a refresh formats
 * only the rows it changed. They cover the columns the user chose, not only those the window
 * has room for now, so a narrower window changes no search.
 */
export function useTableSearch<T extends object>(options: {
  readonly rows: () => readonly T[];
  readonly columns: () => readonly ResourceColumn<T>[];
  readonly search: Ref<string>;
}): ComputedRef<T[]> {
  const indexer = createSearchIndexer<T>();
  const searchTexts = computed(() => indexer(options.rows(), options.columns()));
  // No search: the rows as they are (no copy of 5,000 rows on each answer).
  return computed(() =>
    options.search.value.trim() === ''
      ? (options.rows() as T[])
      : filterRows(options.rows(), searchTexts.value, options.search.value),
  );
}
