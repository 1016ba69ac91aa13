#!/usr/bin/env node
// `npm run link-cli`: puts `databridge` from this checkout on the PATH of every new terminal.
//
// `npm link` is not enough where the machine's Node is older than package.json's engines and
// scripts/ensure-node.sh put a private Node first on PATH for one shell: npm's global prefix is
// then that Node's folder under .tools/, so the link lands in a folder no new terminal has on
// its PATH, and the bin's `#!/usr/bin/env node` would start the machine's older Node anyway.
// This writes a small launcher instead, into a folder the user's PATH already has (or
// ~/.local/bin, saying how to add it), that runs out/cli/databridge.cjs with the Node running
// this script, by its absolute path: a new terminal needs neither ensure-node nor a newer
// Node on its PATH. DATABRIDGE_NODE still chooses another Node, as for the app's launcher.
//
// The decisions are the exported functions (test/unit/scripts/link-cli.test.ts); main() only
// reads the machine and writes the file.
import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, mkdirSync } from 'node:fs';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { requireNode } from './node-version.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A line every launcher written here carries: a later run replaces ours and nothing else. */
export const LINK_MARK = 'written by npm run link-cli';

/** `text` as one word of a POSIX shell: single quotes, each `'` written `'\''`. */
function shellQuote(text) {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** True when `folder` is `root` or inside it. */
function isInside(folder, root) {
  const path = relative(root, folder);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

/**
 * The folders of `pathValue` a new terminal has too: not the checkout's own (.tools, which
 * ensure-node adds for one shell) nor npm's (`node_modules/.bin`, node-gyp-bin: `npm run` adds
 * them while it runs), and only absolute ones.
 * @param {string} pathValue
 * @param {{ root: string, separator?: string }} where
 */
export function lastingPathFolders(pathValue, { root, separator = delimiter }) {
  return pathValue
    .split(separator)
    .filter((folder) => folder !== '' && isAbsolute(folder))
    .filter((folder) => !isInside(folder, root))
    .filter((folder) => !folder.split(/[\\/]/).includes('node_modules'));
}

/**
 * Where the launcher goes: ~/.local/bin or ~/bin when the PATH has it (the user's own, as the
 * app's "Install the databridge command" uses on Linux), else the first folder of the PATH
 * under the home folder that can be written, else the first of the PATH that can be (such as
 * /usr/local/bin for an administrator); else ~/.local/bin, which the PATH lacks (`onPath`
 * false: the user is told the line that adds it).
 * @param {{ pathValue: string, home: string, root: string, canWrite: (folder: string) => boolean, separator?: string }} facts
 * @returns {{ folder: string, onPath: boolean }}
 */
export function chooseLinkFolder({ pathValue, home, root, canWrite, separator = delimiter }) {
  const folders = lastingPathFolders(pathValue, { root, separator });
  const tidy = (folder) => folder.replace(/[\\/]+$/, '');
  const own = [join(home, '.local', 'bin'), join(home, 'bin')];
  const preferred = own.find((folder) => folders.some((entry) => tidy(entry) === folder));
  if (preferred !== undefined) return { folder: preferred, onPath: true };
  const writable = folders.filter((folder) => canWrite(folder));
  const found = writable.find((folder) => isInside(folder, home)) ?? writable[0];
  if (found !== undefined) return { folder: tidy(found), onPath: true };
  return { folder: join(home, '.local', 'bin'), onPath: false };
}

/**
 * The launcher: a shell script (a `.cmd` on Windows) that runs the checkout's `entry` with the
 * Node at `node`, or the one DATABRIDGE_NODE names.
 * @param {{ node: string, entry: string, platform: NodeJS.Platform }} launcher
 */
export function launcherText({ node, entry, platform }) {
  if (platform === 'win32') {
    return [
      '@echo off',
      `rem databridge from the checkout of ${dirname(dirname(dirname(entry)))}: ${LINK_MARK}.`,
      'setlocal',
      `set "DATABRIDGE_RUN=${node.replaceAll('%', '%%')}"`,
      'if defined DATABRIDGE_NODE set "DATABRIDGE_RUN=%DATABRIDGE_NODE%"',
      `"%DATABRIDGE_RUN%" "${entry.replaceAll('%', '%%')}" %*`,
      '',
    ].join('\r\n');
  }
  return [
    '#!/bin/sh',
    `# databridge from the checkout of ${dirname(dirname(dirname(entry)))}: ${LINK_MARK}`,
    '# (run it again after moving the checkout). It runs the built command line on the Node',
    '# below, which satisfies the engines of the checkout; DATABRIDGE_NODE chooses another.',
    `node=${shellQuote(node)}`,
    'if [ -n "${DATABRIDGE_NODE:-}" ]; then node=$DATABRIDGE_NODE; fi',
    `exec "$node" ${shellQuote(entry)} "$@"`,
    '',
  ].join('\n');
}

/**
 * Whether the file at the launcher's path may be written: nothing there, or a launcher of
 * ours; anything else (the app's own `databridge`, another program) only with --force.
 * @param {string | undefined} existing the file's text, undefined when there is none
 * @param {boolean} force
 * @returns {{ write: true } | { write: false, why: string }}
 */
export function mayWrite(existing, force) {
  if (existing === undefined || existing.includes(LINK_MARK) || force) return { write: true };
  const what = existing.includes('installed by DataBridge Desktop')
    ? 'the databridge command the installed app put there'
    : 'a databridge that npm run link-cli did not write';
  return { write: false, why: `it holds ${what}; --force replaces it, --dir DIR writes elsewhere` };
}

function canWrite(folder) {
  try {
    accessSync(folder, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function readIfPresent(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function parseArgs(argv) {
  const at = argv.indexOf('--dir');
  return {
    dir: at >= 0 ? (argv[at + 1] ?? '') : undefined,
    force: argv.includes('--force'),
    remove: argv.includes('--remove'),
  };
}

/** Writes (or with --remove deletes) the launcher; answers the exit code. */
function main(argv, env) {
  const args = parseArgs(argv);
  if (args.dir === '') {
    console.error('link-cli: --dir needs a folder, e.g. --dir ~/bin.');
    return 2;
  }
  const home = homedir();
  const pathValue = env.PATH ?? env.Path ?? '';
  const chosen = args.dir
    ? {
        folder: resolve(args.dir),
        onPath: lastingPathFolders(pathValue, { root }).includes(resolve(args.dir)),
      }
    : chooseLinkFolder({ pathValue, home, root, canWrite });

  const launcher = join(
    chosen.folder,
    process.platform === 'win32' ? 'databridge.cmd' : 'databridge',
  );
  const existing = readIfPresent(launcher);
  if (args.remove) {
    if (existing === undefined || !existing.includes(LINK_MARK)) {
      console.error(`link-cli: no launcher of npm run link-cli at ${launcher}; nothing removed.`);
      return 1;
    }
    rmSync(launcher);
    console.log(`link-cli: removed ${launcher}`);
    return 0;
  }
  const entry = join(root, 'out', 'cli', 'databridge.cjs');
  if (!existsSync(entry)) {
    console.error(`link-cli: ${entry} is missing: run "npm run build" first, then this again.`);
    return 1;
  }
  const allowed = mayWrite(existing, args.force);
  if (!allowed.write) {
    console.error(`link-cli: ${launcher} was left as it is: ${allowed.why}.`);
    return 1;
  }
  mkdirSync(chosen.folder, { recursive: true });
  writeFileSync(
    launcher,
    launcherText({ node: process.execPath, entry, platform: process.platform }),
  );
  chmodSync(launcher, 0o755);
  const check = spawnSync(launcher, ['--version'], {
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  console.log(`link-cli: ${launcher} runs ${entry}`);
  console.log(
    `  on Node ${process.versions.node} (${process.execPath}): ${check.stdout.trim() || check.stderr.trim()}`,
  );
  if (!chosen.onPath) {
    const line = `export PATH="${chosen.folder}:$PATH"`;
    console.log(
      `  ${chosen.folder} is not on your PATH: add this line to ~/.profile (or ~/.bashrc, ~/.zshrc), then open a new terminal:`,
    );
    console.log(`    ${line}`);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  requireNode();
  process.exitCode = main(process.argv.slice(2), process.env);
}
