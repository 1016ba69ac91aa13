import { spawnSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type ElectronApplication, type Page } from '@playwright/test';
import {
  desktopEntryProblems,
  RUN_KEY,
  runValueProblems,
  runValuesFrom,
} from '../../scripts/ci/check-login-item.mjs';
import { DEV_LOGIN_ITEM_VARIABLE, loginLaunchFor } from '../../src/main/platform/login-item-plan';
import { electronOrSkipReason, REQUIRE_ELECTRON_VARIABLE } from './electron-binary';
import { freshHome, launchApp } from './electron-app';

/*
 * Start with the session, on the real OS: the setting turned on through the app's IPC makes
 * the system start the app hidden at sign-in, and turned off removes that. The login item is
 * read where the system keeps it: the Run key (`reg query`) and Electron's own reading on
 * Windows, the XDG autostart entry on Linux, `app.getLoginItemSettings()` on macOS (where
 * nothing outside the app reads an SMAppService item reliably: README, "Start with the
 * session"). The run from this checkout registers its Electron binary with the app's folder
 * (DATABRIDGE_LOGIN_ITEM_IN_DEV=1), as an installed app registers itself.
 *
 * With DATABRIDGE_LOGIN_ITEM_HOME (the real-OS workflow), the test runs under that folder and
 * leaves the item on at the end, for scripts/ci/check-login-item.mjs to read it from outside.
 */

/** What the test reads of Electron's app module in main. */
interface LoginItemModules {
  app: {
    getAppPath(): string;
    getLoginItemSettings(options?: { path?: string; args?: string[] }): {
      openAtLogin: boolean;
      status?: string;
    };
  };
}

const binary = electronOrSkipReason();
const LEFT_ON_HOME = process.env['DATABRIDGE_LOGIN_ITEM_HOME'];

/**
 * Why this test does not run here: no binary, or a system where the login items are the
 * account's own (Linux's move with XDG_CONFIG_HOME into the test's home; Windows' Run key
 * and macOS's login items do not), which only the workflow's throwaway runners may change.
 */
function skipReason(): string | undefined {
  if ('reason' in binary) return binary.reason;
  if (process.platform !== 'linux' && process.env[REQUIRE_ELECTRON_VARIABLE] !== '1') {
    return `it would change this account's own login items; it runs where ${REQUIRE_ELECTRON_VARIABLE}=1 (the real-OS workflow's runners)`;
  }
  return undefined;
}
const reason = skipReason();
if (reason !== undefined) console.log(`Login item test skipped: ${reason}`);

/** Where the app runs, read inside it (the paths it registers are its own). */
interface AppPlace {
  readonly execPath: string;
  readonly appPath: string;
}

/** The login item as the system has it: `on` (hidden at sign-in), `off`, or what is wrong. */
async function loginItemState(
  app: ElectronApplication,
  home: string,
  place: AppPlace,
): Promise<string> {
  if (process.platform === 'linux') {
    const file = join(home, 'config', 'autostart', 'databridge.desktop');
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) return 'off';
    const problems = desktopEntryProblems(text, place.execPath);
    return problems.length === 0 ? 'on' : problems.join('; ');
  }
  if (process.platform === 'darwin') {
    const { status } = await app.evaluate((electron) =>
      (electron as unknown as LoginItemModules).app.getLoginItemSettings(),
    );
    // requires-approval: registered, waiting for the user in System Settings (still on).
    if (status === 'enabled' || status === 'requires-approval') return 'on';
    return status === 'not-registered' || status === 'not-found' ? 'off' : `status ${status}`;
  }
  const launch = loginLaunchFor({
    platform: 'win32',
    isPackaged: false,
    ...place,
    env: { [DEV_LOGIN_ITEM_VARIABLE]: '1' },
  });
  if ('reason' in launch) return launch.reason;
  const electronSays = await app.evaluate(
    (electron, query) =>
      (electron as unknown as LoginItemModules).app.getLoginItemSettings(query).openAtLogin,
    { path: launch.executable, args: [...launch.args] },
  );
  const query = spawnSync('reg', ['query', RUN_KEY], { encoding: 'utf8' });
  const problems = runValueProblems(runValuesFrom(query.stdout), place.execPath);
  if (electronSays && problems.length === 0) return 'on';
  if (!electronSays && problems[0]?.startsWith('no value')) return 'off';
  return `Electron says ${electronSays ? 'on' : 'off'}, the Run key: ${problems.join('; ') || 'on'}`;
}

/** Turns the setting on or off as the Settings view does, through the app's IPC. */
async function setStartAtLogin(window: Page, on: boolean): Promise<void> {
  const answer = await window.evaluate(
    `window.api.invoke('settings:update', { startAtLogin: ${on} })`,
  );
  expect(answer).toMatchObject({ ok: true, data: { startAtLogin: on } });
}

test('start with the session: the setting registers the login item, and off removes it', async () => {
  test.skip(reason !== undefined, reason);
  const path = 'path' in binary ? binary.path : '';
  const fresh = LEFT_ON_HOME ? undefined : await freshHome();
  const home = LEFT_ON_HOME ?? fresh?.home ?? '';
  await mkdir(home, { recursive: true });
  const launched = await launchApp(path, home, { [DEV_LOGIN_ITEM_VARIABLE]: '1' });
  const { app, window } = launched;
  try {
    const place: AppPlace = await app.evaluate((electron) => ({
      execPath: process.execPath,
      appPath: (electron as unknown as LoginItemModules).app.getAppPath(),
    }));
    const state = (): Promise<string> => loginItemState(app, home, place);
    expect(await state()).toBe('off');
    await setStartAtLogin(window, true);
    await expect.poll(state).toBe('on');
    await setStartAtLogin(window, false);
    await expect.poll(state).toBe('off');
    if (LEFT_ON_HOME && process.platform !== 'darwin') {
      // Left on for the workflow's outside check, which then removes it.
      await setStartAtLogin(window, true);
      await expect.poll(state).toBe('on');
    }
  } finally {
    await launched.close();
    await fresh?.remove();
  }
});
