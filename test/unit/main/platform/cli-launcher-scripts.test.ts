import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LAUNCHER_MARK,
  WINDOWS_USER_PATH_SCRIPT,
  isOurLauncher,
  macAdminLinkScript,
  posixLauncher,
  shellQuote,
  windowsLauncher,
} from '../../../../src/main/platform/cli-launcher-scripts';

const run = promisify(execFile);

describe('posixLauncher', () => {
  let dir: string;
  let bundle: string;
  let launcher: string;

  beforeAll(async () => {
    // A folder name with a space and a quote, as "DataBridge Desktop.app" and worse.
    dir = await mkdtemp(join(tmpdir(), "databridge launcher's "));
    bundle = join(dir, 'databridge.cjs');
    await writeFile(bundle, 'console.log(JSON.stringify(process.argv.slice(2)));\n');
    launcher = join(dir, 'databridge');
    await writeFile(launcher, posixLauncher(bundle));
    await chmod(launcher, 0o755);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs the bundle with DATABRIDGE_NODE (or node), passing every argument as it is', async (context) => {
    if (process.platform === 'win32') context.skip('a shell script: Windows runs databridge.cmd');
    const args = ['instances', 'list', '--sort', 'name ASC', "it's", '$HOME', ''];
    const { stdout } = await run(launcher, args, {
      env: { ...process.env, DATABRIDGE_NODE: process.execPath },
    });
    expect(JSON.parse(stdout)).toEqual(args);
  });

  it('says what is missing when there is no Node', async (context) => {
    if (process.platform === 'win32') context.skip('a shell script: Windows runs databridge.cmd');
    const failed = await run(launcher, ['--help'], {
      env: { ...process.env, DATABRIDGE_NODE: join(dir, 'no-such-node') },
    }).then(
      () => undefined,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failed?.code).toBe(127);
    expect(failed?.stderr).toMatch(/^databridge needs Node\.js on the PATH/);
  });

  it("is marked as the app's own, so an update may replace it", () => {
    const text = posixLauncher('/opt/DataBridge Desktop/resources/cli/databridge.cjs');
    expect(text.startsWith('#!/bin/sh\n')).toBe(true);
    expect(isOurLauncher(text)).toBe(true);
    expect(isOurLauncher('#!/bin/sh\nexec other-tool "$@"\n')).toBe(false);
    expect(text).toContain(
      `exec "$node" '/opt/DataBridge Desktop/resources/cli/databridge.cjs' "$@"`,
    );
  });
});

describe('windowsLauncher', () => {
  it('runs the bundle with node or DATABRIDGE_NODE, every argument passed, the exit code kept', () => {
    const text = windowsLauncher(
      'C:\\Program Files\\DataBridge Desktop\\resources\\cli\\databridge.cjs',
    );
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('@echo off');
    expect(text).toContain(LAUNCHER_MARK);
    expect(lines).toContain('if defined DATABRIDGE_NODE set "DATABRIDGE_RUN=%DATABRIDGE_NODE%"');
    expect(lines).toContain(
      '"%DATABRIDGE_RUN%" "C:\\Program Files\\DataBridge Desktop\\resources\\cli\\databridge.cjs" %*',
    );
    expect(lines).toContain('exit /b %DATABRIDGE_EXIT%');
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
  });

  it('doubles a percent sign of the path, which cmd would read as a variable', () => {
    expect(windowsLauncher('D:\\100%\\databridge.cjs')).toContain('"D:\\100%%\\databridge.cjs" %*');
  });
});

describe('the administrator and PATH steps', () => {
  it('quotes words for the shell', () => {
    expect(shellQuote("a b'c")).toBe(`'a b'\\''c'`);
  });

  it('links /usr/local/bin/databridge as an administrator, creating the folder', () => {
    const script = macAdminLinkScript({
      path: '/usr/local/bin/databridge',
      target: '/Users/ann/Library/Application Support/DataBridge Desktop/bin/databridge',
    });
    expect(script).toBe(
      `do shell script "mkdir -p '/usr/local/bin' && ln -sfn '/Users/ann/Library/Application Support/DataBridge Desktop/bin/databridge' '/usr/local/bin/databridge'"` +
        ' with prompt "DataBridge Desktop wants to install the databridge command." with administrator privileges',
    );
    expect(
      macAdminLinkScript({ path: '/usr/local/bin/databridge', target: '/a "b"\\c' }),
    ).toContain(`ln -sfn '/a \\"b\\"\\\\c'`);
  });

  it("adds the folder to the user's PATH once, unexpanded, from an environment variable", () => {
    expect(WINDOWS_USER_PATH_SCRIPT).toContain('$bin = $env:DATABRIDGE_BIN');
    expect(WINDOWS_USER_PATH_SCRIPT).toContain("'DoNotExpandEnvironmentNames'");
    expect(WINDOWS_USER_PATH_SCRIPT).toContain("'ExpandString'");
    expect(WINDOWS_USER_PATH_SCRIPT).toContain(
      String.raw`$_.TrimEnd('\') -ieq $bin.TrimEnd('\') }) { exit 0 }`,
    );
  });
});
