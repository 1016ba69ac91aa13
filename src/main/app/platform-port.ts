import type { AppInfo, AppShellKind } from '../../shared/ipc/app-channels';
import type { OpenItem } from '../../shared/ipc/events';

/** A file filter of an open dialog. */
export interface FileFilter {
  readonly name: string;
  readonly extensions: readonly string[];
}

/** A native notification; `item` is what a click opens. */
export interface AppNotification {
  readonly title: string;
  readonly body: string;
  readonly item?: OpenItem;
}

/**
 * What the app needs from the shell it runs in. Electron implements it with dialogs, shell,
 * notifications and the taskbar (`src/main/platform/electron-platform.ts`); the browser
 * harness implements it for tests (`test/harness/harness-platform.ts`). Handlers call only
 * this port, so both shells run the same handlers.
 */
export interface PlatformPort {
  readonly shell: AppShellKind;
  readonly features: AppInfo['features'];
  /** Files the user picked; empty when cancelled. */
  chooseFiles(options: {
    title?: string;
    filters?: readonly FileFilter[];
    multiple?: boolean;
  }): Promise<string[]>;
  /** A folder the user picked; undefined when cancelled. */
  chooseFolder(options: { title?: string; defaultPath?: string }): Promise<string | undefined>;
  /**
   * A file name to save to, which the user confirmed replacing if it exists; undefined when
   * cancelled.
   */
  chooseSaveFile(options: {
    title?: string;
    defaultPath?: string;
    filters?: readonly FileFilter[];
  }): Promise<string | undefined>;
  /** Opens a file or folder with the default application. */
  openPath(path: string): Promise<void>;
  /** Shows a file in the file manager. */
  showItemInFolder(path: string): void;
  /** Opens an (already allowed) https URL in the browser. */
  openExternal(url: string): Promise<void>;
  /** Starts dragging files out of the window. */
  startDrag(paths: readonly string[]): void;
  /** Shows a native notification (a no-op where there are none). */
  notify(notification: AppNotification): void;
  /** Taskbar or dock progress: a fraction 0..1, or undefined to clear it. */
  setProgress(fraction: number | undefined): void;
}
