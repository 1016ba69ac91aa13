import { homedir } from 'node:os';
import { join } from 'node:path';

/** The app's product name, which is also the name of its data folder. */
const APP_FOLDER_NAME = 'DataBridge Desktop';

/**
 * The app's data folder as Electron's `app.getPath('userData')` computes it, without Electron
 * (the CLI runs under plain Node): `%APPDATA%\DataBridge Desktop` on Windows,
 * `~/Library/Application Support/DataBridge Desktop` on macOS, and
 * `$XDG_CONFIG_HOME/DataBridge Desktop` (default `~/.config/...`) elsewhere.
 */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: Readonly<Record<string, string | undefined>> = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32') {
    return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
  }
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
  return join(env['XDG_CONFIG_HOME'] || join(home, '.config'), APP_FOLDER_NAME);
}

/** `<dataDir>/profiles.json`. */
export function profilesFile(dataDir: string): string {
  return join(dataDir, 'profiles.json');
}

/** The app's log file in its logs folder (Electron's `app.getPath('logs')`). */
export function mainLogFile(logsDir: string): string {
  return join(logsDir, 'main.log');
}

/**
 * The app's log file as Electron places its logs folder, without Electron: inside the data
 * folder (`<dataDir>/logs`) on Windows and Linux, `~/Library/Logs/DataBridge Desktop` on macOS.
 */
export function defaultMainLogFile(
  dataDir: string,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const logsDir =
    platform === 'darwin' ? join(home, 'Library', 'Logs', APP_FOLDER_NAME) : join(dataDir, 'logs');
  return mainLogFile(logsDir);
}

/** `<dataDir>/settings.json`. */
export function settingsFile(dataDir: string): string {
  return join(dataDir, 'settings.json');
}

/** `<dataDir>/updates.json`: when the updater last checked (the About box). */
export function updatesFile(dataDir: string): string {
  return join(dataDir, 'updates.json');
}

/** The transfer journals: the app's `<dataDir>/transfers`, the command line's `<dataDir>/cli/transfers`. */
export function journalFolders(dataDir: string): { app: string; cli: string } {
  return { app: join(dataDir, 'transfers'), cli: join(dataDir, 'cli', 'transfers') };
}
