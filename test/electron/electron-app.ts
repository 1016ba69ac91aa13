import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  _electron as electron,
  expect,
  type ElectronApplication,
  type Page,
} from '@playwright/test';
import { REQUIRE_ELECTRON_VARIABLE } from './electron-binary';

/** What the tests read of Electron's main-process modules (typed here: no DOM lib in tests). */
export interface MainModules {
  app: { getPath(name: string): string };
  clipboard: { readText(): string };
  nativeImage: {
    createFromPath(path: string): {
      isEmpty(): boolean;
      getScaleFactors(): number[];
      getSize(): { width: number; height: number };
    };
  };
  Notification: { isSupported(): boolean; prototype: { show: (this: Shown) => void } };
  BrowserWindow: { getAllWindows(): MainWindow[] };
  screen: { getPrimaryDisplay(): { workArea: Bounds } };
}

/** A notification as the app shows it (an Electron Notification, an EventEmitter). */
export interface Shown {
  title: string;
  body: string;
  once(event: 'show' | 'failed', listener: (event: unknown, error?: string) => void): void;
}

/** What became of a notification the app showed: the system showed it, or it failed. */
export interface NotificationOutcome {
  title: string;
  outcome: 'show' | 'failed';
  error?: string;
}

/** The little of a BrowserWindow the tests use. */
interface MainWindow {
  webContents: { getLastWebPreferences(): Record<string, unknown> | null };
  getNormalBounds(): Bounds;
  setBounds(bounds: Bounds): void;
  hide(): void;
  isVisible(): boolean;
}

/** A window's rectangle. */
export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A fresh folder standing in for the user's home, so no real app data is read or written. */
export async function freshHome(): Promise<{ home: string; remove: () => Promise<void> }> {
  const home = await mkdtemp(join(tmpdir(), 'databridge-electron-'));
  return { home, remove: () => rm(home, { recursive: true, force: true }) };
}

/**
 * The environment of an app run under `home`. HOME itself moves on Linux and Windows only:
 * on macOS the Security framework finds the login keychain under the real home, and a
 * moved HOME would leave the app with no keychain to reach (the app's data is moved by
 * {@link appArgs}' --user-data-dir on every system).
 */
export function appEnv(home: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return {
    ...env,
    ...(process.platform === 'darwin' ? {} : { HOME: home }),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
    APPDATA: join(home, 'appdata'),
  };
}

/**
 * The app's command line for a run under `home`: this checkout, and its own user-data folder
 * (Chromium's --user-data-dir, which Electron makes the `userData` path), so that no run
 * reads or writes the real one, nor shares the single-instance lock with it.
 */
export function appArgs(home: string): string[] {
  return [resolve('.'), `--user-data-dir=${join(home, 'user-data')}`];
}

/**
 * Whether the app runs with Chromium's sandbox. Playwright adds --no-sandbox on Linux unless
 * asked not to; the real-OS workflow sets up Electron's sandbox helper as users must, so
 * there the window runs sandboxed. macOS and Windows always run it.
 */
const CHROMIUM_SANDBOX = process.env[REQUIRE_ELECTRON_VARIABLE] === '1';

/** Whether the app's own `features.sandbox` should say the sandbox is on. */
export const SANDBOXED = CHROMIUM_SANDBOX || process.platform !== 'linux';

/** The app, launched from this checkout's build, with its first window. */
export interface LaunchedApp {
  readonly app: ElectronApplication;
  readonly window: Page;
  /** Quits the app (as the user would) and waits for the process to end. */
  close(): Promise<void>;
}

/** Launches the built app (out/) with `executablePath` under `home`, `env` added to its own. */
export async function launchApp(
  executablePath: string,
  home: string,
  env: Record<string, string> = {},
): Promise<LaunchedApp> {
  const app = await electron.launch({
    executablePath,
    args: appArgs(home),
    env: { ...appEnv(home), ...env },
    chromiumSandbox: CHROMIUM_SANDBOX,
  });
  const window = await app.firstWindow();
  return {
    app,
    window,
    close: async () => {
      if (app.process().exitCode !== null) return;
      await app.close();
    },
  };
}

/** Opens the built-in emulator connection from the connection screen. */
export async function openEmulator(window: Page): Promise<void> {
  await expect(window.getByTestId('connection-screen')).toBeVisible();
  await window.getByTestId('try-emulator').first().click();
  await expect(window.getByText('sql-eu-dev-01', { exact: true }).first()).toBeVisible();
}

/** Opens a view through jump-to (Ctrl+P, or Cmd+P on macOS). */
export async function jumpTo(window: Page, query: string, view: string): Promise<void> {
  await window.keyboard.press('ControlOrMeta+p');
  const input = window.getByTestId('jump-to').getByTestId('quick-pick-input').locator('input');
  await input.fill(query);
  await window.keyboard.press('Enter');
  await expect(window.getByTestId(view)).toBeVisible();
}
