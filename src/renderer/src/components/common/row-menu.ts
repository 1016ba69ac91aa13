import { NButton, NDropdown, type DropdownOption } from 'naive-ui';
import { h } from 'vue';
import type { RowAction } from './resource-table';

/** What the row menu needs from its table. */
export interface RowMenuOptions<T> {
  readonly actions: (row: T) => RowAction[];
  readonly titleOf: (row: T) => string;
  readonly copy: (row: T) => void;
  readonly showRaw: (row: T) => void;
}

/** The width of the menu column (it is fixed on the right). */
export const ROW_MENU_WIDTH = 56;

/** The row's menu: its actions, a divider, then Copy as JSON and Show raw JSON. */
export function menuOf<T>(row: T, options: RowMenuOptions<T>): DropdownOption[] {
  const items: DropdownOption[] = options.actions(row).map((action) => ({
    key: action.key,
    label: action.label,
    disabled: action.disabled ?? false,
    props: action.danger ? { style: 'color: var(--db-danger, #d03050)' } : {},
  }));
  if (items.length > 0) items.push({ type: 'divider', key: '__divider' });
  items.push({ key: '__copy', label: 'Copy as JSON' }, { key: '__raw', label: 'Show raw JSON' });
  return items;
}

/** Runs what was picked in a row's menu. */
export function select<T>(row: T, key: string, options: RowMenuOptions<T>): void {
  if (key === '__copy') options.copy(row);
  else if (key === '__raw') options.showRaw(row);
  else
    options
      .actions(row)
      .find((action) => action.key === key)
      ?.run();
}

/**
 * The last column of a resource table: a "⋯" button opening the row's actions, then "Copy as
 * JSON" and "Show raw JSON". Its click does not reach the row (which may open the item).
 */
export function rowMenuColumn<T>(options: RowMenuOptions<T>) {
  return {
    key: '__menu',
    title: '',
    width: ROW_MENU_WIDTH,
    className: 'resource-table__menu-cell',
    fixed: 'right' as const,
    render: (row: T) =>
      h(
        NDropdown,
        {
          trigger: 'click',
          options: menuOf(row, options),
          onSelect: (key: string) => select(row, key, options),
        },
        () =>
          h(
            NButton,
            {
              quaternary: true,
              size: 'small',
              'data-testid': 'row-menu',
              'aria-label': `Actions of ${options.titleOf(row)}`,
              onClick: (event: MouseEvent) => event.stopPropagation(),
            },
            () => '⋯',
          ),
      ),
  };
}
