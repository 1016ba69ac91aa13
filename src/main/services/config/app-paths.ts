import { homedir } from 'node:os';
import { join } from 'node:path';

/*
 * The data folder's layout, named here and nowhere else: where the app and the command line
 * keep profiles, settings, the audit trail, journals and histories
 * (test/unit/repo/data-folder-layout.test.ts holds that no other module names a place in it).
 */

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

/** `<dataDir>/open-connections.json`: the connections open when the app last closed. */
export function openConnectionsFile(dataDir: string): string {
  return join(dataDir, 'open-connections.json');
}

/**
 * `<dataDir>/audit`: the audit trail. The app and the command line use the same data folder
 * (the CLI's `--data-dir` defaults to the app's), so both append to one trail.
 */
export function auditDir(dataDir: string): string {
  return join(dataDir, 'audit');
}

/** `<dataDir>/monitor`: the always-on monitor's history. */
export function monitorHistoryDir(dataDir: string): string {
  return join(dataDir, 'monitor');
}

/** `<dataDir>/monitor-serve/history`: `monitor serve`'s history where systemd names no state folder. */
export function serveHistoryDir(dataDir: string): string {
  return join(dataDir, 'monitor-serve', 'history');
}

/**
 * `<dataDir>/cli`: what the command line keeps of its own (its transfers' journals), beside
 * the app's and not among them, so the app never resumes a transfer a command runs.
 */
export function cliFolder(dataDir: string): string {
  return join(dataDir, 'cli');
}

/** `<folder>/transfers`: the journals of the transfer service whose folder this is. */
export function transfersDir(folder: string): string {
  return join(folder, 'transfers');
}

/** The transfer journals: the app's `<dataDir>/transfers`, the command line's `<dataDir>/cli/transfers`. */
export function journalFolders(dataDir: string): { app: string; cli: string } {
  return { app: transfersDir(dataDir), cli: transfersDir(cliFolder(dataDir)) };
}
