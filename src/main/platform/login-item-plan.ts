/*
 * Start with the session: what the app registers so that the system starts it when the user
 * signs in, and whether this start is one of those. Pure decisions; login-item.ts only calls
 * Electron with their answers, and services/autostart/ writes the Linux entry.
 *
 * What Electron offers, checked against its docs and tracker:
 * - Windows: `app.setLoginItemSettings` writes a value under
 *   HKCU\Software\Microsoft\Windows\CurrentVersion\Run named by `name`, defaulting to the
 *   AppUserModelID, holding `path` and `args` joined by spaces (shell/browser/browser_win.cc,
 *   FormatCommandLineString: arguments are not quoted for us, hence "take care to wrap paths
 *   in quotes" in the docs). `getLoginItemSettings({ path, args }).openAtLogin` reads the value
 *   named by the AppUserModelID only, and is true when it equals that command exactly; so we
 *   pass no `name` (a custom one would never read back as set).
 * - macOS 13 and later: the same call registers the app bundle with SMAppService (type
 *   `mainAppService`, electron/electron#37244). `openAsHidden` is gone there (deprecated,
 *   "does not work on macOS 13 and up", electron/electron#37228) and SMAppService passes no
 *   arguments, so the hidden start cannot travel as a flag. `wasOpenedAtLogin` was restored
 *   on SMAppService (electron/electron#42411, Electron 29 and later): a start it reports is
 *   a hidden one. `status` says `requires-approval` when the user turned the item off in
 *   System Settings > General > Login Items; the app does not fight that.
 * - Linux has no Electron API: an XDG autostart entry (services/autostart/).
 */

/** The flag a start at login carries on Windows and Linux: no window, the tray and the monitor. */
export const HIDDEN_FLAG = '--hidden';

/**
 * Set to `1`, a run from a checkout registers itself too (the Electron binary with the app's
 * folder): for the Electron smoke test, which checks the login item on each real OS. Without
 * it a development run registers nothing, so that trying the setting in `npm run dev` does not
 * leave the Electron binary starting at every sign-in.
 */
export const DEV_LOGIN_ITEM_VARIABLE = 'DATABRIDGE_LOGIN_ITEM_IN_DEV';

/** How the app runs, as far as its start at login is concerned. */
export interface LaunchContext {
  readonly platform: NodeJS.Platform;
  /** app.isPackaged: false for a run from a checkout (`npm run dev`, the smoke test). */
  readonly isPackaged: boolean;
  /** process.execPath: the app's binary, or the Electron binary of a checkout. */
  readonly execPath: string;
  /** app.getAppPath(): the folder a checkout's Electron binary is given. */
  readonly appPath: string;
  /** process.mas: a Mac App Store build, which this project does not make. */
  readonly isMas?: boolean;
  /**
   * `APPIMAGE` and `APPDIR` (the .AppImage file and its mount: process.execPath is inside
   * the mount, gone after it exits), `PORTABLE_EXECUTABLE_FILE` (electron-builder's portable Windows target: the .exe
   * the user has, not its extracted copy) and {@link DEV_LOGIN_ITEM_VARIABLE}.
   */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * The command the system runs at sign-in: the executable and its arguments, each already
 * quoted as the Run value needs on Windows, plain on Linux and macOS.
 */
export interface LoginLaunch {
  readonly executable: string;
  readonly args: readonly string[];
}

/** Why this run registers nothing. */
export interface NoLaunch {
  readonly reason: string;
}

/**
 * A word of the one command string of the Run value, in quotes when it has a space (a Windows
 * path cannot hold a quote itself). Electron writes `path` and `args` as given, unquoted, so
 * the installed `...\DataBridge Desktop\DataBridge Desktop.exe` would otherwise be an
 * unquoted path with spaces, which Windows splits at the first space it can run.
 */
function windowsArgument(word: string): string {
  return /\s/.test(word) ? `"${word}"` : word;
}

/**
 * The AppImage file this process runs from: `APPIMAGE`, when this binary is inside the mount
 * the AppImage runtime names in `APPDIR` (an `APPIMAGE` inherited from another AppImage that
 * started this one is not ours). The type 2 runtime sets both (docs.appimage.org, "Environment
 * variables").
 */
function appImageOf(context: LaunchContext): string | undefined {
  const { APPIMAGE: file, APPDIR: mount } = context.env;
  if (!file || !mount) return undefined;
  return context.execPath.startsWith(`${mount.replace(/\/+$/, '')}/`) ? file : undefined;
}

/**
 * The command to register, or why there is none: a run from a checkout (unless
 * {@link DEV_LOGIN_ITEM_VARIABLE} asks for it), a Mac App Store build, a system without a
 * login item.
 */
export function loginLaunchFor(context: LaunchContext): LoginLaunch | NoLaunch {
  const { platform, env } = context;
  if (platform !== 'win32' && platform !== 'darwin' && platform !== 'linux') {
    return { reason: `Starting with the session is not offered on ${platform}` };
  }
  if (context.isMas) return { reason: 'A Mac App Store build is not made by this project' };
  const isDev = !context.isPackaged;
  if (isDev && env[DEV_LOGIN_ITEM_VARIABLE] !== '1') {
    return {
      reason: `A run from a checkout registers no login item (set ${DEV_LOGIN_ITEM_VARIABLE}=1 to register this Electron binary)`,
    };
  }
  // macOS registers the running app bundle itself; Electron ignores path and args there.
  if (platform === 'darwin') return { executable: context.execPath, args: [] };
  if (platform === 'linux') {
    // The autostart writer quotes the command as the Desktop Entry spec says.
    const executable = appImageOf(context) ?? context.execPath;
    return { executable, args: [...(isDev ? [context.appPath] : []), HIDDEN_FLAG] };
  }
  const executable = env['PORTABLE_EXECUTABLE_FILE'] || context.execPath;
  return {
    executable: windowsArgument(executable),
    args: [...(isDev ? [windowsArgument(context.appPath)] : []), HIDDEN_FLAG],
  };
}

/** The login item as Electron reports it (`app.getLoginItemSettings`). */
export interface CurrentLoginItem {
  /** Windows: our Run value holds exactly this command. macOS: registered. */
  readonly openAtLogin: boolean;
  /** macOS: `not-registered`, `enabled`, `requires-approval` or `not-found`. */
  readonly status?: string;
}

/** What `app.setLoginItemSettings` is given (path and args count on Windows only). */
interface LoginItemSettingsCall {
  readonly openAtLogin: boolean;
  readonly path?: string;
  readonly args?: string[];
}

/** What to do about the login item now. */
export type LoginItemAction =
  | { readonly kind: 'none'; readonly reason: string }
  | { readonly kind: 'loginItem'; readonly settings: LoginItemSettingsCall }
  | { readonly kind: 'autostart'; readonly exec: readonly string[] | undefined };

/** What {@link loginItemActionFor} decides from. */
export interface LoginItemDecision {
  readonly platform: NodeJS.Platform;
  /** The startAtLogin setting. */
  readonly wanted: boolean;
  readonly launch: LoginLaunch | NoLaunch;
  /** Windows and macOS: the login item now; Linux: unused (the writer compares the file). */
  readonly current?: CurrentLoginItem;
}

/**
 * What to do for the setting: nothing when the system already does what it says (so that a
 * start or an unrelated settings change writes nothing, and a login item the user turned off
 * in the system's own settings is not turned back on behind their back), the arguments of
 * `app.setLoginItemSettings` on Windows and macOS, the autostart entry's command (or its
 * removal, `exec: undefined`) on Linux.
 */
export function loginItemActionFor(decision: LoginItemDecision): LoginItemAction {
  const { platform, wanted, launch, current } = decision;
  if ('reason' in launch) return { kind: 'none', reason: launch.reason };
  if (platform === 'linux')
    return { kind: 'autostart', exec: wanted ? [launch.executable, ...launch.args] : undefined };
  if (platform === 'darwin' && current?.status === 'requires-approval') {
    // Registered, but turned off by the user in System Settings: asking again would not turn
    // it on; turning the setting off removes it.
    return wanted
      ? {
          kind: 'none',
          reason:
            'The login item is off in System Settings > General > Login Items: turn DataBridge Desktop on there',
        }
      : { kind: 'loginItem', settings: { openAtLogin: false } };
  }
  if (current?.openAtLogin === wanted) {
    return {
      kind: 'none',
      reason: wanted ? 'The login item is in place' : 'There is no login item',
    };
  }
  if (platform === 'darwin') return { kind: 'loginItem', settings: { openAtLogin: wanted } };
  return {
    kind: 'loginItem',
    settings: { openAtLogin: wanted, path: launch.executable, args: [...launch.args] },
  };
}

/** What says how this process was started. */
export interface StartContext {
  readonly platform: NodeJS.Platform;
  /** process.argv. */
  readonly argv: readonly string[];
  /** macOS: `app.getLoginItemSettings().wasOpenedAtLogin`; elsewhere false. */
  readonly wasOpenedAtLogin: boolean;
}

/**
 * Whether this start is a start at login, which opens no window (the tray and the monitor
 * run): the flag on Windows and Linux, macOS's own word there (it passes no arguments).
 */
export function startsHidden(context: StartContext): boolean {
  if (context.argv.slice(1).includes(HIDDEN_FLAG)) return true;
  return context.platform === 'darwin' && context.wasOpenedAtLogin;
}
