import { execFile } from 'node:child_process';
import {
  access,
  chmod,
  copyFile,
  lstat,
  mkdir,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { app, dialog } from 'electron';
import type { Logger } from '../services/log/logger';
import {
  CLI_FILES,
  cliInstallPlan,
  type CliInstallFacts,
  type CliInstallPlan,
} from './cli-command-install';
import {
  WINDOWS_USER_PATH_SCRIPT,
  isOurLauncher,
  macAdminLinkScript,
} from './cli-launcher-scripts';

/*
 * "Install the databridge command": carries out cliInstallPlan with the file system and the
 * operating system's tools, then says what it did.
 */

const run = promisify(execFile);

/** The facts of this app and machine. */
function facts(): CliInstallFacts {
  return {
    platform: process.platform,
    appName: app.getName(),
    isPackaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    appPath: app.getAppPath(),
    homeDir: app.getPath('home'),
    userDataDir: app.getPath('userData'),
    env: process.env,
  };
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

async function writeLauncher(launcher: CliInstallPlan['launcher']): Promise<void> {
  // Never overwrite a `databridge` that something else put there.
  const current = await readFile(launcher.path, 'utf8').catch(() => undefined);
  if (current !== undefined && !isOurLauncher(current)) {
    throw new Error(
      `${launcher.path} exists and was not installed by the app: remove it, then install again.`,
    );
  }
  await mkdir(dirname(launcher.path), { recursive: true });
  await writeFile(launcher.path, launcher.text, { mode: 0o755 });
  await chmod(launcher.path, 0o755);
}

/** The link on macOS: as the user where /usr/local/bin lets them, else as an administrator. */
async function linkOnPath(link: NonNullable<CliInstallPlan['link']>): Promise<void> {
  const current = await lstat(link.path).catch(() => undefined);
  if (current && !current.isSymbolicLink()) {
    throw new Error(`${link.path} exists and is not a link: remove it, then install again.`);
  }
  if (current && (await readlink(link.path)) === link.target) return;
  try {
    if (current) await rm(link.path);
    await symlink(link.target, link.path);
  } catch {
    await run('osascript', ['-e', macAdminLinkScript(link)]).catch((error: unknown) => {
      throw new Error(`${link.path} was not linked as an administrator${detail(error)}`);
    });
  }
}

/** What a failed tool wrote on stderr (its message repeats the whole command line). */
function detail(error: unknown): string {
  const stderr = (error as { stderr?: unknown }).stderr;
  return typeof stderr === 'string' && stderr.trim() !== '' ? `: ${stderr.trim()}` : '.';
}

async function addToUserPath(folder: string): Promise<void> {
  await run(
    'powershell.exe',
    [
      '-NoProfile',
      '-NonInteractive',
      '-ExecutionPolicy',
      'Bypass',
      '-Command',
      WINDOWS_USER_PATH_SCRIPT,
    ],
    { env: { ...process.env, DATABRIDGE_BIN: folder }, windowsHide: true },
  ).catch((error: unknown) => {
    throw new Error(`${folder} was not added to your PATH${detail(error)}`);
  });
}

/** Carries out the plan; answers the lines that tell the user how to use the command. */
async function carryOut(plan: CliInstallPlan, here: CliInstallFacts): Promise<string[]> {
  const shippedDir = plan.copyFrom ?? dirname(plan.bundle);
  for (const name of CLI_FILES) {
    const shipped = join(shippedDir, name);
    if (!(await exists(shipped))) {
      throw new Error(
        `The app has no bundled command line at ${shipped} (npm run build makes it).`,
      );
    }
  }
  if (plan.copyFrom) {
    await mkdir(dirname(plan.bundle), { recursive: true });
    for (const name of CLI_FILES) {
      await copyFile(join(plan.copyFrom, name), join(dirname(plan.bundle), name));
    }
  }
  await writeLauncher(plan.launcher);
  if (plan.link) await linkOnPath(plan.link);
  const lines = [
    `Installed ${plan.link?.path ?? plan.launcher.path}. In a new terminal: databridge --help`,
    'It runs on the Node.js of the PATH (or DATABRIDGE_NODE).',
  ];
  if (plan.missingFromPath && here.platform === 'win32') {
    await addToUserPath(plan.missingFromPath);
    lines.push(`${plan.missingFromPath} was added to your PATH.`);
  } else if (plan.missingFromPath) {
    lines.push(
      `${plan.missingFromPath} is not on your PATH: add it (in ~/.profile, say) to run databridge by name.`,
    );
  }
  if (plan.copyFrom) lines.push('After an update of the app, install the command again.');
  if (here.isPackaged) {
    // The app's keytar is inside its asar archive and built for Electron: plain Node can
    // load neither, so the command cannot open the keychain.
    lines.push(
      "Give it an API key with DATABRIDGE_API_KEY or --api-key-stdin: the app's keychain entries are not read by the command.",
    );
  }
  return lines;
}

/** The menu item's action: installs the command and shows how it went. */
export async function installCliCommand(logger: Logger): Promise<void> {
  const here = facts();
  const plan = cliInstallPlan(here);
  try {
    if ('unsupported' in plan) throw new Error(plan.unsupported);
    const lines = await carryOut(plan, here);
    logger.info('cli command installed', { launcher: plan.launcher.path });
    await dialog.showMessageBox({
      type: 'info',
      message: 'The databridge command is installed',
      detail: lines.join('\n'),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn('cli command not installed', { message });
    await dialog.showMessageBox({
      type: 'error',
      message: 'The databridge command was not installed',
      detail: message,
    });
  }
}
