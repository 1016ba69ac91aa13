import type { DropdownOption } from 'naive-ui';
import type { RowAction } from './resource-table';

/** What the row menu needs from its table. */
export interface RowMenuOptions<T> {
  readonly actions: (row: T) => RowAction[];
  readonly titleOf: (row: T) => string;
  readonly copy: (row: T) => void;
  readonly showRaw: (row: T) => void;
}

/** The row's menu: its actions, a divider, then Copy as JSON and Show raw JSON. */
export function menuOf<T>(row: T, options: RowMenuOptions<T>): DropdownOption[] {
  const items: DropdownOption[] = options.actions(row).map((action) => ({
    key: action.key,
    label: action.label,
    disabled: action.disabled ?? false,
    props: action.danger ? { style: 'color: var(--db-danger-menu, #b4233f)' } : {},
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
