import { NButton } from 'naive-ui';
import { h } from 'vue';
import { ROW_MENU_BUTTON } from '@renderer/model/tables/row-menu';

/** The width of the menu column (it is fixed on the right). */
export const ROW_MENU_WIDTH = 40;

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
