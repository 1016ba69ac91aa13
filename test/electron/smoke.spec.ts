import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { META_CONTENT_SECURITY_POLICY } from '../../src/main/app/csp';
import { findElectronBinary } from './electron-binary';

/** What the test reads of Electron's main-process modules (typed here: no DOM lib in tests). */
interface MainModules {
  BrowserWindow: {
    getAllWindows(): { webContents: { getLastWebPreferences(): Record<string, unknown> | null } }[];
  };
}
/** What the test reads of the page. */
interface PageGlobals {
  document: {
    querySelector(selector: string): { getAttribute(name: string): string | null } | null;
  };
}

const binary = findElectronBinary();
if ('reason' in binary) console.log(`Electron smoke test skipped: ${binary.reason}`);

test('the window opens securely, the local emulator lists its instances, and the app quits', async () => {
  if ('reason' in binary) {
    test.skip(true, binary.reason);
    return;
  }
  // A fresh profile folder: nothing of the user's own app data is read or written.
  const home = await mkdtemp(join(tmpdir(), 'databridge-electron-'));
  const app = await electron.launch({
    executablePath: binary.path,
    args: [resolve('.')],
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      APPDATA: join(home, 'appdata'),
    },
  });
  try {
    const window = await app.firstWindow();
    await expect(window.getByTestId('connection-screen')).toBeVisible();
    // The window's security settings, read from inside Electron (main process).
    const preferences = await app.evaluate((electron) => {
      const { BrowserWindow } = electron as unknown as MainModules;
      const prefs = BrowserWindow.getAllWindows()[0]?.webContents.getLastWebPreferences();
      return {
        contextIsolation: prefs?.contextIsolation,
        sandbox: prefs?.sandbox,
        nodeIntegration: prefs?.nodeIntegration,
        nodeIntegrationInSubFrames: prefs?.nodeIntegrationInSubFrames,
        webviewTag: prefs?.webviewTag,
        webSecurity: prefs?.webSecurity,
      };
    });
    expect(preferences).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
    });
    // The page: our CSP in force, no Node in the page.
    const page = await window.evaluate(() => ({
      csp: (globalThis as unknown as PageGlobals).document
        .querySelector('meta[http-equiv="Content-Security-Policy"]')
        ?.getAttribute('content'),
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
    }));
    expect(page.csp?.replace(/\s+/g, ' ').trim()).toBe(META_CONTENT_SECURITY_POLICY);
    expect(page).toMatchObject({ require: 'undefined', process: 'undefined' });
    expect(await window.evaluate(() => typeof (window as { api?: unknown }).api)).toBe('object');
    // The bridge offers invoke/on/getPathForFile only: no ipcRenderer in the page.
    expect(
      await window.evaluate(() => Object.keys((window as unknown as { api: object }).api).sort()),
    ).toEqual(['getPathForFile', 'invoke', 'on']);
    await window.getByTestId('try-emulator').first().click();
    for (const name of ['sql-eu-prod-01', 'sql-eu-dev-01', 'sql-eu-test-01']) {
      await expect(window.getByText(name, { exact: true }).first()).toBeVisible();
    }
    await window.screenshot({ path: 'artifacts/screenshots/electron-instances.png' });
    await app.close();
    expect(app.process().exitCode ?? app.process().signalCode).not.toBeNull();
  } finally {
    if (app.process().exitCode === null) await app.close();
    await rm(home, { recursive: true, force: true });
  }
});
