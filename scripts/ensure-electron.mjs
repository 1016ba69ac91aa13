#!/usr/bin/env node
// The first step of `npm start` and `npm run dev`: makes sure the Electron binary is there.
//
// Why: electron 45 has no install script. Its index.js downloads the binary the first time
// `require('electron')` runs, but electron-vite reads node_modules/electron/path.txt first
// and throws "Electron uninstall" when it is missing, so on a fresh clone nothing ever
// fetched the binary. This runs the electron package's own installer (its `install-electron`
// bin), which honours ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR, the download cache
// (electron_config_cache) and, through ELECTRON_GET_USE_PROXY, HTTPS_PROXY/NO_PROXY. Nothing
// here downloads anything by hand. When the installer fails, this says in a few lines what
// was tried, why it failed and what to do, without the installer's stack trace. With the
// binary present, scripts/linux-sandbox.mjs says what to do where Linux would make it abort.
import { spawn } from 'node:child_process';
import { clearInterval, setInterval } from 'node:timers';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sandboxProblemHere } from './linux-sandbox.mjs';
import { requireNode } from './node-version.mjs';

const PROGRESS_EVERY_MS = 10_000;
const KEPT_STDERR = 64 * 1024;

function electronPackage() {
  try {
    const file = createRequire(import.meta.url).resolve('electron/package.json');
    return { dir: dirname(file), json: JSON.parse(readFileSync(file, 'utf8')) };
  } catch {
    return null;
  }
}

/** The installer's environment: its own debug line names the URL it fetches. */
const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

function installerEnv() {
  const env = { ...process.env };
  env.DEBUG = [env.DEBUG, '@electron/get:index'].filter(Boolean).join(',');
  env.DEBUG_COLORS = '0';
  const proxied = PROXY_VARIABLES.some((name) => env[name]);
  // @electron/get uses a proxy only when asked to; a proxy set for the shell is that ask.
  if (proxied && env.ELECTRON_GET_USE_PROXY === undefined) env.ELECTRON_GET_USE_PROXY = 'true';
  return env;
}

/** The proxy the installer went through, with the variable that set it (credentials hidden). */
function proxyInUse() {
  const name = PROXY_VARIABLES.find((variable) => process.env[variable]);
  if (!name) return undefined;
  return `${process.env[name].replace(/\/\/[^@/]*@/, '//***@')} (from ${name})`;
}

/** The URL the installer fetched, from its debug line "Downloading <url> to <path> ...". */
export function triedUrl(stderr) {
  return (
    /Downloading (\S+) to /.exec(stderr)?.[1] ?? /Checking the cache .* \((\S+)\)/.exec(stderr)?.[1]
  );
}

/** The installer's error, one line: its stack's first line without the error class. */
export function failureReason(stderr) {
  const lines = stderr.split('\n').map((line) => line.trim());
  const stackStart = lines.findIndex(
    (line, i) => /^at /.test(lines[i + 1] ?? '') && !/^at /.test(line),
  );
  const head =
    stackStart >= 0
      ? lines[stackStart]
      : lines.filter((l) => l && !/@electron\/get/.test(l)).at(-1);
  const reason = (head ?? 'the installer failed without a message').replace(
    /^[A-Za-z]*Error: /,
    '',
  );
  if (/^fetch failed$/.test(reason)) {
    return 'fetch failed: no answer (offline, a blocked host, or a proxy that is needed but not set)';
  }
  return reason;
}

export function failureMessage({ version, target, url, reason, proxy }) {
  return [
    '',
    `Cannot start the app: the Electron ${version} binary (${target}) is not installed, and fetching it failed.`,
    `  tried: ${url ?? '(the installer did not say which URL)'}`,
    `  error: ${url ? reason.replace(` for ${url}`, '') : reason}`,
    ...(proxy ? [`  proxy: ${proxy}`] : []),
    'What to do:',
    '  - behind a proxy: HTTPS_PROXY=http://proxy.example:3128 npm start',
    '  - from a mirror: ELECTRON_MIRROR=https://mirror.example/electron/ npm start',
    '    (ELECTRON_CUSTOM_DIR sets the folder layout under the mirror, default v{{ version }})',
    '  - without Electron: npm run harness serves the same app to a browser',
    '',
  ].join('\n');
}

function runInstaller(pkg) {
  const installer = join(pkg.dir, pkg.json.bin['install-electron']);
  const child = spawn(process.execPath, [installer], {
    env: installerEnv(),
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-KEPT_STDERR);
  });
  const started = Date.now();
  let announced = false;
  const timer = setInterval(() => {
    const url = triedUrl(stderr);
    if (!url) return;
    if (!announced) console.log(`Fetching the Electron binary (first start only): ${url}`);
    else console.log(`  still fetching after ${Math.round((Date.now() - started) / 1000)} s...`);
    announced = true;
  }, PROGRESS_EVERY_MS);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ code: code ?? 1, stderr });
    });
  });
}

async function main() {
  const pkg = electronPackage();
  if (!pkg) {
    console.error('npm start: the electron package is not installed. Run `npm install` first.');
    return 1;
  }
  const { code, stderr } = await runInstaller(pkg);
  if (code === 0) {
    // The binary is there; on Ubuntu 23.10+ it would still abort on its sandbox helper.
    const sandbox = sandboxProblemHere(pkg.dir);
    if (sandbox) console.error(sandbox);
    return sandbox ? 1 : 0;
  }
  const target = `${process.env.ELECTRON_INSTALL_PLATFORM ?? process.platform}-${process.env.ELECTRON_INSTALL_ARCH ?? process.arch}`;
  console.error(
    failureMessage({
      version: pkg.json.version,
      target,
      url: triedUrl(stderr),
      reason: failureReason(stderr),
      proxy: proxyInUse(),
    }),
  );
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  requireNode();
  process.exitCode = await main();
}
