import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { META_CONTENT_SECURITY_POLICY } from '../../src/main/app/csp';
import { TRAY_IMAGE_FOLDER, trayImageFor } from '../../src/main/platform/tray-image';
import { writeSampleDatabaseFile } from '../support/sample-files';
import { electronOrSkipReason } from './electron-binary';
import {
  appArgs,
  appEnv,
  freshHome,
  jumpTo,
  launchApp,
  openEmulator,
  SANDBOXED,
  type Bounds,
  type MainModules,
  type NotificationOutcome,
  type Shown,
} from './electron-app';

/*
 * The Electron smoke test: the real window, preload, IPC, clipboard, keychain, tray,
 * notifications and single-instance lock, wherever the Electron binary is installed. Each
 * test starts the app under a fresh home folder.
 */

/** What the test reads of the page. */
interface PageGlobals {
  document: {
    querySelector(selector: string): { getAttribute(name: string): string | null } | null;
  };
}

// Where DATABRIDGE_REQUIRE_ELECTRON=1 (the real-OS workflow) a missing binary throws here.
const binary = electronOrSkipReason();
if ('reason' in binary) console.log(`Electron smoke test skipped: ${binary.reason}`);

/** The Electron executable, or the test is skipped with the reason. */
function electronPath(): string {
  if ('reason' in binary) {
    test.skip(true, binary.reason);
    throw new Error(binary.reason);
  }
  return binary.path;
}

const DEV = 'sql-eu-dev-01';

test.describe.configure({ mode: 'serial' });

test('the window opens securely, the local emulator lists its instances, and the app quits', async () => {
  const path = electronPath();
  const { home, remove } = await freshHome();
  const launched = await launchApp(path, home);
  const { app, window } = launched;
  try {
    await expect(window.getByTestId('connection-screen')).toBeVisible();
    // The window's security settings, read from inside Electron (main process).
    const preferences = await app.evaluate((electron) => {
      const { BrowserWindow } = electron as unknown as MainModules;
      const prefs = BrowserWindow.getAllWindows()[0]?.webContents.getLastWebPreferences();
      return {
        contextIsolation: prefs?.['contextIsolation'],
        sandbox: prefs?.['sandbox'],
        nodeIntegration: prefs?.['nodeIntegration'],
        nodeIntegrationInSubFrames: prefs?.['nodeIntegrationInSubFrames'],
        webviewTag: prefs?.['webviewTag'],
        webSecurity: prefs?.['webSecurity'],
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
    // The bridge offers invoke/on/getPathForFile only: no ipcRenderer in the page.
    expect(
      await window.evaluate(() => Object.keys((window as unknown as { api: object }).api).sort()),
    ).toEqual(['getPathForFile', 'invoke', 'on']);
    // The app says whether Chromium's sandbox is on (app.commandLine, read in main).
    const info = await window.evaluate(`window.api.invoke('app:getInfo', {})`);
    expect(info).toMatchObject({ ok: true, data: { features: { sandbox: SANDBOXED } } });
    // The About box's versions come from Electron itself.
    expect(info).toMatchObject({
      data: { versions: { electron: expect.any(String), chromium: expect.any(String) } },
    });
    // Run from a checkout, the app does not update itself and says why (electron-updater,
    // bundled into main, loaded with it all the same).
    const updates = await window.evaluate(`window.api.invoke('updates:getStatus', {})`);
    expect(updates).toMatchObject({
      ok: true,
      data: { state: { status: 'disabled', reason: 'source' } },
    });
    await openEmulator(window);
    for (const name of ['sql-eu-prod-01', 'sql-eu-dev-01', 'sql-eu-test-01']) {
      await expect(window.getByText(name, { exact: true }).first()).toBeVisible();
    }
    await window.screenshot({ path: 'artifacts/screenshots/electron-instances.png' });
    await app.close();
    expect(app.process().exitCode ?? app.process().signalCode).not.toBeNull();
  } finally {
    await launched.close();
    await remove();
  }
});

test('Copy puts the value on the clipboard, the keychain answers, the tray has its image', async () => {
  const path = electronPath();
  const { home, remove } = await freshHome();
  const launched = await launchApp(path, home);
  const { app, window } = launched;
  try {
    const keychain = await window.evaluate(`window.api.invoke('session:getKeychainStatus', {})`);
    expect(keychain).toMatchObject({ ok: true, data: { available: true } });

    await openEmulator(window);
    await jumpTo(window, DEV, 'instance-overview');
    const endpoint = await window
      .getByTestId('instance-overview')
      .locator('.instance-overview__copy')
      .locator('xpath=preceding-sibling::*[1]')
      .innerText();
    expect(endpoint.length).toBeGreaterThan(0);
    await window.getByTestId('instance-overview').locator('.instance-overview__copy').click();
    await expect(window.getByText('Endpoint copied')).toBeVisible();
    await expect
      .poll(() =>
        app.evaluate((electron) => (electron as unknown as MainModules).clipboard.readText()),
      )
      .toBe(endpoint.trim());

    // The tray's image loads under Electron, with its 2x twin, at tray size.
    const trayFile = resolve('resources', TRAY_IMAGE_FOLDER, trayImageFor(process.platform).file);
    const image = await app.evaluate((electron, file) => {
      const loaded = (electron as unknown as MainModules).nativeImage.createFromPath(file);
      return { empty: loaded.isEmpty(), scales: loaded.getScaleFactors(), size: loaded.getSize() };
    }, trayFile);
    expect(image.empty).toBe(false);
    expect(image.scales).toEqual(expect.arrayContaining([1, 2]));
    expect(image.size).toEqual({ width: 16, height: 16 });
  } finally {
    await launched.close();
    await remove();
  }
});

test('start-up and a walk through three views raise no console error or CSP violation', async () => {
  const path = electronPath();
  const { home, remove } = await freshHome();
  const launched = await launchApp(path, home);
  const { window } = launched;
  const problems: string[] = [];
  window.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  window.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  try {
    // Seen from the first line on: the window's start-up again, with the listeners in place.
    await window.reload();
    await openEmulator(window);
    await jumpTo(window, DEV, 'instance-overview');
    await jumpTo(window, `databases ${DEV}`, 'database-table');
    await jumpTo(window, `sessions ${DEV}`, 'sessions-view');
    expect(problems).toEqual([]);
  } finally {
    await launched.close();
    await remove();
  }
});

test('the window comes back where it was left after a relaunch', async () => {
  const path = electronPath();
  const { home, remove } = await freshHome();
  try {
    const first = await launchApp(path, home);
    // Inside the primary display's work area, which fitToDisplays caps a window to: the
    // Windows runner's screen is 1024x768, less its taskbar.
    const area = await first.app.evaluate(
      (electron) => (electron as unknown as MainModules).screen.getPrimaryDisplay().workArea,
    );
    const wanted: Bounds = {
      x: area.x + 40,
      y: area.y + 40,
      width: Math.min(900, area.width - 80),
      height: Math.min(600, area.height - 80),
    };
    const stateFile = join(
      await first.app.evaluate((electron) =>
        (electron as unknown as MainModules).app.getPath('userData'),
      ),
      'window-state.json',
    );
    await first.app.evaluate((electron, bounds) => {
      (electron as unknown as MainModules).BrowserWindow.getAllWindows()[0]?.setBounds(bounds);
    }, wanted);
    // Saved once the window is still, on every platform (not only where `resized` fires).
    await expect
      .poll(async () => JSON.parse(await readFile(stateFile, 'utf8').catch(() => '{}')) as object)
      .toMatchObject({ width: wanted.width, height: wanted.height });
    await first.close();

    const second = await launchApp(path, home);
    try {
      const bounds = await second.app.evaluate((electron) =>
        (electron as unknown as MainModules).BrowserWindow.getAllWindows()[0]?.getNormalBounds(),
      );
      expect(bounds).toMatchObject({ width: wanted.width, height: wanted.height });
      // Window managers may nudge the position by a title bar or a menu bar, no more.
      expect(Math.abs((bounds?.x ?? 0) - wanted.x)).toBeLessThanOrEqual(60);
      expect(Math.abs((bounds?.y ?? 0) - wanted.y)).toBeLessThanOrEqual(60);
    } finally {
      await second.close();
    }
  } finally {
    await remove();
  }
});

test('a second launch shows the first window and exits', async () => {
  const path = electronPath();
  const { home, remove } = await freshHome();
  const launched = await launchApp(path, home);
  const { app } = launched;
  try {
    await app.evaluate((electron) => {
      (electron as unknown as MainModules).BrowserWindow.getAllWindows()[0]?.hide();
    });
    const second = spawn(path, appArgs(home), { env: appEnv(home), stdio: 'ignore' });
    const exitCode = await new Promise<number | null>((done) => second.on('exit', done));
    expect(exitCode).toBe(0);
    await expect
      .poll(() =>
        app.evaluate((electron) =>
          (electron as unknown as MainModules).BrowserWindow.getAllWindows().map((w) =>
            w.isVisible(),
          ),
        ),
      )
      .toEqual([true]);
  } finally {
    await launched.close();
    await remove();
  }
});

test('a dropped file reaches the import sheet, and its finished import is notified', async () => {
  const path = electronPath();
  const { home, remove } = await freshHome();
  const launched = await launchApp(path, home);
  const { app, window } = launched;
  try {
    expect(
      await app.evaluate((electron) =>
        (electron as unknown as MainModules).Notification.isSupported(),
      ),
    ).toBe(true);
    // What becomes of each notification the app shows: the system's `show`, or `failed`
    // (macOS refuses an app that is not code-signed). show() itself runs as usual.
    await app.evaluate((electron) => {
      const proto = (electron as unknown as MainModules).Notification.prototype;
      const outcomes: NotificationOutcome[] = [];
      (globalThis as { __outcomes?: unknown }).__outcomes = outcomes;
      const show = proto.show;
      proto.show = function (this: Shown) {
        const { title } = this;
        this.once('show', () => outcomes.push({ title, outcome: 'show' }));
        this.once('failed', (_event, error) => outcomes.push({ title, outcome: 'failed', error }));
        show.call(this);
      };
    });
    const file = join(home, 'Smoke Sales.bak');
    await writeSampleDatabaseFile(file, 'bak', 2 * 1024 * 1024);
    await openEmulator(window);
    await jumpTo(window, DEV, 'instance-overview');
    // A File the browser backs with the real file (an input's), dropped like one from a file
    // manager: the preload resolves its path through webUtils.getPathForFile.
    await window.evaluate(`(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'smoke-drop-source';
      input.style.display = 'none';
      document.body.append(input);
    })()`);
    await window.locator('#smoke-drop-source').setInputFiles(file);
    const dataTransfer = await window.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      for (const file of document.querySelector('#smoke-drop-source').files) transfer.items.add(file);
      return transfer;
    })()`);
    const target = window.getByTestId('main-pane');
    await target.dispatchEvent('dragenter', { dataTransfer });
    await target.dispatchEvent('dragover', { dataTransfer });
    await target.dispatchEvent('drop', { dataTransfer });

    const sheet = window.getByTestId('import-sheet');
    await expect(sheet.getByTestId('import-name').locator('input')).toHaveValue('Smoke_Sales');
    await sheet.getByTestId('import-start').click();
    const card = window.getByTestId('transfer-card').filter({ hasText: 'Smoke_Sales' }).first();
    await expect(card).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    // Either the system showed it, or it failed (Electron emits one or the other on every
    // system: cocoa_notification.mm, libnotify_notification.cc, the Windows toast) and the
    // window shows it in its alert strip, with the app's features saying so.
    const outcome = async (): Promise<NotificationOutcome | undefined> =>
      (
        await app.evaluate(
          () => (globalThis as { __outcomes?: NotificationOutcome[] }).__outcomes ?? [],
        )
      ).find((entry) => entry.title === 'Import finished');
    await expect.poll(async () => (await outcome())?.outcome).toMatch(/^(show|failed)$/);
    const found = await outcome();
    if (found?.outcome === 'failed') {
      console.log(`The system refused the notification (${found.error ?? 'no reason given'})`);
      await expect(window.getByTestId('alert-dock').getByText('Import finished')).toBeVisible();
      const info = await window.evaluate(`window.api.invoke('app:getInfo', {})`);
      expect(info).toMatchObject({ ok: true, data: { features: { notifications: false } } });
    }
  } finally {
    await launched.close();
    await remove();
  }
});
