#!/usr/bin/env node
// The login item the Electron smoke test left on (DATABRIDGE_LOGIN_ITEM_HOME), seen by the OS
// itself rather than by Electron: on Windows the value under
// HKCU\Software\Microsoft\Windows\CurrentVersion\Run (`reg query`), which it then deletes;
// on Linux the XDG autostart entry in that home's config folder. macOS has no such outside
// view on a runner (README, "Start with the session"): the smoke test reads the login item
// through app.getLoginItemSettings() there, and this script says so and passes.
//
//   DATABRIDGE_LOGIN_ITEM_HOME=<folder> node scripts/ci/check-login-item.mjs
//
// Exit 0 when the login item starts this checkout's Electron binary with --hidden, 1 otherwise.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The Run key of the user's session, where Electron writes a Windows login item. */
export const RUN_KEY = 'HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run';

/** The flag a start at login carries (src/main/platform/login-item-plan.ts, HIDDEN_FLAG). */
export const HIDDEN_FLAG = '--hidden';

/** The values `reg query <key>` prints: `    <name>    REG_SZ    <data>`, one a line. */
export function runValuesFrom(output) {
  const values = [];
  for (const line of output.split(/\r?\n/)) {
    const match = /^ {4}(.+?) {4}REG_(?:EXPAND_)?SZ {4}(.*)$/.exec(line);
    if (match) values.push({ name: match[1], data: match[2] });
  }
  return values;
}

/** The value that starts `executable` (as the first word, quoted or not), or undefined. */
export function runValueFor(values, executable) {
  const lower = executable.toLowerCase();
  return values.find(({ data }) => {
    const text = data.trim().toLowerCase();
    return text.startsWith(`"${lower}"`) || text.startsWith(lower);
  });
}

/** What is wrong with the Run value for `executable`, in words; empty when it is right. */
export function runValueProblems(values, executable) {
  const value = runValueFor(values, executable);
  if (!value) return [`no value under ${RUN_KEY} starts ${executable}`];
  return value.data.split(/\s+/).includes(HIDDEN_FLAG)
    ? []
    : [`the value ${value.name} starts the app without ${HIDDEN_FLAG}: ${value.data}`];
}

/** What is wrong with the autostart entry's text for `executable`; empty when it is right. */
export function desktopEntryProblems(text, executable) {
  const lines = text.split(/\r?\n/);
  const problems = [];
  if (lines[0] !== '[Desktop Entry]') problems.push('the first line is not [Desktop Entry]');
  for (const wanted of ['Type=Application', 'Hidden=false', 'X-GNOME-Autostart-enabled=true']) {
    if (!lines.includes(wanted)) problems.push(`no line ${wanted}`);
  }
  const exec = lines.find((line) => line.startsWith('Exec='));
  if (!exec) return [...problems, 'no Exec line'];
  // The binary's path may be quoted (Desktop Entry spec): compare without the quotes.
  if (!exec.replaceAll('"', '').startsWith(`Exec=${executable} `)) {
    problems.push(`Exec does not start ${executable}: ${exec}`);
  }
  if (!exec.endsWith(` ${HIDDEN_FLAG}`)) problems.push(`Exec has no ${HIDDEN_FLAG}: ${exec}`);
  return problems;
}

/** This checkout's Electron binary, as the electron package's own path.txt names it. */
function electronBinary() {
  const folder = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  return join(folder, 'dist', readFileSync(join(folder, 'path.txt'), 'utf8').trim());
}

function checkWindows(executable) {
  const query = spawnSync('reg', ['query', RUN_KEY], { encoding: 'utf8' });
  if (query.status !== 0) return [`reg query ${RUN_KEY} failed: ${query.stderr.trim()}`];
  const values = runValuesFrom(query.stdout);
  const problems = runValueProblems(values, executable);
  const value = runValueFor(values, executable);
  if (value) {
    console.log(`check-login-item: ${RUN_KEY}\\${value.name} = ${value.data}`);
    // The runner's session is left as it was found.
    spawnSync('reg', ['delete', RUN_KEY, '/v', value.name, '/f'], { stdio: 'inherit' });
  }
  return problems;
}

function checkLinux(home, executable) {
  const file = join(home, 'config', 'autostart', 'databridge.desktop');
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return [`cannot read ${file}: ${error.code ?? error.message}`];
  }
  console.log(`check-login-item: ${file}\n${text}`);
  return desktopEntryProblems(text, executable);
}

function main() {
  const home = process.env['DATABRIDGE_LOGIN_ITEM_HOME'];
  if (!home) {
    console.error('check-login-item: set DATABRIDGE_LOGIN_ITEM_HOME, as the smoke test had it');
    return 1;
  }
  if (process.platform === 'darwin') {
    console.log(
      'check-login-item: macOS offers no documented outside view of an SMAppService login item (sfltool dumpbtm has no stable format); the smoke test checked app.getLoginItemSettings()',
    );
    return 0;
  }
  const executable = electronBinary();
  const problems =
    process.platform === 'win32' ? checkWindows(executable) : checkLinux(home, executable);
  if (problems.length > 0) {
    console.error(`check-login-item: FAIL: ${problems.join('; ')}`);
    return 1;
  }
  console.log('check-login-item: ok, the system starts the app hidden at sign-in');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main();
}
