import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { FileFilter } from '../../src/main/app/platform-port';
import { Emitter, type Event } from '../../src/main/services/common/emitter';
import { AppError } from '../../src/shared/errors';
import type {
  HarnessFileDialog,
  HarnessFilesState,
  HarnessFolderListing,
} from '../../src/shared/ipc/harness-files';
import { isUnderRoots } from './file-roots';
import { browserRoots, listFolder, statUnderRoots, type BrowserRoots } from './folder-listing';

/** Options of {@link HarnessFileDialogs}. */
export interface HarnessFileDialogsOptions {
  /** The folders the browser may show and hand out, with everything under them. */
  readonly roots: readonly string[];
  /** Where the first dialog opens (default: the first root). */
  readonly startFolder?: string;
  /** What `~` means in a typed path (default: the user's home folder). */
  readonly home?: string;
}

interface OpenDialog {
  readonly dialog: HarnessFileDialog;
  readonly settle: (paths: string[]) => void;
}

function conflict(message: string): AppError {
  return new AppError({ code: 'CONFLICT', message });
}

/** The extensions a dialog shows: none listed (every file) when a filter takes `*`. */
function extensionsOf(filters: readonly FileFilter[] | undefined): string[] {
  const all = (filters ?? []).flatMap((filter) => filter.extensions.map((e) => e.toLowerCase()));
  return all.includes('*') ? [] : [...new Set(all)];
}

/**
 * The harness's stand-in for native open and folder dialogs. A dialog main opens is sent to
 * the page (`onDidChangeDialog`), which shows its file browser; the person browses (`list`)
 * and the page answers that dialog (`answer`), once. An answer is taken only for the dialog
 * open now (its id is unguessable and new each time), only for entries of the dialog's kind
 * that exist under the roots, and only then does the waiting `chooseFiles` or `chooseFolder`
 * settle: the app's dialog handler records it, as it records a native dialog's answer.
 */
export class HarnessFileDialogs {
  readonly #roots: Promise<BrowserRoots>;
  readonly #home: string;
  readonly #changes = new Emitter<HarnessFileDialog | null>();
  #open: OpenDialog | undefined;
  #lastFolder: string | undefined;

  /** A dialog opened (its request) or closed (null). */
  readonly onDidChangeDialog: Event<HarnessFileDialog | null> = this.#changes.event;

  constructor(options: HarnessFileDialogsOptions) {
    this.#roots = browserRoots(options.roots);
    this.#home = options.home ?? homedir();
    this.#lastFolder = options.startFolder;
  }

  /** The roots and the dialog open now (a reloaded page shows it again). */
  async state(): Promise<HarnessFilesState> {
    const roots = await this.#roots;
    return { isEnabled: true, roots: [...roots.shown], dialog: this.#open?.dialog ?? null };
  }

  /** Files the person chose in the page's browser; empty when cancelled. */
  chooseFiles(options: {
    title?: string;
    filters?: readonly FileFilter[];
    multiple?: boolean;
  }): Promise<string[]> {
    return this.#show(
      {
        kind: 'files',
        title: options.title ?? 'Choose files',
        multiple: options.multiple ?? false,
        extensions: extensionsOf(options.filters),
      },
      undefined,
    );
  }

  /** The folder the person chose in the page's browser; undefined when cancelled. */
  async chooseFolder(options: {
    title?: string;
    defaultPath?: string;
  }): Promise<string | undefined> {
    const request = { title: options.title ?? 'Choose a folder', multiple: false, extensions: [] };
    const [folder] = await this.#show({ kind: 'folder', ...request }, options.defaultPath);
    return folder;
  }

  /** The folder a typed path names (or the folder of the file it names), under the roots. */
  async list(input: { path: string; from?: string | undefined }): Promise<HarnessFolderListing> {
    return listFolder(input.path, { from: input.from, home: this.#home, roots: await this.#roots });
  }

  /** Answers the open dialog: its chosen paths, or none to cancel. See the class. */
  async answer(input: { dialogId: string; paths: readonly string[] }): Promise<void> {
    const open = this.#open;
    if (!open || open.dialog.dialogId !== input.dialogId) {
      throw conflict('This file dialog is no longer open. Use the button that opened it again.');
    }
    const chosen = input.paths.length === 0 ? [] : await this.#checked(open.dialog, input.paths);
    if (this.#open !== open) throw conflict('This file dialog was answered already.');
    this.#open = undefined;
    const [first] = chosen;
    if (first) this.#lastFolder = open.dialog.kind === 'folder' ? first : dirname(first);
    this.#changes.fire(null);
    open.settle(chosen);
  }

  /** Cancels the open dialog and stops telling pages (the harness is closing). */
  dispose(): void {
    const open = this.#open;
    this.#open = undefined;
    open?.settle([]);
    this.#changes.dispose();
  }

  async #show(
    request: Omit<HarnessFileDialog, 'dialogId' | 'startFolder'>,
    defaultPath: string | undefined,
  ): Promise<string[]> {
    const roots = await this.#roots;
    const start = [defaultPath, this.#lastFolder, roots.shown[0]].find(
      (folder): folder is string =>
        folder !== undefined && isUnderRoots(resolve(folder), roots.shown),
    );
    if (start === undefined) {
      throw new AppError({
        code: 'UNAVAILABLE',
        message: 'None of the folders of the harness’s file browser exists. Restart the harness.',
      });
    }
    if (this.#open) {
      throw conflict(
        'A file dialog is already open in the harness page: choose or cancel it first.',
      );
    }
    const dialog: HarnessFileDialog = { ...request, dialogId: randomUUID(), startFolder: start };
    return new Promise<string[]>((settle) => {
      this.#open = { dialog, settle };
      this.#changes.fire(dialog);
    });
  }

  async #checked(dialog: HarnessFileDialog, paths: readonly string[]): Promise<string[]> {
    const isFolder = dialog.kind === 'folder';
    if (paths.length > 1 && (isFolder || !dialog.multiple)) {
      throw new AppError({
        code: 'VALIDATION',
        message: isFolder ? 'Choose one folder.' : 'Choose one file.',
      });
    }
    const roots = await this.#roots;
    for (const path of paths) {
      // The page answers with the paths it was listed; a relative one would mean the harness's
      // working folder, which nobody chose.
      const info = isAbsolute(path) ? await statUnderRoots(path, roots) : undefined;
      if (!info || (isFolder ? !info.isDirectory() : !info.isFile())) {
        throw new AppError({
          code: 'VALIDATION',
          message: `${path} is not ${isFolder ? 'a folder' : 'a file'}. Choose again.`,
        });
      }
    }
    return paths.map((path) => resolve(path));
  }
}
