import { posix, win32 } from 'node:path';
import { posixLauncher, windowsLauncher } from './cli-launcher-scripts';

/*
 * Where "Install the databridge command" puts what, per platform, as VS Code installs `code`:
 * on macOS a launcher in the app's data folder and a symlink to it in /usr/local/bin; on
 * Windows a databridge.cmd in a folder of its own, added to the user's PATH; on Linux a
 * launcher in ~/.local/bin. Each launcher runs the bundled command line that the app ships
 * outside its asar archive (electron-builder.yml, extraResources), where plain Node reads it.
 */

/**
 * The command's files, kept together in one folder (scripts/build-cli.mjs): the entry the
 * launcher runs, which turns on Node's compile cache, then the bundles it requires from beside
 * itself.
 */
export const CLI_FILES = [
  'databridge.cjs',
  'databridge-main.cjs',
  'databridge-run.cjs',
  'databridge-deps.cjs',
  'quickjs.wasm',
] as const;
/** Their folder in the packaged app's resources folder (electron-builder.yml, extraResources). */
export const CLI_RESOURCE_DIR = 'cli';
/** Their folder in a checkout, where `npm run build` writes them (package.json's `bin`). */
export const CLI_BUILD_DIR = 'out/cli';

/** What the plan is made from: the app's paths and the environment. */
export interface CliInstallFacts {
  readonly platform: NodeJS.Platform;
  /** The app's name (app.getName()), for its folders. */
  readonly appName: string;
  /** app.isPackaged: false when the app runs from a checkout (npm start). */
  readonly isPackaged: boolean;
  /** process.resourcesPath. */
  readonly resourcesPath: string;
  /** app.getAppPath(): the checkout when not packaged. */
  readonly appPath: string;
  /** app.getPath('home'). */
  readonly homeDir: string;
  /** app.getPath('userData'). */
  readonly userDataDir: string;
  /** PATH, LOCALAPPDATA (Windows), APPIMAGE (set inside an AppImage). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** What to write, copy and link, in that order. */
export interface CliInstallPlan {
  /** The entry the launcher runs (CLI_FILES[0]); the rest of CLI_FILES is in its folder. */
  readonly bundle: string;
  /**
   * Copy CLI_FILES from this folder into the folder of `bundle` first (an AppImage's files
   * move each start).
   */
  readonly copyFrom?: string;
  /** The launcher script: executable on macOS and Linux. */
  readonly launcher: { readonly path: string; readonly text: string };
  /** macOS: a symlink on the PATH to the launcher. */
  readonly link?: { readonly path: string; readonly target: string };
  /** The launcher's folder when the PATH lacks it: Windows adds it for the user, Linux says so. */
  readonly missingFromPath?: string;
}

/** The command's name on the PATH. */
const COMMAND = 'databridge';
/** macOS: where the link goes (on the PATH of every shell, as VS Code's `code`). */
const MAC_LINK = '/usr/local/bin/databridge';

/** True when `folder` is one of the entries of `pathValue` (case-insensitive on Windows). */
export function isOnPath(folder: string, pathValue: string, platform: NodeJS.Platform): boolean {
  const windows = platform === 'win32';
  const tidy = (entry: string): string => {
    const trimmed = entry.trim().replace(windows ? /[\\/]+$/ : /\/+$/, '');
    return windows ? trimmed.toLowerCase() : trimmed;
  };
  const wanted = tidy(folder);
  return pathValue.split(windows ? ';' : ':').some((entry) => tidy(entry) === wanted);
}

/** The plan for this platform, or why the command cannot be installed here. */
export function cliInstallPlan(facts: CliInstallFacts): CliInstallPlan | { unsupported: string } {
  const path = facts.platform === 'win32' ? win32 : posix;
  const shippedDir = facts.isPackaged
    ? path.join(facts.resourcesPath, CLI_RESOURCE_DIR)
    : path.join(facts.appPath, ...CLI_BUILD_DIR.split('/'));
  const shipped = path.join(shippedDir, CLI_FILES[0]);
  const pathValue = facts.env['PATH'] ?? facts.env['Path'] ?? '';
  switch (facts.platform) {
    case 'darwin': {
      const launcher = path.join(facts.userDataDir, 'bin', COMMAND);
      return {
        bundle: shipped,
        launcher: { path: launcher, text: posixLauncher(shipped) },
        link: { path: MAC_LINK, target: launcher },
      };
    }
    case 'win32': {
      const local = facts.env['LOCALAPPDATA'] ?? path.join(facts.homeDir, 'AppData', 'Local');
      const folder = path.join(local, facts.appName, 'bin');
      return {
        bundle: shipped,
        launcher: { path: path.join(folder, `${COMMAND}.cmd`), text: windowsLauncher(shipped) },
        ...(isOnPath(folder, pathValue, 'win32') ? {} : { missingFromPath: folder }),
      };
    }
    case 'linux': {
      // An AppImage is mounted at a new /tmp/.mount_* folder on each start: the launcher runs
      // a copy kept in the data folder (installed again after an update).
      const appImage = facts.isPackaged && facts.env['APPIMAGE'] !== undefined;
      const bundle = appImage
        ? path.join(facts.userDataDir, CLI_RESOURCE_DIR, CLI_FILES[0])
        : shipped;
      const folder = path.join(facts.homeDir, '.local', 'bin');
      return {
        bundle,
        ...(appImage ? { copyFrom: shippedDir } : {}),
        launcher: { path: path.join(folder, COMMAND), text: posixLauncher(bundle) },
        ...(isOnPath(folder, pathValue, 'linux') ? {} : { missingFromPath: folder }),
      };
    }
    default:
      return { unsupported: `The databridge command cannot be installed on ${facts.platform}.` };
  }
}
