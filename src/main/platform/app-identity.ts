/**
 * The app's identity towards Windows. Windows shows a desktop app's notifications, and groups
 * its windows under a pinned icon, only when the process's AppUserModelID matches the one on
 * its Start-menu shortcut; electron-builder's NSIS installer gives that shortcut the `appId`
 * of electron-builder.yml. Without the call, toasts go missing or carry the wrong name
 * (electron-builder #4783).
 */

/** electron-builder.yml's `appId` (a test holds the two equal). */
export const APP_ID = 'com.databridge.desktop';

/** Where the app runs, as far as the AppUserModelID is concerned. */
export interface IdentityContext {
  readonly platform: NodeJS.Platform;
  readonly isPackaged: boolean;
  /** process.execPath: the Electron binary when run from a checkout. */
  readonly execPath: string;
}

/**
 * The AppUserModelID to set, or undefined where the platform has none. A packaged app uses
 * the installer's `appId`; a run from a checkout has no installed shortcut, so it uses the
 * Electron binary's path, as Electron's notification guide advises for development.
 */
export function appUserModelIdFor(context: IdentityContext): string | undefined {
  if (context.platform !== 'win32') return undefined;
  return context.isPackaged ? APP_ID : context.execPath;
}
