import { existsSync, statSync } from 'node:fs';
import {
  app,
  type BrowserWindow,
  Notification,
  dialog,
  nativeImage,
  shell,
  type OpenDialogOptions,
  type SaveDialogOptions,
} from 'electron';
import { AppError } from '../../shared/errors';
import type { OpenItem } from '../../shared/ipc/events';
import type { AppNotification, FileFilter, PlatformPort } from '../app/platform-port';
import { notificationRoute, type NotificationHealth } from './notification-route';

/** Options of {@link ElectronPlatform}. */
export interface ElectronPlatformOptions {
  /** The main window, when there is one. */
  readonly window: () => BrowserWindow | undefined;
  /** The icon shown while dragging files out (a path to a PNG). */
  readonly dragIcon: string;
  /** A notification was clicked: show the window and open the item. */
  readonly onOpenItem: (item: OpenItem) => void;
  /**
   * A notification the system did not show (`reason` is the `failed` event's error, absent
   * when none was tried): the window shows it in its alert strip instead.
   */
  readonly onNotificationFallback: (notification: AppNotification, reason?: string) => void;
}

/** The {@link PlatformPort} of the Electron shell: native dialogs, shell, notifications. */
export class ElectronPlatform implements PlatformPort {
  readonly shell = 'electron' as const;
  readonly #options: ElectronPlatformOptions;
  // Notifications are kept referenced until closed, or their click handler may be collected.
  readonly #shown = new Set<Notification>();
  #notifications: NotificationHealth;

  constructor(options: ElectronPlatformOptions) {
    this.#options = options;
    this.#notifications = { isSupported: Notification.isSupported(), hasFailed: false };
  }

  /**
   * Native notifications count only while they reach the system (notification-route.ts).
   * The sandbox is off only with `--no-sandbox` on this process's own command line (or
   * ELECTRON_DISABLE_SANDBOX, which Electron turns into that switch at start-up):
   * `app.commandLine` reads Chromium's command line of the current process
   * (https://www.electronjs.org/docs/latest/api/command-line#commandlinehasswitchswitch).
   */
  get features(): PlatformPort['features'] {
    return {
      tray: true,
      nativeDrag: true,
      notifications: notificationRoute(this.#notifications) === 'native',
      sandbox: !app.commandLine.hasSwitch('no-sandbox'),
    };
  }

  async chooseFiles(options: {
    title?: string;
    filters?: readonly FileFilter[];
    multiple?: boolean;
  }): Promise<string[]> {
    const dialogOptions: OpenDialogOptions = {
      properties: options.multiple ? ['openFile', 'multiSelections'] : ['openFile'],
      ...(options.title ? { title: options.title } : {}),
      ...(options.filters
        ? { filters: options.filters.map((f) => ({ name: f.name, extensions: [...f.extensions] })) }
        : {}),
    };
    const result = await this.#openDialog(dialogOptions);
    return result.canceled ? [] : result.filePaths;
  }

  async chooseFolder(options: {
    title?: string;
    defaultPath?: string;
  }): Promise<string | undefined> {
    const result = await this.#openDialog({
      properties: ['openDirectory', 'createDirectory'],
      ...(options.title ? { title: options.title } : {}),
      ...(options.defaultPath ? { defaultPath: options.defaultPath } : {}),
    });
    return result.canceled ? undefined : result.filePaths[0];
  }

  async chooseSaveFile(options: {
    title?: string;
    defaultPath?: string;
    filters?: readonly FileFilter[];
  }): Promise<string | undefined> {
    // The system's save dialog asks before replacing a file on macOS and Windows; on Linux
    // only with showOverwriteConfirmation, which the caller relies on (it then replaces).
    const saveOptions: SaveDialogOptions = {
      properties: ['createDirectory', 'showOverwriteConfirmation'],
      ...(options.title ? { title: options.title } : {}),
      ...(options.defaultPath ? { defaultPath: options.defaultPath } : {}),
      ...(options.filters
        ? { filters: options.filters.map((f) => ({ name: f.name, extensions: [...f.extensions] })) }
        : {}),
    };
    const window = this.#options.window();
    const result = window
      ? await dialog.showSaveDialog(window, saveOptions)
      : await dialog.showSaveDialog(saveOptions);
    return result.canceled || !result.filePath ? undefined : result.filePath;
  }

  async openPath(path: string): Promise<void> {
    const problem = await shell.openPath(path);
    if (problem) {
      throw new AppError({ code: 'NOT_FOUND', message: `Could not open ${path}: ${problem}` });
    }
  }

  showItemInFolder(path: string): void {
    shell.showItemInFolder(path);
  }

  async openExternal(url: string): Promise<void> {
    // The URL was checked against the https allowlist by the caller (external-links.ts).
    await shell.openExternal(url);
  }

  startDrag(paths: readonly string[]): void {
    const window = this.#options.window();
    const files = paths.filter((p) => existsSync(p) && statSync(p).isFile());
    if (!window || files.length === 0) return;
    window.webContents.startDrag({
      file: files[0] ?? '',
      files,
      icon: nativeImage.createFromPath(this.#options.dragIcon).resize({ width: 32 }),
    });
  }

  notify(notification: AppNotification): void {
    if (notificationRoute(this.#notifications) === 'in-app') {
      this.#options.onNotificationFallback(notification);
      return;
    }
    const shown = new Notification({ title: notification.title, body: notification.body });
    const { item } = notification;
    if (item) shown.on('click', () => this.#options.onOpenItem(item));
    shown.on('close', () => this.#shown.delete(shown));
    // macOS (UNUserNotificationCenter: an unsigned app, notifications turned off) and Windows
    // report a notification they could not show; it is then shown in the window.
    shown.on('failed', (_event, error) => {
      this.#shown.delete(shown);
      this.#notifications = { ...this.#notifications, hasFailed: true };
      this.#options.onNotificationFallback(notification, error);
    });
    this.#shown.add(shown);
    shown.show();
  }

  setProgress(fraction: number | undefined): void {
    // -1 removes the bar (taskbar on Windows, dock on macOS, launcher on Unity).
    this.#options.window()?.setProgressBar(fraction ?? -1);
  }

  #openDialog(options: OpenDialogOptions) {
    const window = this.#options.window();
    return window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options);
  }
}
