import { isAbsolute, resolve } from 'node:path';
import { databaseFilesIn } from '../app/launch-files';

/**
 * What the running app does when the user starts it again (a double-click on the icon, a
 * file opened with it in Explorer or a file manager, `databridge-desktop file.bak` in a
 * terminal): only one instance owns the data folder and the keychain entries, so the second
 * one hands over and exits, and the first shows its window and takes the files.
 */

/** A second instance's start, as Electron's `second-instance` event reports it. */
export interface SecondLaunch {
  readonly argv: readonly string[];
  /** The second instance's working directory: relative paths on its command line are from here. */
  readonly workingDirectory: string;
}

/** What the first instance does about a second launch. */
export interface SecondLaunchPlan {
  /** Always: the user asked for the app, so its window comes to the front (or opens). */
  readonly showWindow: true;
  /** The database files named on the second command line, as absolute paths. */
  readonly files: string[];
}

/**
 * The plan for a second launch: show the window, and take the database files it names.
 * Relative paths are resolved against the second instance's folder, not ours; flags
 * (`--foo`) and other words are left alone.
 */
export function secondLaunchPlan(launch: SecondLaunch): SecondLaunchPlan {
  const paths = launch.argv.map((arg) =>
    arg.startsWith('-') || isAbsolute(arg) ? arg : resolve(launch.workingDirectory, arg),
  );
  return { showWindow: true, files: databaseFilesIn(paths) };
}
