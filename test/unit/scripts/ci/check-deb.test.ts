import { describe, expect, it } from 'vitest';
import { dependNames, desktopExec, missingDepends } from '../../../../scripts/ci/check-deb.mjs';
import { appGuid, INSTALLER, regValue } from '../../../../scripts/ci/check-windows-install.mjs';
import { smokeProblems } from '../../../../scripts/ci/electron-smoke.mjs';

describe('the deb check', () => {
  // electron-builder 26's default deb Depends, plus nothing: what a correct build gives.
  const defaults =
    'libgtk-3-0, libnotify4, libnss3, libxss1, libxtst6, xdg-utils, libatspi2.0-0, libuuid1, libsecret-1-0';

  it('passes the default Depends, with versions and alternatives', () => {
    expect(missingDepends(defaults)).toEqual([]);
    expect(
      missingDepends(
        'libgtk-3-0 (>= 3.0), libnss3:amd64, libnotify4 | libnotify-bin, libsecret-1-0',
      ),
    ).toEqual([]);
    expect(dependNames('a (>= 1), b | c')).toEqual(['a', 'b', 'c']);
  });

  it('fails a Depends that an override replaced', () => {
    expect(missingDepends('libsecret-1-0')).toEqual(['libgtk-3-0', 'libnss3', 'libnotify4']);
    expect(missingDepends(defaults.replace(', libsecret-1-0', ''))).toEqual(['libsecret-1-0']);
  });

  it('finds the installed program in the .desktop entry', () => {
    const entry =
      '[Desktop Entry]\nName=DataBridge Desktop\nExec="/opt/DataBridge Desktop/databridge-desktop" %U\n';
    expect(desktopExec(entry)).toBe('/opt/DataBridge Desktop/databridge-desktop');
    expect(desktopExec('Exec=/usr/bin/databridge-desktop %U')).toBe('/usr/bin/databridge-desktop');
    expect(desktopExec('[Desktop Entry]\n')).toBeUndefined();
  });
});

describe('the Windows install check', () => {
  it("derives the registry GUID from the appId as electron-builder's NSIS target does", () => {
    expect(appGuid('com.databridge.desktop')).toBe('e1577a5a-8151-57c5-be7c-39703f4d4fa7');
    expect(appGuid('com.example.other')).not.toBe(appGuid('com.databridge.desktop'));
  });

  it('reads a value from reg query output', () => {
    const out = [
      '',
      'HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\e1577a5a-8151-57c5-be7c-39703f4d4fa7',
      '    DisplayName    REG_SZ    DataBridge Desktop 0.1.0',
      '',
    ].join('\r\n');
    expect(regValue(out, 'DisplayName')).toBe('DataBridge Desktop 0.1.0');
    expect(regValue(out, 'InstallLocation')).toBeUndefined();
  });

  it('picks the installer, not the uninstaller electron-builder leaves beside it', () => {
    expect(INSTALLER.test('DataBridge-Desktop-Setup-0.1.0.exe')).toBe(true);
    expect(INSTALLER.test('DataBridge-Desktop-Setup-0.1.0.exe.blockmap')).toBe(false);
    expect(INSTALLER.test('DataBridge Desktop Setup 0.1.0.exe')).toBe(true);
    expect(INSTALLER.test('DataBridge Desktop Setup 0.1.0.__uninstaller.exe')).toBe(false);
    expect(INSTALLER.test('DataBridge Desktop Setup 0.1.0.exe.blockmap')).toBe(false);
  });
});

describe('the smoke test with zero skips', () => {
  it('passes only when tests ran, passed and none skipped', () => {
    expect(smokeProblems({ expected: 1, unexpected: 0, skipped: 0, flaky: 0 })).toEqual([]);
    expect(smokeProblems({ expected: 0, skipped: 1 })).toEqual([
      '1 test(s) skipped, and no skip is allowed here',
      'no test passed',
    ]);
    expect(smokeProblems({ expected: 2, unexpected: 1 })).toEqual(['1 test(s) failed']);
    expect(smokeProblems({ expected: 0 })).toEqual(['no test passed']);
    expect(smokeProblems(undefined)).toHaveLength(1);
  });
});
