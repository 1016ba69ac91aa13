#!/usr/bin/env node
// `npm run build:server`: the team monitor as one executable for Linux x64 that needs no Node
// on the host, out/server/databridge-monitor. It is Node's single-executable application
// (https://nodejs.org/api/single-executable-applications.html): the command of out/cli (built
// first by `npm run build`), bundled into one script, prepared as a blob by this Node
// (--experimental-sea-config) and injected with postject into a copy of this Node's own binary,
// so the Node inside is the one that built it (at least package.json's engines range). It runs
// every command of `databridge`; the systemd unit runs `monitor serve`.
//
// What it cannot do: load keytar (a native addon cannot be embedded), so connections give their
// key through the environment (the config's apiKeyEnv) or a file, never the keychain, which a
// server has none of anyway. V8's small young generation that `monitor serve` otherwise starts
// itself again to get (serve-relaunch.ts) is set by the blob's execArgv instead.
import { execFileSync } from 'node:child_process';
import { chmod, copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Where the executable goes, and its name. */
export const SERVER_DIR = join(root, 'out', 'server');
export const SERVER_NAME = 'databridge-monitor';
/** The fuse Node's binary carries for a single-executable blob (Node's documentation). */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
/** The node options the executable starts with: see serve-relaunch.ts. */
export const SERVER_EXEC_ARGV = ['--max-semi-space-size=2'];

/**
 * Why this machine cannot build it, or undefined when it can: Linux x64 only (the issue's
 * target; macOS and Windows would need their binaries re-signed after the injection).
 */
export function cannotBuildServer(platform = process.platform, arch = process.arch) {
  if (platform === 'linux' && arch === 'x64') return undefined;
  return `the server executable is built for Linux x64 only, and this is ${platform} ${arch}`;
}

/** The single-executable configuration for `node --experimental-sea-config`. */
export function seaConfig(main, output) {
  return {
    main,
    output,
    disableExperimentalSEAWarning: true,
    useSnapshot: false,
    useCodeCache: true,
    execArgv: SERVER_EXEC_ARGV,
  };
}

async function bundleCommand(outfile) {
  const entry = join(root, 'out', 'cli', 'databridge.cjs');
  await stat(entry).catch(() => {
    throw new Error('out/cli/databridge.cjs is missing: run `npm run build` first');
  });
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    // keytar's require fails inside the executable, and the command says no keychain answers.
    external: ['keytar'],
    logLevel: 'warning',
  });
}

/**
 * postject's LIEF warns once per ELF note section it cannot name ("Can't find string offset
 * for section name '.note.100'"), which says nothing about the result; other lines pass.
 */
async function injectBlob(executable, blob) {
  const { inject } = require('postject');
  const warn = console.warn;
  console.warn = (...args) => {
    if (!/Can't find string offset for section name/.test(String(args[0]))) warn(...args);
  };
  try {
    await inject(executable, 'NODE_SEA_BLOB', blob, { sentinelFuse: SEA_FUSE });
  } finally {
    console.warn = warn;
  }
}

/** Builds out/server/databridge-monitor and answers its path. */
export async function buildServer({ outDir = SERVER_DIR } = {}) {
  const refused = cannotBuildServer();
  if (refused) throw new Error(refused);
  const work = join(outDir, 'sea');
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const script = join(work, 'databridge-monitor.cjs');
  const blob = join(work, 'databridge-monitor.blob');
  const config = join(work, 'sea-config.json');
  await bundleCommand(script);
  await writeFile(config, JSON.stringify(seaConfig(script, blob), null, 2));
  execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'ignore' });
  const executable = join(outDir, SERVER_NAME);
  await rm(executable, { force: true });
  await copyFile(process.execPath, executable);
  await chmod(executable, 0o755);
  await injectBlob(executable, await readFile(blob));
  await rm(work, { recursive: true, force: true });
  return executable;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const executable = await buildServer();
  const { size } = await stat(executable);
  console.log(`${relative(root, executable)}  ${(size / 2 ** 20).toFixed(0)} MiB`);
}
