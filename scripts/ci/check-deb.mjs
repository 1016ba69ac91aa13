#!/usr/bin/env node
// The deb in dist/: its Depends keep what Electron needs at run time (GTK, NSS, libnotify)
// beside the keychain's libsecret, it installs with apt, the AppArmor profile electron-builder
// ships is in place where Ubuntu restricts user namespaces, the installed app passes the probe
// (probe-app.mjs: its window, keychain and emulator, sandboxed, then 20 s up) and its
// executable has the fuses of electron-builder.yml (run under xvfb-run). Linux only.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { oneFile, output, run, runCheck, usernsRestricted } from './ci-helpers.mjs';
import { checkInstalledApp } from './probe-app.mjs';

/** Packages the deb must depend on: Electron's runtime and the keychain (libsecret). */
export const REQUIRED_DEPENDS = ['libgtk-3-0', 'libnss3', 'libnotify4', 'libsecret-1-0'];

/** The package names in a Depends field ("a (>= 1), b | c" gives a, b, c). */
export function dependNames(field) {
  return field
    .split(/[,|]/)
    .map((part) => part.trim().split(/[\s(:]/)[0])
    .filter(Boolean);
}

/** The required packages a Depends field leaves out. */
export function missingDepends(field, required = REQUIRED_DEPENDS) {
  const names = new Set(dependNames(field));
  return required.filter((name) => !names.has(name));
}

/** The program a .desktop entry starts: the first word of Exec=, quotes removed. */
export function desktopExec(text) {
  const line = text.split('\n').find((entry) => entry.startsWith('Exec='));
  if (!line) return undefined;
  const value = line.slice('Exec='.length).trim();
  return value.startsWith('"') ? value.slice(1, value.indexOf('"', 1)) : value.split(/\s/)[0];
}

async function checkDeb() {
  const deb = oneFile('dist', /\.deb$/, 'deb');
  const depends = output('dpkg-deb', ['-f', deb, 'Depends']).trim();
  console.log(`Depends: ${depends}`);
  const missing = missingDepends(depends);
  if (missing.length > 0) throw new Error(`the deb's Depends lacks ${missing.join(', ')}`);
  const name = output('dpkg-deb', ['-f', deb, 'Package']).trim();
  run('sudo', ['apt-get', 'install', '-y', `./${deb}`]);
  const desktop = output('dpkg', ['-L', name])
    .split('\n')
    .find((file) => file.startsWith('/usr/share/applications/') && file.endsWith('.desktop'));
  const program = desktop && desktopExec(readFileSync(desktop, 'utf8'));
  if (!program) throw new Error(`the ${name} package installs no .desktop entry with Exec=`);
  const profile = `/etc/apparmor.d/${program.split('/').at(-1)}`;
  if (usernsRestricted() && !existsSync(profile)) {
    throw new Error(`user namespaces are restricted here and ${profile} was not installed`);
  }
  await checkInstalledApp({ command: program, binary: program });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCheck('check-deb', checkDeb);
}
