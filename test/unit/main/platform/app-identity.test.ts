import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_ID, appUserModelIdFor } from '../../../../src/main/platform/app-identity';

describe('appUserModelIdFor', () => {
  const execPath = 'C:\\repo\\node_modules\\electron\\dist\\electron.exe';

  it("gives a packaged Windows app the installer's appId", () => {
    expect(appUserModelIdFor({ platform: 'win32', isPackaged: true, execPath })).toBe(APP_ID);
  });

  it('gives a run from a checkout on Windows the Electron binary path', () => {
    expect(appUserModelIdFor({ platform: 'win32', isPackaged: false, execPath })).toBe(execPath);
  });

  it('sets nothing on macOS and Linux', () => {
    for (const platform of ['darwin', 'linux'] as const) {
      expect(appUserModelIdFor({ platform, isPackaged: true, execPath: '/x' })).toBeUndefined();
    }
  });

  it('is the appId electron-builder gives the Start-menu shortcut', () => {
    const config = readFileSync('electron-builder.yml', 'utf8');
    expect(/^appId:\s*(\S+)\s*$/m.exec(config)?.[1]).toBe(APP_ID);
  });
});
