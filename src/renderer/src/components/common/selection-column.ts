import { h } from 'vue';
import type { TableSelection } from '@renderer/composables/use-table-selection';

/** The width of the selection column (it is fixed on the left). */
export const SELECTION_WIDTH = 36;

/**
 * The first column of a resource table: a checkbox per row (Shift+click selects the range
 * from the last one ticked) and one in the header for every shown row. Native checkboxes: a
 * component per visible row would cost each search and refresh as much as the rows
 * themselves, and a native one is announced and keyed as screen readers expect. Their clicks
 * do not reach the row (whose click makes it the current one).
 */
export function selectionColumn<T>(
  selection: TableSelection<T>,
  how: { readonly key: (row: T) => string; readonly titleOf: (row: T) => string },
) {
  return {
    key: '__select',
    width: SELECTION_WIDTH,
    fixed: 'left' as const,
    className: 'resource-table__select-cell',
    title: () =>
      h('input', {
        type: 'checkbox',
        class: 'resource-table__check',
        checked: selection.isAll.value,
        indeterminate: selection.count.value > 0 && !selection.isAll.value,
        'aria-label': 'Select every row shown',
        'data-testid': 'select-all-rows',
        onChange: (event: Event) => {
          const box = event.target as HTMLInputElement;
          selection.setAll(box.checked);
          box.checked = selection.isAll.value;
        },
      }),
    render: (row: T) => {
      const key = how.key(row);
      return h('input', {
        type: 'checkbox',
        class: 'resource-table__check',
        checked: selection.has(key),
        'aria-label': `Select ${how.titleOf(row)}`,
        'data-testid': 'select-row',
        onClick: (event: MouseEvent) => {
          event.stopPropagation();
          if (event.shiftKey) selection.extendTo(key);
          else selection.toggle(key);
          // The box shows the selection, not its own toggle (a Shift range only adds).
          (event.target as HTMLInputElement).checked = selection.has(key);
        },
        // Space on the checkbox toggles it; it must not also reach the row's keys.
        onKeydown: (event: KeyboardEvent) => event.stopPropagation(),
      });
    },
  };
}
