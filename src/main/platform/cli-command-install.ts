import { posix, win32 } from 'node:path';
import { posixLauncher, windowsLauncher } from './cli-launcher-scripts';

/*
 * Where "Install the databridge command" puts what, per platform, as VS Code installs `code`:
 * on macOS a launcher in the app's data folder and a symlink to it in /usr/local/bin; on
 * Windows a databridge.cmd in a folder of its own, added to the user's PATH; on Linux a
 * launcher in ~/.local/bin. Each launcher runs the bundled command line that the app ships
 * outside its asar archive (electron-builder.yml, extraResources), where plain Node reads it.
 */

/** The bundle in the packaged app's resources folder (electron-builder.yml, extraResources). */
export const CLI_RESOURCE = 'cli/databridge.cjs';
/** The bundle in a checkout, where `npm run build` writes it (package.json's `bin`). */
export const CLI_BUILD_OUTPUT = 'out/cli/databridge.cjs';

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
  /** The bundle the launcher runs. */
  readonly bundle: string;
  /** Copy the app's bundle from here to `bundle` first (an AppImage's files move each start). */
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
  const shipped = facts.isPackaged
    ? path.join(facts.resourcesPath, ...CLI_RESOURCE.split('/'))
    : path.join(facts.appPath, ...CLI_BUILD_OUTPUT.split('/'));
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
      const bundle = appImage ? path.join(facts.userDataDir, ...CLI_RESOURCE.split('/')) : shipped;
      const folder = path.join(facts.homeDir, '.local', 'bin');
      return {
        bundle,
        ...(appImage ? { copyFrom: shipped } : {}),
        launcher: { path: path.join(folder, COMMAND), text: posixLauncher(bundle) },
        ...(isOnPath(folder, pathValue, 'linux') ? {} : { missingFromPath: folder }),
      };
    }
    default:
      return { unsupported: `The databridge command cannot be installed on ${facts.platform}.` };
  }
}
