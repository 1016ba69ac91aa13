import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectDir } from './builder-config';
import { writeAppImageRecorder, writeFpmRecorder, writeStandInElectron } from './stand-in-tools';

/*
 * `electron-builder --linux dir deb AppImage`, run as `npm run dist` runs it, against the
 * stand-in Electron. fpm and the AppImage tools are stand-ins that record what they were
 * given, unless the machine has the real ones: CUSTOM_FPM_PATH / APPIMAGE_TOOLS_PATH set, or
 * DATABRIDGE_PACKAGING_TOOLS=download (the real-OS workflow, which lets electron-builder fetch
 * them from GitHub). Dependencies are not rebuilt: keytar's .node is packed as installed.
 */

const require = createRequire(import.meta.url);

/** Where a build put things, and which tools were stand-ins. */
export interface LinuxBuild {
  readonly root: string;
  readonly output: string;
  readonly unpacked: string;
  /** The stand-in fpm's record, or undefined when the real fpm built the deb. */
  readonly fpmRecord?: string;
  /** The stand-in mksquashfs' record, or undefined when the real tools built the AppImage. */
  readonly appImageRecord?: string;
  readonly log: string;
  remove(): Promise<void>;
}

function realTool(variable: 'CUSTOM_FPM_PATH' | 'APPIMAGE_TOOLS_PATH'): boolean {
  return Boolean(process.env[variable]) || process.env['DATABRIDGE_PACKAGING_TOOLS'] === 'download';
}

function runBuilder(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const cli = require.resolve('electron-builder/cli.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: projectDir, env });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(log) : reject(new Error(`electron-builder exited ${code}:\n${log}`)),
    );
  });
}

/** Packages the built app (out/, from `npm run build`) for Linux x64 into a temporary folder. */
export async function buildLinuxPackages(electronVersion: string): Promise<LinuxBuild> {
  if (!existsSync(join(projectDir, 'out', 'main', 'index.js'))) {
    throw new Error('out/ is missing: run `npm run build` first');
  }
  const root = await mkdtemp(join(tmpdir(), 'databridge-package-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_BUILDER_CACHE: join(root, 'cache') };
  const electronDist = join(root, 'electron');
  await writeStandInElectron(electronDist, electronVersion);
  let fpmRecord: string | undefined;
  let appImageRecord: string | undefined;
  if (!realTool('CUSTOM_FPM_PATH')) {
    fpmRecord = join(root, 'fpm.json');
    env['CUSTOM_FPM_PATH'] = join(root, 'fpm');
    await writeFpmRecorder(env['CUSTOM_FPM_PATH'], fpmRecord);
  }
  if (!realTool('APPIMAGE_TOOLS_PATH')) {
    appImageRecord = join(root, 'appimage.json');
    env['APPIMAGE_TOOLS_PATH'] = join(root, 'appimage-tools');
    await writeAppImageRecorder(env['APPIMAGE_TOOLS_PATH'], appImageRecord);
  }
  const output = join(root, 'dist');
  const log = await runBuilder(
    [
      '--linux',
      'dir',
      'deb',
      'AppImage',
      '--x64',
      '--publish',
      'never',
      `-c.electronDist=${electronDist}`,
      `-c.directories.output=${output}`,
      '-c.npmRebuild=false',
    ],
    env,
  );
  const remove = () => rm(root, { recursive: true, force: true });
  const unpacked = join(output, 'linux-unpacked');
  return { root, output, unpacked, fpmRecord, appImageRecord, log, remove };
}
