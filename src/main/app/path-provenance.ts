import { resolve } from 'node:path';
import { AppError } from '../../shared/errors';

/**
 * Where every local path main acts on came from. The window names paths over IPC, but it may
 * only name those the user chose, so a script injected into the page cannot make main upload
 * any database file of the machine, write downloads anywhere, or open (run) a file:
 * - a file to read (import) only if main got it itself: from an open dialog, from a drop the
 *   preload resolved (webUtils.getPathForFile, registered through a channel the page cannot
 *   call), or from the operating system (a file opened with the app);
 * - a folder to write into (export, archive download) only from a folder dialog;
 * - a path to open, show or drag out only if it is one of those, or a file of a transfer
 *   (the imported file, the destination folder and the files downloaded into it).
 * Paths are compared after resolving `.` and `..`.
 */
export class PathProvenance {
  readonly #readable = new Set<string>();
  readonly #writable = new Set<string>();
  readonly #known = new Set<string>();

  /** Files the user chose in an open dialog, dropped, or opened with the app. */
  chosenFiles(...paths: readonly string[]): void {
    for (const path of paths) {
      this.#readable.add(resolve(path));
      this.#known.add(resolve(path));
    }
  }

  /** A folder the user chose in a folder dialog (none when the dialog was cancelled). */
  chosenFolder(path: string | undefined): void {
    if (!path) return;
    this.#writable.add(resolve(path));
    this.#known.add(resolve(path));
  }

  /** Paths of the app's transfers: they may be opened, shown and dragged out. */
  add(...paths: readonly (string | undefined)[]): void {
    for (const path of paths) if (path) this.#known.add(resolve(path));
  }

  /** True when `path` may be opened, shown in its folder or dragged out. */
  has(path: string): boolean {
    return this.#known.has(resolve(path));
  }

  /** Throws FORBIDDEN unless the user chose the file `path` (see the class). */
  assertReadable(path: string): void {
    if (this.#readable.has(resolve(path))) return;
    throw new AppError({
      code: 'FORBIDDEN',
      message:
        'The app reads only files you chose in its file dialog, dropped on its window or opened with it. Choose the file again with Import….',
    });
  }

  /** Throws FORBIDDEN unless the user chose the folder `path` in a folder dialog. */
  assertWritable(path: string): void {
    if (this.#writable.has(resolve(path))) return;
    throw new AppError({
      code: 'FORBIDDEN',
      message:
        'The app writes only into folders you chose in its folder dialog. Choose the folder again with Choose….',
    });
  }
}
