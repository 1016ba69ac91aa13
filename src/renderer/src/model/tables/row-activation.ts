/*
 * Opening a table row's details from a listener on an element around the table, for a table
 * whose plain click already selects the row alone (it is not `clickable`): a plain click on a
 * row, or Enter or Space on the focused row itself, names the row by its key. Clicks on the
 * row's own controls (its checkbox, its "⋯" button, a link in a cell) and modified clicks
 * (Ctrl, Shift: selection) are not openings; nor is a key while the row menu is open (its
 * Enter picks the menu's item).
 */

/** How a row was opened: by the pointer, by Enter (the focus may follow), or by Space. */
export type RowOpening = 'pointer' | 'enter' | 'space';

const ROW = 'tr[data-row-key]';
const CONTROLS =
  'button, a, input, textarea, select, label, [role="checkbox"], [role="button"], .n-checkbox';
const ROW_MENU = '[data-testid="row-context-menu"]';

/** The listeners to put on the element around the table. */
export interface RowActivationListeners {
  readonly onClick: (event: MouseEvent) => void;
  readonly onKeydown: (event: KeyboardEvent) => void;
}

function rowKeyOf(element: Element | null): string | undefined {
  return element?.closest(ROW)?.getAttribute('data-row-key') ?? undefined;
}

/** Listeners that call `open` with the row's key and how it was opened. */
export function rowActivationListeners(
  open: (key: string, how: RowOpening) => void,
): RowActivationListeners {
  return {
    onClick: (event) => {
      const target = event.target as Element | null;
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
        return;
      }
      if (!target || target.closest(CONTROLS)) return;
      const key = rowKeyOf(target);
      if (key !== undefined) open(key, 'pointer');
    },
    onKeydown: (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      const target = event.target as Element | null;
      // The row's own keys only: not one typed in a control inside it.
      if (!target?.matches(ROW) || document.querySelector(ROW_MENU)) return;
      const key = rowKeyOf(target);
      if (key !== undefined) open(key, event.key === 'Enter' ? 'enter' : 'space');
    },
  };
}
