import { readFileSync } from 'node:fs';
import { screen, type BrowserWindow } from 'electron';
import {
  PRIVATE_FILE_MODE,
  writeFileAtomic,
  writeFileAtomicSync,
} from '../services/common/atomic-file';
import { systemTimers } from '../services/time/timers';
import { fitToDisplays, parseWindowState, type WindowState } from '../app/window-bounds';
import { BoundsSaveSchedule, WINDOW_BOUNDS_EVENTS } from './bounds-save-schedule';

/**
 * The main window's size, position and maximised state, kept as JSON in the user data
 * folder (validated on read; a bad file gives the default) and fitted to the displays that
 * exist now. When it is written is decided by BoundsSaveSchedule.
 */
export class WindowStateStore {
  readonly #file: string;

  constructor(options: { file: string }) {
    this.#file = options.file;
  }

  /** The state to open the window with. */
  load(): WindowState {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(this.#file, 'utf8'));
    } catch {
      json = undefined;
    }
    const workAreas = screen.getAllDisplays().map((display) => display.workArea);
    return fitToDisplays(parseWindowState(json), workAreas);
  }

  /** Saves the window's state as it changes, and for the last time as it closes. */
  track(window: BrowserWindow): void {
    const save = (sync: boolean): void => {
      if (window.isDestroyed()) return;
      const text = JSON.stringify(this.#stateOf(window)) + '\n';
      try {
        const options = { mode: PRIVATE_FILE_MODE };
        if (sync) writeFileAtomicSync(this.#file, text, options);
        else void writeFileAtomic(this.#file, text, options).catch(() => undefined);
      } catch {
        // A window state that cannot be saved (full disk) opens at the default next time.
      }
    };
    const schedule = new BoundsSaveSchedule({ timers: systemTimers, save });
    for (const event of WINDOW_BOUNDS_EVENTS) {
      window.on(event as 'resize', () => schedule.note(event));
    }
    window.once('closed', () => schedule.dispose());
  }

  #stateOf(window: BrowserWindow): WindowState {
    // The normal bounds: a maximised or full-screen window reopens with its size before that.
    return { ...window.getNormalBounds(), isMaximized: window.isMaximized() };
  }
}
