// The Electron fuses of a packaged app, read from its binary and held against `electronFuses`
// in electron-builder.yml: a fuse electron-builder failed to flip (or one flipped back) leaves
// the app a plain Node.js (ELECTRON_RUN_AS_NODE, NODE_OPTIONS, --inspect) or lets it load code
// from outside its asar, and nothing on the screen shows it. The wire is read with
// @electron/fuses, the module electron-builder flips the fuses with.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * electron-builder.yml's `electronFuses` keys and the `FuseV1Options` member each one sets
 * (app-builder-lib's platformPackager.js makes the same pairs).
 */
export const FUSE_OPTION_OF_KEY = {
  runAsNode: 'RunAsNode',
  enableCookieEncryption: 'EnableCookieEncryption',
  enableNodeOptionsEnvironmentVariable: 'EnableNodeOptionsEnvironmentVariable',
  enableNodeCliInspectArguments: 'EnableNodeCliInspectArguments',
  enableEmbeddedAsarIntegrityValidation: 'EnableEmbeddedAsarIntegrityValidation',
  onlyLoadAppFromAsar: 'OnlyLoadAppFromAsar',
  loadBrowserProcessSpecificV8Snapshot: 'LoadBrowserProcessSpecificV8Snapshot',
  grantFileProtocolExtraPrivileges: 'GrantFileProtocolExtraPrivileges',
};
/** `electronFuses` keys that tell electron-builder how to flip, and are no fuse themselves. */
const NOT_FUSES = new Set(['resetAdHocDarwinSignature', 'strictlyRequireAllFuses']);

/** A fuse's byte in the wire (@electron/fuses' FuseState, which its index does not export). */
const FUSE_STATE = { 48: 'disabled', 49: 'enabled', 114: 'removed' };
const ENABLE = 49;
const DISABLE = 48;

/** @electron/fuses, resolved from electron-builder's own package, where npm put it. */
export function fusesModule() {
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve('app-builder-lib'));
  return fromBuilder('@electron/fuses');
}

/** The `electronFuses` of electron-builder.yml (an empty object when it sets none). */
export function configuredFuses(file = 'electron-builder.yml') {
  return parse(readFileSync(file, 'utf8')).electronFuses ?? {};
}

/**
 * How the fuse wire of a binary differs from the configured fuses, in words; empty when every
 * configured fuse is as configured.
 *
 * @param {object} input
 * @param {Record<string, boolean>} input.configured electron-builder.yml's `electronFuses`
 * @param {{ version: string } & Record<number, number>} input.wire what `getCurrentFuseWire`
 *   answers: the wire's version and each fuse's byte by index ('1' = 49 on, '0' = 48 off)
 * @param {Record<string, number>} input.options `FuseV1Options`: each fuse's index by name
 */
export function fuseProblems({ configured, wire, options }) {
  if (String(wire.version) !== '1') {
    return [`the binary's fuse wire is version ${wire.version}; this check reads version 1`];
  }
  const problems = [];
  for (const [key, wanted] of Object.entries(configured)) {
    if (NOT_FUSES.has(key)) continue;
    const name = FUSE_OPTION_OF_KEY[key];
    const index = name === undefined ? undefined : options[name];
    if (index === undefined) {
      problems.push(`electronFuses.${key} names no fuse this check knows`);
      continue;
    }
    const state = wire[index];
    const want = wanted ? 'enabled' : 'disabled';
    if (state === undefined) {
      problems.push(`${key} (${name}) is not in the binary's fuse wire; it should be ${want}`);
    } else if (state !== (wanted ? ENABLE : DISABLE)) {
      const found = FUSE_STATE[state] ?? `byte ${state}`;
      problems.push(`${key} (${name}) is ${found} in the binary, but ${want} in the config`);
    }
  }
  return problems;
}

/**
 * The fuse problems of an Electron binary against electron-builder.yml: an executable, a
 * macOS .app or its Contents/MacOS executable (@electron/fuses reads the wire from the
 * Electron Framework beside it), or an AppImage (extracted first). A binary whose wire cannot
 * be read is a problem too.
 */
export async function binaryFuseProblems(binary, configured = configuredFuses()) {
  if (binary.endsWith('.AppImage')) return appImageFuseProblems(binary, configured);
  const fuses = fusesModule();
  let wire;
  try {
    wire = await fuses.getCurrentFuseWire(binary);
  } catch (error) {
    return [`the fuses of ${binary} could not be read: ${error.message}`];
  }
  return fuseProblems({ configured, wire, options: fuses.FuseV1Options });
}

/**
 * The file name electron-builder gives the Linux executable: `linux.executableName` or
 * `executableName` of its config, else package.json's name in lower case.
 */
export function linuxExecutableName(config, packageJson) {
  return config.linux?.executableName ?? config.executableName ?? packageJson.name.toLowerCase();
}

/**
 * Extracts an AppImage into `folder` (its runtime's own --appimage-extract, which needs no
 * FUSE) and answers the path of the Electron executable inside it.
 */
export function extractAppImage(appImage, folder) {
  const result = spawnSync(appImage, ['--appimage-extract'], { cwd: folder, stdio: 'ignore' });
  if (result.status !== 0) {
    throw new Error(
      `${appImage} --appimage-extract failed (${result.error?.message ?? `exit ${result.status}`})`,
    );
  }
  const root = join(folder, 'squashfs-root');
  const config = parse(readFileSync('electron-builder.yml', 'utf8'));
  const packageJson = JSON.parse(readFileSync('package.json', 'utf8'));
  const binary = join(root, linuxExecutableName(config, packageJson));
  if (!existsSync(binary)) {
    throw new Error(`no ${binary} in the AppImage; it holds ${readdirSync(root).join(', ')}`);
  }
  return binary;
}

async function appImageFuseProblems(appImage, configured) {
  const folder = mkdtempSync(join(tmpdir(), 'databridge-appimage-'));
  try {
    return await binaryFuseProblems(extractAppImage(appImage, folder), configured);
  } catch (error) {
    return [error.message];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
