#!/usr/bin/env node
// The NSIS installer in dist/ installs silently (/S) and registers the app the way
// electron-builder's installer does: an uninstall entry under
// Software\Microsoft\Windows\CurrentVersion\Uninstall\<guid> and the install folder under
// Software\<guid>, in HKCU for a per-user install or HKLM for a per-machine one, where <guid>
// is electron-builder's UUID v5 of the appId. A silent install with no switch is per user
// (electron-builder.yml), and registers every file association under that user's
// Software\Classes. The installed exe must exist, pass the probe (probe-app.mjs: its window,
// keychain and emulator, sandboxed, then 20 s up) and have the fuses of electron-builder.yml.
// Windows only.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { builderConfig, oneFile, output, runCheck } from './ci-helpers.mjs';
import { checkInstalledApp } from './probe-app.mjs';

/** The namespace electron-builder's NSIS target derives the app's GUID from. */
const ELECTRON_BUILDER_NS_UUID = '50e065bc-3134-11e6-9bab-38c9862bdaf3';
const INSTALL_DEADLINE_MS = 180_000;
const POLL_MS = 2_000;
/**
 * The installer, "DataBridge-Desktop-Setup-<version>.exe" (electron-builder.yml's
 * nsis.artifactName; electron-builder's default has spaces), not its uninstaller.
 */
export const INSTALLER = /^(?!.*__uninstaller).*[ -]Setup[ -].*\.exe$/;

/** The registry GUID electron-builder gives an appId (its own UUID v5 helper). */
export function appGuid(appId) {
  // builder-util-runtime is electron-builder's own; resolved from its package, where npm put it.
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve('app-builder-lib'));
  const { UUID } = fromBuilder('builder-util-runtime');
  return UUID.v5(appId, UUID.parse(ELECTRON_BUILDER_NS_UUID));
}

/** A value from `reg query` output ("    Name    REG_SZ    value"), or undefined. */
export function regValue(text, name) {
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s+(.+?)\s{4}REG_\w+\s{4}(.*)$/.exec(line);
    if (match && match[1] === name) return match[2].trim();
  }
  return undefined;
}

function query(key, name) {
  try {
    return regValue(output('reg', ['query', key, '/v', name]), name);
  } catch {
    return undefined;
  }
}

/** The default value of a key (`reg query KEY /ve`), or undefined. */
function defaultValue(key) {
  try {
    return regValue(output('reg', ['query', key, '/ve']), '(Default)');
  } catch {
    return undefined;
  }
}

/** The file associations that did not register under `hive` (as "ext: what was found"). */
function missingAssociations(hive) {
  const { fileAssociations = [] } = parse(readFileSync('electron-builder.yml', 'utf8'));
  return fileAssociations
    .map(({ ext, name }) => ({
      ext,
      name: name ?? ext,
      found: defaultValue(`${hive}\\Software\\Classes\\.${ext}`),
    }))
    .filter(({ name, found }) => found !== name)
    .map(({ ext, found }) => `.${ext}: ${found ?? 'no key'}`);
}

/** Where the app is registered: the hive, its display name and install folder, or undefined. */
function registration(guid) {
  for (const hive of ['HKCU', 'HKLM']) {
    const displayName = query(
      `${hive}\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\${guid}`,
      'DisplayName',
    );
    const location = query(`${hive}\\Software\\${guid}`, 'InstallLocation');
    if (displayName && location) return { hive, displayName, location };
  }
  return undefined;
}

async function waitForRegistration(guid) {
  // The installer may hand over to an elevated copy of itself and exit first: poll.
  const deadline = Date.now() + INSTALL_DEADLINE_MS;
  while (Date.now() < deadline) {
    const found = registration(guid);
    if (found) return found;
    await delay(POLL_MS);
  }
  throw new Error(
    `no uninstall entry for ${guid} in HKCU or HKLM after ${INSTALL_DEADLINE_MS / 1000} s`,
  );
}

async function checkWindowsInstall() {
  const installer = resolve(oneFile('dist', INSTALLER, 'installer'));
  const { appId, productName } = builderConfig();
  const guid = appGuid(appId);
  console.log(`Installing ${installer} silently; ${appId} registers as ${guid}`);
  const child = spawn(installer, ['/S'], { stdio: 'inherit' });
  const exitCode = await new Promise((done, fail) => child.once('exit', done).once('error', fail));
  console.log(`installer exited with ${exitCode}`);
  const { hive, displayName, location } = await waitForRegistration(guid);
  console.log(`${hive}: "${displayName}" installed in ${location}`);
  if (!displayName.startsWith(productName)) {
    throw new Error(`the uninstall entry is named "${displayName}", not "${productName} …"`);
  }
  if (hive !== 'HKCU') throw new Error(`installed in ${hive}, but the default is per user`);
  const missing = missingAssociations(hive);
  if (missing.length > 0) {
    throw new Error(`file associations not registered in ${hive}: ${missing.join(', ')}`);
  }
  const exe = join(location, `${productName}.exe`);
  if (!existsSync(exe)) throw new Error(`${exe} is missing`);
  await checkInstalledApp({ command: exe, binary: exe });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCheck('check-windows-install', checkWindowsInstall);
}
