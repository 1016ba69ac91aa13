import { h } from 'vue';
import type { DataTableColumns } from 'naive-ui';
import type { ResourceColumn } from './resource-table';

type Column<T> = DataTableColumns<T>[number] | ResourceColumn<T>;

/**
 * The columns as naive-ui takes them, a column with a `headerTip` titled by a span that says
 * it on hover (the `title` attribute, which screen readers give as the header's description)
 * and is underlined dotted, as an abbreviation with a meaning behind it is.
 */
export function withHeaderTips<T>(columns: readonly Column<T>[]): DataTableColumns<T> {
  return columns.map((column) =>
    'headerTip' in column && column.headerTip
      ? {
          ...column,
          title: () => h('span', { class: 'column-tip', title: column.headerTip }, column.title),
        }
      : column,
  );
}
