import { describe, expect, it } from 'vitest';
import {
  DEV_LOGIN_ITEM_VARIABLE,
  HIDDEN_FLAG,
  loginItemActionFor,
  loginLaunchFor,
  startsHidden,
  type LaunchContext,
} from '../../../../src/main/platform/login-item-plan';

const WIN_EXE =
  'C:\\Users\\ana\\AppData\\Local\\Programs\\DataBridge Desktop\\DataBridge Desktop.exe';
const packaged = (over: Partial<LaunchContext>): LaunchContext => ({
  platform: 'linux',
  isPackaged: true,
  execPath: '/opt/DataBridge Desktop/databridge-desktop',
  appPath: '/opt/DataBridge Desktop/resources/app.asar',
  env: {},
  ...over,
});

describe('loginLaunchFor', () => {
  it('starts the installed Windows app with the hidden flag, its path with spaces quoted', () => {
    // Electron joins path and args into the Run value unquoted: the quotes are ours.
    expect(loginLaunchFor(packaged({ platform: 'win32', execPath: WIN_EXE }))).toEqual({
      executable: `"${WIN_EXE}"`,
      args: [HIDDEN_FLAG],
    });
    expect(
      loginLaunchFor(packaged({ platform: 'win32', execPath: 'C:\\Apps\\databridge.exe' })),
    ).toMatchObject({ executable: 'C:\\Apps\\databridge.exe' });
  });

  it('starts a portable Windows build from the .exe the user has, not its extracted copy', () => {
    const launch = loginLaunchFor(
      packaged({
        platform: 'win32',
        execPath: 'C:\\Temp\\2b3c\\DataBridge Desktop.exe',
        env: { PORTABLE_EXECUTABLE_FILE: 'D:\\Tools\\DataBridge.exe' },
      }),
    );
    expect(launch).toMatchObject({ executable: 'D:\\Tools\\DataBridge.exe' });
  });

  it('starts an AppImage from its file, not from its mount, which is gone after it exits', () => {
    const launch = loginLaunchFor(
      packaged({
        execPath: '/tmp/.mount_DataBrXYZ/databridge-desktop',
        env: {
          APPIMAGE: '/home/ana/Apps/DataBridge Desktop-1.4.0.AppImage',
          APPDIR: '/tmp/.mount_DataBrXYZ',
        },
      }),
    );
    expect(launch).toEqual({
      executable: '/home/ana/Apps/DataBridge Desktop-1.4.0.AppImage',
      args: [HIDDEN_FLAG],
    });
  });

  it('ignores an APPIMAGE inherited from another AppImage that started the deb', () => {
    const launch = loginLaunchFor(
      packaged({ env: { APPIMAGE: '/home/ana/Apps/Other.AppImage', APPDIR: '/tmp/.mount_Oth' } }),
    );
    expect(launch).toMatchObject({ executable: '/opt/DataBridge Desktop/databridge-desktop' });
  });

  it('starts the deb from its binary (APPIMAGE does not apply on Windows)', () => {
    expect(loginLaunchFor(packaged({}))).toEqual({
      executable: '/opt/DataBridge Desktop/databridge-desktop',
      args: [HIDDEN_FLAG],
    });
    expect(
      loginLaunchFor(packaged({ platform: 'win32', execPath: WIN_EXE, env: { APPIMAGE: '/x' } })),
    ).toMatchObject({ executable: `"${WIN_EXE}"` });
  });

  it('registers the app bundle itself on macOS, with no arguments (SMAppService passes none)', () => {
    const execPath = '/Applications/DataBridge Desktop.app/Contents/MacOS/DataBridge Desktop';
    expect(loginLaunchFor(packaged({ platform: 'darwin', execPath }))).toEqual({
      executable: execPath,
      args: [],
    });
  });

  it('registers nothing from a checkout, and says how to ask for it', () => {
    const launch = loginLaunchFor(packaged({ isPackaged: false }));
    expect('reason' in launch && launch.reason).toContain(`${DEV_LOGIN_ITEM_VARIABLE}=1`);
  });

  it('registers the Electron binary with the app folder from a checkout that asks for it', () => {
    const env = { [DEV_LOGIN_ITEM_VARIABLE]: '1' };
    expect(
      loginLaunchFor(
        packaged({ isPackaged: false, execPath: '/r/electron', appPath: '/r/my app', env }),
      ),
    ).toEqual({ executable: '/r/electron', args: ['/r/my app', HIDDEN_FLAG] });
    // Windows joins the arguments into one command string: a path with a space is quoted.
    expect(
      loginLaunchFor(
        packaged({
          platform: 'win32',
          isPackaged: false,
          execPath: 'C:\\r\\electron.exe',
          appPath: 'C:\\a b\\app',
          env,
        }),
      ),
    ).toEqual({ executable: 'C:\\r\\electron.exe', args: ['"C:\\a b\\app"', HIDDEN_FLAG] });
  });

  it('offers nothing on other systems nor for a Mac App Store build', () => {
    expect(loginLaunchFor(packaged({ platform: 'freebsd' }))).toHaveProperty('reason');
    expect(loginLaunchFor(packaged({ platform: 'darwin', isMas: true }))).toHaveProperty('reason');
  });
});

describe('loginItemActionFor', () => {
  const winLaunch = { executable: `"${WIN_EXE}"`, args: [HIDDEN_FLAG] };
  const macLaunch = { executable: '/Applications/D.app/Contents/MacOS/D', args: [] };

  it('writes the Windows Run value with the path and the hidden flag, and removes it', () => {
    for (const wanted of [true, false]) {
      expect(
        loginItemActionFor({
          platform: 'win32',
          wanted,
          launch: winLaunch,
          current: { openAtLogin: !wanted },
        }),
      ).toEqual({
        kind: 'loginItem',
        settings: { openAtLogin: wanted, path: `"${WIN_EXE}"`, args: [HIDDEN_FLAG] },
      });
    }
  });

  it('does nothing when the system already does what the setting says', () => {
    for (const platform of ['win32', 'darwin'] as const) {
      const launch = platform === 'win32' ? winLaunch : macLaunch;
      for (const wanted of [true, false]) {
        const action = loginItemActionFor({
          platform,
          wanted,
          launch,
          current: { openAtLogin: wanted },
        });
        expect(action.kind).toBe('none');
      }
    }
  });

  it('registers the app on macOS with openAtLogin alone (no openAsHidden: gone on macOS 13+)', () => {
    expect(
      loginItemActionFor({
        platform: 'darwin',
        wanted: true,
        launch: macLaunch,
        current: { openAtLogin: false, status: 'not-registered' },
      }),
    ).toEqual({ kind: 'loginItem', settings: { openAtLogin: true } });
  });

  it('leaves a macOS login item the user turned off in System Settings, and says where', () => {
    const current = { openAtLogin: false, status: 'requires-approval' };
    const action = loginItemActionFor({
      platform: 'darwin',
      wanted: true,
      launch: macLaunch,
      current,
    });
    expect(action.kind).toBe('none');
    expect(action.kind === 'none' && action.reason).toContain('System Settings');
    // Turning the setting off removes it all the same.
    expect(
      loginItemActionFor({ platform: 'darwin', wanted: false, launch: macLaunch, current }),
    ).toEqual({ kind: 'loginItem', settings: { openAtLogin: false } });
  });

  it('writes or removes the Linux autostart entry with the whole command', () => {
    const launch = { executable: '/a/b.AppImage', args: [HIDDEN_FLAG] };
    expect(loginItemActionFor({ platform: 'linux', wanted: true, launch })).toEqual({
      kind: 'autostart',
      exec: ['/a/b.AppImage', HIDDEN_FLAG],
    });
    expect(loginItemActionFor({ platform: 'linux', wanted: false, launch })).toEqual({
      kind: 'autostart',
      exec: undefined,
    });
  });

  it('does nothing, with the reason, where this run registers nothing', () => {
    expect(
      loginItemActionFor({ platform: 'linux', wanted: true, launch: { reason: 'a checkout' } }),
    ).toEqual({ kind: 'none', reason: 'a checkout' });
  });
});

describe('startsHidden', () => {
  it('is a hidden start with the flag on Windows and Linux', () => {
    for (const platform of ['win32', 'linux'] as const) {
      expect(startsHidden({ platform, argv: ['/app', HIDDEN_FLAG], wasOpenedAtLogin: false })).toBe(
        true,
      );
      expect(startsHidden({ platform, argv: ['/app'], wasOpenedAtLogin: false })).toBe(false);
    }
  });

  it('is a hidden start on macOS when macOS says it opened the app at login', () => {
    expect(startsHidden({ platform: 'darwin', argv: ['/app'], wasOpenedAtLogin: true })).toBe(true);
    expect(startsHidden({ platform: 'darwin', argv: ['/app'], wasOpenedAtLogin: false })).toBe(
      false,
    );
  });

  it('does not take the executable itself for the flag', () => {
    expect(startsHidden({ platform: 'linux', argv: [HIDDEN_FLAG], wasOpenedAtLogin: false })).toBe(
      false,
    );
  });
});
