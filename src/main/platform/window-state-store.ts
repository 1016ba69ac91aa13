import { readFileSync } from 'node:fs';
import { screen, type BrowserWindow } from 'electron';
import { writeFileAtomic } from '../services/profiles/atomic-file';
import { fitToDisplays, parseWindowState, type WindowState } from '../app/window-bounds';

/**
 * The main window's size, position and maximised state, kept as JSON in the user data
 * folder (validated on read; a bad file gives the default) and fitted to the displays that
 * exist now.
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

  /** Saves the window's state whenever it is about to close or the app quits. */
  track(window: BrowserWindow): void {
    const save = (): void => {
      if (window.isDestroyed()) return;
      const bounds = window.getNormalBounds();
      const state: WindowState = { ...bounds, isMaximized: window.isMaximized() };
      void writeFileAtomic(this.#file, JSON.stringify(state) + '\n').catch(() => undefined);
    };
    window.on('close', save);
    window.on('resized', save);
    window.on('moved', save);
  }
}
