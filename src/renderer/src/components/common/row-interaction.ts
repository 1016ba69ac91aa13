import type { RowContextMenu } from '../../composables/use-row-context-menu';

/** What a table row does on pointer and keys. */
export interface RowInteraction<T> {
  readonly key: (row: T) => string;
  readonly menu: RowContextMenu<T>;
  /** Rows open on click and Enter (the table's `clickable`). */
  readonly clickable: boolean;
  readonly open: (row: T) => void;
  readonly activate: (row: T) => void;
}

/** The neighbouring rendered row (virtual scroll renders the rows around the focused one). */
function neighbour(row: Element, step: 1 | -1): HTMLElement | null {
  let next = step === 1 ? row.nextElementSibling : row.previousElementSibling;
  while (next && !next.hasAttribute('data-row-key')) {
    next = step === 1 ? next.nextElementSibling : next.previousElementSibling;
  }
  return next as HTMLElement | null;
}

function onRowKey<T>(event: KeyboardEvent, row: T, how: RowInteraction<T>): void {
  // Only the row's own keys: not one typed in a control inside it (the row menu).
  // While the row menu is open, the arrows and Enter are the menu's (naive-ui's keyboard).
  const element = event.currentTarget as HTMLElement;
  if (event.target !== element || how.menu.isShown.value) return;
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

/**
 * The props of a table row: focusable (Tab reaches it, ↑/↓ move between rows), the row menu
 * on right-click, the context-menu key and Shift+F10; with `clickable`, click and Enter open
 * it and a double-click activates it.
 */
export function rowInteractionProps<T>(row: T, how: RowInteraction<T>): Record<string, unknown> {
  return {
    'data-row-key': how.key(row),
    tabindex: 0,
    style: how.clickable ? 'cursor: pointer' : undefined,
    onContextmenu: (event: MouseEvent) => how.menu.openAtPointer(event, row),
    onKeydown: (event: KeyboardEvent) => onRowKey(event, row, how),
    ...(how.clickable
      ? {
          onClick: () => how.open(row),
          // A double-click opens the row; it should not also select the word under the pointer.
          onMousedown: (event: MouseEvent) => {
            if (event.detail > 1) event.preventDefault();
          },
          onDblclick: () => how.activate(row),
        }
      : {}),
  };
}
