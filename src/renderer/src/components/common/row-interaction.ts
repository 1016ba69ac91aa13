import type { CurrentRow } from '@renderer/composables/use-current-row';
import type { RowContextMenu } from '@renderer/composables/use-row-context-menu';
import type { TableSelection } from '@renderer/composables/use-table-selection';

/**
 * What a table row does on pointer and keys. Two things are kept apart, as in a file manager:
 * the current row (one, highlighted, its details shown) and the ticked rows (the checkboxes,
 * which the bulk actions run on).
 */
export interface RowInteraction<T> extends Pick<
  CurrentRow<T>,
  'isCurrent' | 'makeCurrent' | 'clearCurrent' | 'open'
> {
  readonly key: (row: T) => string;
  readonly menu: RowContextMenu<T>;
  readonly selection: TableSelection<T>;
}

/** The neighbouring rendered row (virtual scroll renders the rows around the focused one). */
function neighbour(row: Element, step: 1 | -1): HTMLElement | null {
  let next = step === 1 ? row.nextElementSibling : row.previousElementSibling;
  while (next && !next.hasAttribute('data-row-key')) {
    next = step === 1 ? next.nextElementSibling : next.previousElementSibling;
  }
  return next as HTMLElement | null;
}

/** Space, Shift+↑/↓, Ctrl/Cmd+A and Esc: the ticked rows' keys on a row. Whether it took it. */
function onSelectionKey<T>(event: KeyboardEvent, row: T, how: RowInteraction<T>): boolean {
  const { selection } = how;
  const element = event.currentTarget as HTMLElement;
  if (event.key === ' ') {
    selection.toggle(how.key(row));
  } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && event.shiftKey) {
    if (selection.count.value === 0) selection.toggle(how.key(row));
    const next = neighbour(element, event.key === 'ArrowDown' ? 1 : -1);
    const key = next?.getAttribute('data-row-key');
    if (next && key) {
      selection.extendTo(key);
      next.focus();
    }
  } else if (event.key.toLowerCase() === 'a' && (event.ctrlKey || event.metaKey)) {
    selection.setAll(true);
  } else if (event.key === 'Escape' && selection.count.value > 0) {
    selection.clear();
  } else {
    return false;
  }
  return true;
}

/** ↑/↓: the focus and the current row move together (the details follow, as in a list). */
function moveCurrent<T>(element: HTMLElement, step: 1 | -1, how: RowInteraction<T>): void {
  const next = neighbour(element, step);
  const key = next?.getAttribute('data-row-key');
  if (!next || !key) return;
  how.makeCurrent(key);
  next.focus();
}

function onRowKey<T>(event: KeyboardEvent, row: T, how: RowInteraction<T>): void {
  // Only the row's own keys: not one typed in a control inside it (the row menu).
  // While the row menu is open, the arrows and Enter are the menu's (naive-ui's keyboard).
  const element = event.currentTarget as HTMLElement;
  if (event.target !== element || how.menu.isShown.value) return;
  if (onSelectionKey(event, row, how)) {
    event.preventDefault();
    return;
  }
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    moveCurrent(element, event.key === 'ArrowDown' ? 1 : -1, how);
  } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
    how.menu.openUnder(element, row);
  } else if (event.key === 'Enter') {
    how.open(row);
  } else if (!(event.key === 'Escape' && how.clearCurrent())) {
    return;
  }
  event.preventDefault();
}

/**
 * Whether the event came from a control inside the row (its checkbox, its "⋯" button, a link
 * in a cell): two quick clicks on one are not a double-click on the row.
 */
function isOnControl(event: Event): boolean {
  const target = event.target as Partial<Element> | null;
  return target?.closest?.('input, button, a, [role="button"]') != null;
}

/** A click: Ctrl/Cmd ticks or unticks the row, Shift ticks up to it, else it becomes current. */
function onRowClick<T>(event: MouseEvent, row: T, how: RowInteraction<T>): void {
  const key = how.key(row);
  if (event.ctrlKey || event.metaKey) how.selection.toggle(key);
  else if (event.shiftKey) how.selection.extendTo(key);
  else how.makeCurrent(key);
}

/**
 * The props of a table row: focusable (Tab reaches it, ↑/↓ move the focus and the current
 * row), made current by a click, opened by a double-click or Enter, ticked with its checkbox,
 * Ctrl/Cmd+click, Shift+click, Space, Shift+↑/↓ and Ctrl/Cmd+A (Esc unticks them, then makes
 * no row current), and the row menu on right-click, the context-menu key and Shift+F10.
 * `aria-selected` says which row is current: the ticks are the checkboxes' own state.
 */
export function rowInteractionProps<T>(row: T, how: RowInteraction<T>): Record<string, unknown> {
  const key = how.key(row);
  return {
    'data-row-key': key,
    'aria-selected': how.isCurrent(key) ? 'true' : 'false',
    tabindex: 0,
    onContextmenu: (event: MouseEvent) => how.menu.openAtPointer(event, row),
    onKeydown: (event: KeyboardEvent) => onRowKey(event, row, how),
    onClick: (event: MouseEvent) => onRowClick(event, row, how),
    // A Shift+click or a double-click should not also select the text under the pointer.
    onMousedown: (event: MouseEvent) => {
      if (event.detail > 1 || event.shiftKey) event.preventDefault();
    },
    onDblclick: (event: MouseEvent) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey || isOnControl(event)) return;
      how.open(row);
    },
  };
}
