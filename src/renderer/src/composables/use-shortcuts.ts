import { onBeforeUnmount, onMounted } from 'vue';

/** True on macOS, where shortcuts use ⌘ instead of Ctrl. */
function isMacPlatform(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform);
}

/** The frame's shortcuts (see {@link useShortcuts}). */
export interface FrameShortcuts {
  /** Ctrl/Cmd+P. */
  readonly jump: () => void;
  /** Ctrl/Cmd+Shift+P. */
  readonly palette: () => void;
  /** Ctrl/Cmd+J. */
  readonly activity: () => void;
  /** Ctrl/Cmd+, (the menu's accelerator too; opening the view twice does nothing). */
  readonly settings: () => void;
  /** F1 or Ctrl/Cmd+/: the keyboard shortcuts sheet. */
  readonly help: () => void;
  /** Ctrl/Cmd+Shift+J: every job of every open connection. */
  readonly allJobs: () => void;
  /** Ctrl/Cmd+Shift+A: the audit trail. */
  readonly audit: () => void;
}

/**
 * Binds the frame's shortcuts on the window while the calling component is mounted (they
 * override the browser's print, which a desktop app does not offer). Answers the modifier's
 * name for tooltips (`⌘` or `Ctrl`).
 */
export function useShortcuts(actions: FrameShortcuts): string {
  const isMac = isMacPlatform();
  function onKeydown(event: KeyboardEvent): void {
    if (event.key === 'F1' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      actions.help();
      return;
    }
    if (!(isMac ? event.metaKey : event.ctrlKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'p' && event.shiftKey) actions.palette();
    else if (key === 'p') actions.jump();
    else if (key === 'j' && !event.shiftKey) actions.activity();
    else if (key === 'j') actions.allJobs();
    else if (key === 'a' && event.shiftKey) actions.audit();
    else if (key === ',' && !event.shiftKey) actions.settings();
    else if (key === '/') actions.help();
    else return;
    event.preventDefault();
  }
  onMounted(() => window.addEventListener('keydown', onKeydown));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKeydown));
  return isMac ? '⌘' : 'Ctrl';
}
