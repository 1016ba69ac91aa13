#!/usr/bin/env node
// Builds this system's installers with electron-builder (electron-builder.yml), publishing
// nothing. On macOS the dmg step (hdiutil, through dmgbuild) fails now and then with
// "hdiutil: create failed - Resource busy" on GitHub's runners, a lock that is gone a moment
// later (electron-userland/electron-builder#9418, create-dmg/create-dmg#143): that failure,
// and only that one, is retried, twice at most, after a pause.
//
//   node scripts/ci/build-installers.mjs      (after electron-vite build and build-cli.mjs)
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

/** The output of a dmg step that failed on a busy disk image, which a retry gets past. */
export const DMG_BUSY = /hdiutil: .*resource busy/i;

/** How many times the build runs at most. */
export const MAX_ATTEMPTS = 3;

/**
 * What to do after one run of electron-builder: `done` when it passed, `retry` when it failed
 * on a busy disk image and attempts are left, `fail` otherwise.
 */
export function nextStep({ status, output, attempt, maxAttempts = MAX_ATTEMPTS }) {
  if (status === 0) return 'done';
  return DMG_BUSY.test(output) && attempt < maxAttempts ? 'retry' : 'fail';
}

/**
 * The signing identities electron-builder reads from the environment (README, "Releases and
 * signing"): the certificate for macOS and Windows, and Apple's notarization account.
 */
export const SIGNING_VARIABLES = [
  'CSC_NAME',
  'CSC_LINK',
  'CSC_KEY_PASSWORD',
  'WIN_CSC_LINK',
  'WIN_CSC_KEY_PASSWORD',
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_TEAM_ID',
];

/**
 * electron-builder's environment: the workflow passes each signing secret whether the
 * repository has it or not, and a missing secret arrives as an empty string, which
 * electron-builder takes as given (an empty certificate, or half an Apple account: it
 * fails). An empty one is left out, so that a repository without secrets builds unsigned.
 */
export function builderEnv(env) {
  const kept = { ...env };
  for (const name of SIGNING_VARIABLES) if (kept[name] === '') delete kept[name];
  return kept;
}

/**
 * electron-builder's arguments. electron-builder.yml signs the mac app ad hoc (identity `-`);
 * with a Developer ID (its certificate in CSC_LINK, its name in CSC_NAME, e.g.
 * `Developer ID Application: Example Ltd (TEAMID)`) the app is signed with that instead.
 */
export function builderArgs(env, platform) {
  const identity = platform === 'darwin' && env.CSC_LINK && env.CSC_NAME;
  return ['--publish', 'never', ...(identity ? [`-c.mac.identity=${env.CSC_NAME}`] : [])];
}

/** Runs electron-builder once, its output shown as it comes and kept for the verdict. */
function buildOnce() {
  const cli = join('node_modules', 'electron-builder', 'cli.js');
  const env = builderEnv(process.env);
  const child = spawn(process.execPath, [cli, ...builderArgs(env, process.platform)], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    output += chunk;
  });
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ status: 1, output: `${output}\n${error.message}` }));
    child.once('close', (status) => resolve({ status: status ?? 1, output }));
  });
}

async function main() {
  for (let attempt = 1; ; attempt += 1) {
    const { status, output } = await buildOnce();
    const step = nextStep({ status, output, attempt });
    if (step === 'done') return 0;
    if (step === 'fail') {
      console.error(`build-installers: electron-builder failed (attempt ${attempt})`);
      return 1;
    }
    console.error(`build-installers: the disk image was busy; trying again (${attempt + 1}).`);
    await sleep(15_000);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
