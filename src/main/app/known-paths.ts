import { resolve } from 'node:path';

/**
 * Local paths the app itself chose or wrote: files and folders the user picked in a dialog,
 * files of transfers (the imported file, the export folder and its downloaded files).
 * `shell:openPath` and `files:startDrag` accept only these, so a compromised renderer cannot
 * make main open (run) or hand out an arbitrary file of the machine.
 */
export class KnownPaths {
  readonly #paths = new Set<string>();

  /** Remembers paths as known. */
  add(...paths: readonly (string | undefined)[]): void {
    for (const path of paths) if (path) this.#paths.add(resolve(path));
  }

  /** True when `path` was added (compared after resolving `.` and `..`). */
  has(path: string): boolean {
    return this.#paths.has(resolve(path));
  }
}
