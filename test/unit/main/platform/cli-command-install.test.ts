import { describe, expect, it } from 'vitest';
import {
  cliInstallPlan,
  isOnPath,
  type CliInstallFacts,
} from '../../../../src/main/platform/cli-command-install';
import { posixLauncher, windowsLauncher } from '../../../../src/main/platform/cli-launcher-scripts';

const mac: CliInstallFacts = {
  platform: 'darwin',
  appName: 'DataBridge Desktop',
  isPackaged: true,
  resourcesPath: '/Applications/DataBridge Desktop.app/Contents/Resources',
  appPath: '/Applications/DataBridge Desktop.app/Contents/Resources/app.asar',
  homeDir: '/Users/ann',
  userDataDir: '/Users/ann/Library/Application Support/DataBridge Desktop',
  env: { PATH: '/usr/bin:/bin:/usr/local/bin' },
};

const windows: CliInstallFacts = {
  platform: 'win32',
  appName: 'DataBridge Desktop',
  isPackaged: true,
  resourcesPath: 'C:\\Program Files\\DataBridge Desktop\\resources',
  appPath: 'C:\\Program Files\\DataBridge Desktop\\resources\\app.asar',
  homeDir: 'C:\\Users\\ann',
  userDataDir: 'C:\\Users\\ann\\AppData\\Roaming\\DataBridge Desktop',
  env: {
    Path: 'C:\\Windows\\system32;C:\\Windows',
    LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local',
  },
};

const linux: CliInstallFacts = {
  platform: 'linux',
  appName: 'DataBridge Desktop',
  isPackaged: true,
  resourcesPath: '/opt/DataBridge Desktop/resources',
  appPath: '/opt/DataBridge Desktop/resources/app.asar',
  homeDir: '/home/ann',
  userDataDir: '/home/ann/.config/DataBridge Desktop',
  env: { PATH: '/home/ann/.local/bin:/usr/bin' },
};

describe('cliInstallPlan', () => {
  it('macOS: a launcher in the data folder, linked from /usr/local/bin', () => {
    const bundle = '/Applications/DataBridge Desktop.app/Contents/Resources/cli/databridge.cjs';
    const launcher = '/Users/ann/Library/Application Support/DataBridge Desktop/bin/databridge';
    expect(cliInstallPlan(mac)).toEqual({
      bundle,
      launcher: { path: launcher, text: posixLauncher(bundle) },
      link: { path: '/usr/local/bin/databridge', target: launcher },
    });
  });

  it("Windows: databridge.cmd in the app's local folder, added to the PATH when missing", () => {
    const bundle = 'C:\\Program Files\\DataBridge Desktop\\resources\\cli\\databridge.cjs';
    const folder = 'C:\\Users\\ann\\AppData\\Local\\DataBridge Desktop\\bin';
    expect(cliInstallPlan(windows)).toEqual({
      bundle,
      launcher: { path: `${folder}\\databridge.cmd`, text: windowsLauncher(bundle) },
      missingFromPath: folder,
    });
    const onPath = {
      ...windows,
      env: { ...windows.env, Path: `C:\\Windows;${folder.toUpperCase()}\\` },
    };
    expect(cliInstallPlan(onPath)).not.toHaveProperty('missingFromPath');
    const noLocal = { ...windows, env: { Path: '' } };
    expect(cliInstallPlan(noLocal)).toMatchObject({
      launcher: { path: `${folder}\\databridge.cmd` },
    });
  });

  it('Linux: a launcher in ~/.local/bin, saying when the PATH lacks it', () => {
    const bundle = '/opt/DataBridge Desktop/resources/cli/databridge.cjs';
    expect(cliInstallPlan(linux)).toEqual({
      bundle,
      launcher: { path: '/home/ann/.local/bin/databridge', text: posixLauncher(bundle) },
    });
    expect(cliInstallPlan({ ...linux, env: { PATH: '/usr/bin' } })).toMatchObject({
      missingFromPath: '/home/ann/.local/bin',
    });
  });

  it('Linux AppImage: the launcher runs a copy in the data folder, the mount moving each start', () => {
    const mounted = '/tmp/.mount_DataBrXyz/resources';
    const plan = cliInstallPlan({
      ...linux,
      resourcesPath: mounted,
      env: { ...linux.env, APPIMAGE: '/home/ann/Apps/DataBridge.AppImage' },
    });
    const copy = '/home/ann/.config/DataBridge Desktop/cli/databridge.cjs';
    expect(plan).toEqual({
      bundle: copy,
      copyFrom: `${mounted}/cli`,
      launcher: { path: '/home/ann/.local/bin/databridge', text: posixLauncher(copy) },
    });
  });

  it('from a checkout (npm start): the bundle npm run build wrote', () => {
    const plan = cliInstallPlan({
      ...linux,
      isPackaged: false,
      appPath: '/home/ann/src/databridge-desktop',
      env: { ...linux.env, APPIMAGE: '/ignored' },
    });
    expect(plan).toMatchObject({
      bundle: '/home/ann/src/databridge-desktop/out/cli/databridge.cjs',
    });
    expect(plan).not.toHaveProperty('copyFrom');
  });

  it('says where it cannot install', () => {
    expect(cliInstallPlan({ ...linux, platform: 'freebsd' })).toEqual({
      unsupported: 'The databridge command cannot be installed on freebsd.',
    });
  });
});

describe('isOnPath', () => {
  it('matches whole entries, ignoring a trailing separator (and case on Windows)', () => {
    expect(isOnPath('/home/ann/.local/bin', '/usr/bin:/home/ann/.local/bin/', 'linux')).toBe(true);
    expect(isOnPath('/home/ann/.local/bin', '/home/ann/.local/bin2', 'linux')).toBe(false);
    expect(isOnPath('/Home/ann/.local/bin', '/home/ann/.local/bin', 'linux')).toBe(false);
    expect(isOnPath('C:\\Tools\\bin', 'c:\\tools\\BIN\\;C:\\x', 'win32')).toBe(true);
    expect(isOnPath('C:\\Tools\\bin', '', 'win32')).toBe(false);
  });
});
