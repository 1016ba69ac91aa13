/** One line of the keyboard shortcuts sheet: the keys (alternatives) and what they do. */
interface ShortcutLine {
  readonly keys: readonly string[];
  readonly does: string;
}

/** A group of the sheet: where the keys work. */
export interface ShortcutGroup {
  readonly where: string;
  readonly lines: readonly ShortcutLine[];
}

/**
 * Every keyboard shortcut of the app, grouped by where it works; `mod` is `Ctrl` or `⌘`.
 * The frame's own keys are bound in use-shortcuts.ts, the rest by the components named.
 */
export function keyboardShortcuts(mod: string): ShortcutGroup[] {
  return [
    {
      where: 'Anywhere',
      lines: [
        { keys: [`${mod}+P`], does: 'Go to a view or a loaded object' },
        { keys: [`${mod}+Shift+P`], does: 'Run a command' },
        { keys: [`${mod}+J`], does: 'Show or hide the activity panel' },
        { keys: [`${mod}+Shift+J`], does: 'Open all jobs (every open connection)' },
        { keys: [`${mod}+Shift+A`], does: 'Open the audit trail' },
        { keys: [`${mod}+,`], does: 'Open settings' },
        { keys: ['F1', `${mod}+/`], does: 'Show these keyboard shortcuts' },
      ],
    },
    {
      where: 'Tables',
      lines: [
        { keys: ['Tab'], does: 'Move to the next row or control' },
        { keys: ['↑', '↓'], does: 'Make the row above or below the current one' },
        { keys: ['Enter'], does: 'Open the row (a double-click does too)' },
        { keys: ['Shift+F10', 'Menu key'], does: 'Open the row menu (right-click does too)' },
        { keys: ['Space', `${mod}+click`], does: 'Tick or untick the row for bulk actions' },
        { keys: ['Shift+↑', 'Shift+↓', 'Shift+click'], does: 'Tick a range of rows' },
        { keys: [`${mod}+A`], does: 'Tick every row shown' },
        { keys: ['Esc'], does: 'Untick the rows; again: no row is current' },
      ],
    },
    {
      where: 'Menus, pickers and dialogs',
      lines: [
        { keys: ['↑', '↓'], does: 'Move to the item above or below' },
        { keys: ['Enter'], does: 'Pick the item, or confirm the dialog from its field' },
        { keys: ['Esc'], does: 'Close; the focus goes back where it was' },
      ],
    },
  ];
}
