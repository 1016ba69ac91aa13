import { readFile, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { AppError } from '../../../shared/errors';
import { writeFileAtomic } from '../common/atomic-file';
import { autostartEntryText, isUntouchedEntry } from './autostart-entry';

/*
 * The app's XDG autostart entry on Linux: `$XDG_CONFIG_HOME/autostart/databridge.desktop`
 * (`~/.config` when the variable is unset, empty or relative, as the XDG Base Directory
 * Specification says), which desktop environments start at sign-in.
 *
 * An entry a person changed is theirs: the app neither overwrites nor removes a file that is
 * not its own untouched entry (autostart-entry.ts, the digest line), whether they turned it off
 * in their desktop's startup applications or added a flag to its Exec. The answer says so, and
 * the app logs where the file is.
 */

/** The entry's file name (the app's, so that a second copy is never made). */
const ENTRY_FILE = 'databridge.desktop';

/** The autostart folder for `env` (XDG_CONFIG_HOME) and the user's home folder. */
export function autostartFolder(
  env: Readonly<Record<string, string | undefined>>,
  home: string = homedir(),
): string {
  const configHome = env['XDG_CONFIG_HOME'];
  return join(
    configHome && isAbsolute(configHome) ? configHome : join(home, '.config'),
    'autostart',
  );
}

/**
 * What {@link XdgAutostartService.apply} did: wrote the entry, found it already so, removed
 * it, found none to remove, or left alone a file a person changed (`file` says where).
 */
export type AutostartOutcome =
  | { readonly kind: 'written' | 'unchanged' | 'removed' | 'absent'; readonly file: string }
  | { readonly kind: 'keptUserEntry'; readonly file: string; readonly wanted: boolean };

/** Options of {@link XdgAutostartService}. */
export interface XdgAutostartOptions {
  /** The autostart folder ({@link autostartFolder}). */
  readonly folder: string;
}

/** Writes and removes the app's autostart entry. */
export class XdgAutostartService {
  readonly #file: string;

  constructor(options: XdgAutostartOptions) {
    this.#file = join(options.folder, ENTRY_FILE);
  }

  /** Where the entry lives. */
  get file(): string {
    return this.#file;
  }

  /**
   * Makes the entry start `exec` (the executable, then its arguments), or removes it for
   * `undefined`. Idempotent: the same command twice writes once.
   *
   * @throws AppError INTERNAL naming the file and what to do when it cannot be read, written or
   *   removed; AppError VALIDATION for a command no Exec line can carry
   */
  async apply(exec: readonly string[] | undefined): Promise<AutostartOutcome> {
    const file = this.#file;
    const existing = await this.#read();
    if (existing !== undefined && !isUntouchedEntry(existing)) {
      return { kind: 'keptUserEntry', file, wanted: exec !== undefined };
    }
    if (exec === undefined) {
      if (existing === undefined) return { kind: 'absent', file };
      await this.#fail('remove', () => rm(file, { force: true }));
      return { kind: 'removed', file };
    }
    const text = autostartEntryText(exec);
    if (existing === text) return { kind: 'unchanged', file };
    await this.#fail('write', () => writeFileAtomic(file, text));
    return { kind: 'written', file };
  }

  async #read(): Promise<string | undefined> {
    try {
      return await readFile(this.#file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      return this.#fail('read', () => Promise.reject(error as Error));
    }
  }

  async #fail<T>(verb: 'read' | 'write' | 'remove', run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new AppError({
        code: 'INTERNAL',
        message: `Could not ${verb} the autostart entry ${this.#file} (${reason}). Check that the folder is writable, then turn Start with the session off and on again.`,
      });
    }
  }
}
