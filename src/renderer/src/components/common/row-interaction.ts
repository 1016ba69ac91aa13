import type { RowContextMenu } from '@renderer/composables/use-row-context-menu';
import type { TableSelection } from '@renderer/composables/use-table-selection';

/** What a table row does on pointer and keys. */
export interface RowInteraction<T> {
  readonly key: (row: T) => string;
  readonly menu: RowContextMenu<T>;
  /** Rows open on click and Enter (the table's `clickable`). */
  readonly clickable: boolean;
  readonly open: (row: T) => void;
  readonly activate: (row: T) => void;
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

/** Space, Shift+↑/↓, Ctrl/Cmd+A and Esc: the selection's keys on a row. Whether it took it. */
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
    neighbour(element, event.key === 'ArrowDown' ? 1 : -1)?.focus();
  } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
    how.menu.openUnder(element, row);
  } else if (event.key === 'Enter' && how.clickable) {
    how.open(row);
    how.activate(row);
  } else {
    return;
  }
  event.preventDefault();
}

/** A click: Ctrl/Cmd toggles the row, Shift selects up to it, else it opens or is selected. */
function onRowClick<T>(event: MouseEvent, row: T, how: RowInteraction<T>): void {
  const key = how.key(row);
  if (event.ctrlKey || event.metaKey) how.selection.toggle(key);
  else if (event.shiftKey) how.selection.extendTo(key);
  else if (how.clickable) how.open(row);
  else how.selection.only(key);
}

/**
 * The props of a table row: focusable (Tab reaches it, ↑/↓ move between rows), selected
 * with Ctrl/Cmd+click, Shift+click, Space, Shift+↑/↓ and Ctrl/Cmd+A (Esc clears), the row
 * menu on right-click, the context-menu key and Shift+F10; with `clickable`, click and Enter
 * open it and a double-click activates it (without, a click selects the row alone).
 */
export function rowInteractionProps<T>(row: T, how: RowInteraction<T>): Record<string, unknown> {
  const key = how.key(row);
  const selected = how.selection.has(key);
  return {
    'data-row-key': key,
    'aria-selected': selected ? 'true' : 'false',
    tabindex: 0,
    style: how.clickable ? 'cursor: pointer' : undefined,
    onContextmenu: (event: MouseEvent) => how.menu.openAtPointer(event, row),
    onKeydown: (event: KeyboardEvent) => onRowKey(event, row, how),
    onClick: (event: MouseEvent) => onRowClick(event, row, how),
    // A Shift+click or a double-click should not also select the text under the pointer.
    onMousedown: (event: MouseEvent) => {
      if (event.detail > 1 || event.shiftKey) event.preventDefault();
    },
    ...(how.clickable ? { onDblclick: () => how.activate(row) } : {}),
  };
}
