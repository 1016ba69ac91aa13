import { AppError } from '../../src/shared/errors';
import type { AppNotification, PlatformPort } from '../../src/main/app/platform-port';
import type { HarnessFileDialogs } from './harness-file-dialogs';

function notInHarness(what: string): AppError {
  return new AppError({
    code: 'VALIDATION',
    message: `${what} is not available in the browser harness.`,
  });
}

/**
 * The {@link PlatformPort} of the browser harness. There is no native dialog: tests queue
 * the answers (in-process, or through the harness's endpoint, which takes the runner's token
 * and never the page's); with nothing queued, the harness's file browser asks the person in
 * the page (when the harness has one, see HarnessFileDialogs), else the dialog answers
 * VALIDATION. Tray and native drag-out are absent (the features say so, and the renderer
 * shows it); notifications, progress and opened links are recorded for tests instead of shown.
 */
export class HarnessPlatform implements PlatformPort {
  readonly shell = 'harness' as const;
  // The harness's page runs in whatever browser opened it: it cannot say the sandbox is on.
  readonly features = { tray: false, nativeDrag: false, notifications: false, sandbox: false };
  readonly notifications: AppNotification[] = [];
  readonly openedLinks: string[] = [];
  readonly shownItems: string[] = [];
  progress: number | undefined;
  readonly #files: string[][] = [];
  readonly #folders: (string | undefined)[] = [];
  readonly #saveFiles: (string | undefined)[] = [];
  readonly #fileDialogs: HarnessFileDialogs | undefined;

  constructor(options: { fileDialogs?: HarnessFileDialogs | undefined } = {}) {
    this.#fileDialogs = options.fileDialogs;
  }

  /** The answer of the next "choose files" dialog. */
  queueFiles(paths: string[]): void {
    this.#files.push(paths);
  }

  /** The answer of the next "choose folder" dialog (undefined: cancelled). */
  queueFolder(path: string | undefined): void {
    this.#folders.push(path);
  }

  chooseFiles(options: Parameters<PlatformPort['chooseFiles']>[0] = {}): Promise<string[]> {
    const next = this.#files.shift();
    if (next) return Promise.resolve(next);
    if (this.#fileDialogs) return this.#fileDialogs.chooseFiles(options);
    return Promise.reject(notInHarness('Choosing files'));
  }

  chooseFolder(
    options: Parameters<PlatformPort['chooseFolder']>[0] = {},
  ): Promise<string | undefined> {
    if (this.#folders.length > 0) return Promise.resolve(this.#folders.shift());
    if (this.#fileDialogs) return this.#fileDialogs.chooseFolder(options);
    return Promise.reject(notInHarness('Choosing a folder'));
  }

  /** The answer of the next "save as" dialog (undefined: cancelled). */
  queueSaveFile(path: string | undefined): void {
    this.#saveFiles.push(path);
  }

  chooseSaveFile(): Promise<string | undefined> {
    if (this.#saveFiles.length > 0) return Promise.resolve(this.#saveFiles.shift());
    return Promise.reject(notInHarness('Choosing where to save'));
  }

  openPath(): Promise<void> {
    return Promise.reject(notInHarness('Opening files'));
  }

  showItemInFolder(path: string): void {
    this.shownItems.push(path);
  }

  openExternal(url: string): Promise<void> {
    this.openedLinks.push(url);
    return Promise.resolve();
  }

  startDrag(): void {
    throw notInHarness('Dragging files out of the app');
  }

  notify(notification: AppNotification): void {
    this.notifications.push(notification);
  }

  setProgress(fraction: number | undefined): void {
    this.progress = fraction;
  }
}
