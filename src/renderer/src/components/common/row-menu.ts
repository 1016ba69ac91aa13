import { NButton, type DropdownOption } from 'naive-ui';
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

/** The test id of a row's "⋯" button (a click on it is not a click outside the menu). */
export const ROW_MENU_BUTTON = 'row-menu';

/**
 * The last column of a resource table: a "⋯" button per row that opens the table's one row
 * menu (`open`: see use-row-context-menu.ts) with the row's actions, then "Copy as JSON" and
 * "Show raw JSON". Not a dropdown per row: a dropdown is a popover with its own theme and
 * listeners, and each row a search or a refresh brought into view mounted one (in a search of
 * 5,000 archives, as much script as the rest of a keystroke). Its click does not reach the row
 * (which may open the item).
 */
export function rowMenuColumn<T>(options: {
  readonly titleOf: (row: T) => string;
  readonly open: (button: HTMLElement, row: T) => void;
}) {
  return {
    key: '__menu',
    title: '',
    width: ROW_MENU_WIDTH,
    className: 'resource-table__menu-cell',
    fixed: 'right' as const,
    render: (row: T) =>
      h(
        NButton,
        {
          quaternary: true,
          size: 'small',
          'data-testid': ROW_MENU_BUTTON,
          'aria-label': `Actions of ${options.titleOf(row)}`,
          'aria-haspopup': 'menu',
          onClick: (event: MouseEvent) => {
            event.stopPropagation();
            options.open(event.currentTarget as HTMLElement, row);
          },
        },
        () => '⋯',
      ),
  };
}
