#!/usr/bin/env node
// Part of `npm start` and `npm run dev`, after the Electron binary is present: says why the
// development Electron would abort on Ubuntu 23.10 and later, and what to do, before it does.
//
// Why: those releases let AppArmor restrict unprivileged user namespaces
// (kernel.apparmor_restrict_unprivileged_userns = 1). Chromium's namespace sandbox then
// cannot start, it falls back to the setuid helper chrome-sandbox, and the copy npm unpacked
// is owned by the user with mode 0755, so Electron aborts with "The SUID sandbox helper
// binary was found, but is not configured correctly" (electron/electron#42510). The two fixes
// that keep the sandbox are the ones in that message and in Ubuntu's announcement
// (ubuntu.com/blog/ubuntu-23-10-restricted-unprivileged-user-namespaces): a root-owned
// setuid helper, or an AppArmor profile that grants `userns` to the Electron binary.
// Turning the sandbox off is not one of them, and is never suggested here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the kernel says whether AppArmor restricts unprivileged user namespaces. */
export const RESTRICT_USERNS_FILE = '/proc/sys/kernel/apparmor_restrict_unprivileged_userns';
/** The name given to the AppArmor profile this check proposes. */
export const PROFILE_NAME = 'databridge-electron-dev';
/** Set to `off` to skip the check (a fix this check cannot see, such as a broader profile). */
export const SKIP_VARIABLE = 'DATABRIDGE_SANDBOX_CHECK';

const S_ISUID = 0o4000;
const OTHERS_EXECUTE = 0o001;

/** True when the helper is what Chromium asks for: owned by root, setuid, runnable by all. */
export function isSetuidRoot(stat) {
  return (
    stat !== null &&
    stat.uid === 0 &&
    (stat.mode & S_ISUID) !== 0 &&
    (stat.mode & OTHERS_EXECUTE) !== 0
  );
}

/** Quotes a word for a POSIX shell (single quotes, each inner quote closed and escaped). */
export function shellQuote(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The AppArmor profile that lets the development Electron binary use user namespaces. */
export function apparmorProfile(electronPath) {
  return [
    'abi <abi/4.0>,',
    'include <tunables/global>',
    `profile ${PROFILE_NAME} "${electronPath}" flags=(unconfined) {`,
    '  userns,',
    `  include if exists <local/${PROFILE_NAME}>`,
    '}',
  ];
}

/** True when one of the AppArmor profiles' texts grants `userns` to this exact binary path. */
export function profileCovers(profileTexts, electronPath) {
  return profileTexts.some(
    (text) => text.includes(`"${electronPath}"`) || text.includes(` ${electronPath} `),
  );
}

function describeStat(stat) {
  if (stat === null) return 'is missing (npm ci puts it back)';
  const mode = (stat.mode & 0o7777).toString(8).padStart(4, '0');
  return `is owned by uid ${stat.uid} with mode ${mode}, not by root with mode 4755`;
}

function fixLines({ sandboxPath, electronPath }) {
  const target = `/etc/apparmor.d/${PROFILE_NAME}`;
  const profile = apparmorProfile(electronPath)
    .map((line) => shellQuote(line))
    .join(' ');
  return [
    'Fix it once, either way (both keep the sandbox on):',
    '  1. make the helper setuid root, as Electron asks (again after each reinstall of electron):',
    `       sudo chown root:root ${shellQuote(sandboxPath)} && sudo chmod 4755 ${shellQuote(sandboxPath)}`,
    '  2. or give the development Electron binary an AppArmor profile that allows user namespaces:',
    `       printf '%s\\n' ${profile} | sudo tee ${target} >/dev/null`,
    `       sudo apparmor_parser -r ${target}`,
  ];
}

/**
 * What stops the development Electron from starting its sandbox, in words for the terminal,
 * or null when nothing does.
 *
 * @param {object} facts
 * @param {string} facts.platform `process.platform`
 * @param {number | null} facts.restrictUserns the value of RESTRICT_USERNS_FILE, null when absent
 * @param {{ uid: number, mode: number } | null} facts.sandboxStat chrome-sandbox's owner and
 *   mode, null when the file is missing
 * @param {string} [facts.sandboxPath] chrome-sandbox's path as the user should type it
 * @param {string} [facts.electronPath] the Electron binary's absolute path
 * @param {boolean} [facts.profileGrantsUserns] an AppArmor profile already covers the binary
 */
export function sandboxProblem({
  platform,
  restrictUserns,
  sandboxStat,
  sandboxPath = 'node_modules/electron/dist/chrome-sandbox',
  electronPath = 'node_modules/electron/dist/electron',
  profileGrantsUserns = false,
}) {
  if (platform !== 'linux' || restrictUserns !== 1) return null;
  if (isSetuidRoot(sandboxStat) || profileGrantsUserns) return null;
  return [
    '',
    'Cannot start the app: Electron would abort with "The SUID sandbox helper binary was found, but',
    'is not configured correctly".',
    '  why: AppArmor restricts unprivileged user namespaces here',
    '       (kernel.apparmor_restrict_unprivileged_userns = 1, the default since Ubuntu 23.10), so',
    "       Electron's sandbox needs its setuid helper, and",
    `       ${sandboxPath} ${describeStat(sandboxStat)}.`,
    ...fixLines({ sandboxPath, electronPath }),
    'Then run the command again. Background: electron/electron#42510.',
    `(Fixed another way that this check cannot see? ${SKIP_VARIABLE}=off skips it.)`,
    '',
  ].join('\n');
}

function readRestriction() {
  try {
    const value = Number.parseInt(readFileSync(RESTRICT_USERNS_FILE, 'utf8').trim(), 10);
    return Number.isNaN(value) ? null : value;
  } catch {
    return null;
  }
}

function readStat(path) {
  try {
    const { uid, mode } = statSync(path);
    return { uid, mode };
  } catch {
    return null;
  }
}

function readProfiles(folder = '/etc/apparmor.d') {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(folder, entry.name), 'utf8'));
  } catch {
    return [];
  }
}

function forTyping(path) {
  const near = relative(process.cwd(), path);
  return near && !near.startsWith('..') && !isAbsolute(near) ? near : path;
}

/**
 * The check on this machine, for the Electron package in `electronDir`: the message, or null.
 * Reads only when the restriction is on, so other systems pay one failed read.
 */
export function sandboxProblemHere(electronDir) {
  if (process.platform !== 'linux' || process.env[SKIP_VARIABLE] === 'off') return null;
  const restrictUserns = readRestriction();
  if (restrictUserns !== 1) return null;
  const pathFile = join(electronDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const electronPath = join(electronDir, 'dist', executable);
  const sandboxPath = join(electronDir, 'dist', 'chrome-sandbox');
  return sandboxProblem({
    platform: process.platform,
    restrictUserns,
    sandboxStat: readStat(sandboxPath),
    sandboxPath: forTyping(sandboxPath),
    electronPath,
    profileGrantsUserns: profileCovers(readProfiles(), electronPath),
  });
}

/** The installed electron package's folder, or null when it is not installed. */
export function electronDir() {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = electronDir();
  const problem = dir ? sandboxProblemHere(dir) : null;
  if (problem) console.error(problem);
  process.exitCode = problem ? 1 : 0;
}
