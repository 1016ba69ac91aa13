import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { findElectronBinary } from './electron-binary';

const binary = findElectronBinary();
if ('reason' in binary) console.log(`Electron smoke test skipped: ${binary.reason}`);

test('the window opens on the connection screen and the local emulator lists its instances', async () => {
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
  } finally {
    await app.close();
    await rm(home, { recursive: true, force: true });
  }
});
