#!/usr/bin/env node
// Starts a program, holds it for a number of seconds, and fails when it exits early or prints
// a sandbox or fatal error; then ends it and everything it started. The real-OS workflow
// uses it for `npm start`, the AppImage, the installed deb, the mac app and the installed
// Windows app: a window that dies on its sandbox helper exits within a second or two, so a
// program still running after the hold, with none of those lines, has started.
//
//   node scripts/ci/stays-up.mjs --seconds 20 [--ready TEXT] -- COMMAND [ARGS...]
//
// With --ready, the hold starts when the output first shows TEXT (after a build, say).
import { spawn, spawnSync } from 'node:child_process';
import { clearTimeout, setTimeout } from 'node:timers';
import { pathToFileURL } from 'node:url';

/** Lines that mean the program aborted or is about to (Chromium's LOG(FATAL) aborts). */
export const FAILURE_LINE = /SUID sandbox helper|No usable sandbox|\bFATAL\b/;
const KEPT_OUTPUT = 1024 * 1024;
const GRACE_MS = 10_000;

/**
 * What went wrong in a run, in words, or an empty list when it stayed up.
 *
 * @param {object} run
 * @param {number} run.seconds the hold asked for
 * @param {string} [run.ready] the text that starts the hold, when one was asked for
 * @param {boolean} run.readySeen whether that text appeared
 * @param {{ code: number | null, signal: string | null, afterSeconds: number } | null} run.exit
 *   how and when the program ended before the hold was over, null when it was still running
 * @param {string} run.output what it printed (stdout and stderr)
 */
export function staysUpVerdict({ seconds, ready, readySeen, exit, output }) {
  const problems = [];
  if (ready && !readySeen) problems.push(`it never printed "${ready}"`);
  if (exit) {
    const how = exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`;
    problems.push(`it exited (${how}) after ${exit.afterSeconds} s, before the ${seconds} s hold`);
  }
  const failure = output.split('\n').find((line) => FAILURE_LINE.test(line));
  if (failure) problems.push(`it printed a fatal or sandbox error: ${failure.trim()}`);
  return problems;
}

/** Reads `--seconds N [--ready TEXT] -- COMMAND ARGS...`. */
export function parseArguments(argv) {
  const split = argv.indexOf('--');
  const options = split >= 0 ? argv.slice(0, split) : argv;
  const [command, ...args] = split >= 0 ? argv.slice(split + 1) : [];
  const value = (name) => {
    const at = options.indexOf(name);
    return at >= 0 ? options[at + 1] : undefined;
  };
  const seconds = Number(value('--seconds') ?? 20);
  if (!command || !Number.isFinite(seconds) || seconds <= 0) {
    throw new Error('usage: stays-up.mjs --seconds N [--ready TEXT] -- COMMAND [ARGS...]');
  }
  return { command, args, seconds, ready: value('--ready') };
}

function endTree(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const ended = new Promise((resolve) => child.once('exit', resolve));
  if (process.platform === 'win32') {
    spawnSync('taskkill', ['/pid', String(child.pid), '/T', '/F'], { stdio: 'ignore' });
    return ended;
  }
  // The program leads its own process group: this reaches Electron's helpers too.
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group is already gone
    }
  };
  signalGroup('SIGTERM');
  const force = setTimeout(() => signalGroup('SIGKILL'), GRACE_MS);
  return ended.finally(() => clearTimeout(force));
}

function watch(child, { ready, readyTimeoutSeconds, seconds }) {
  const state = { output: '', readySeen: !ready, exit: null, error: null };
  const started = Date.now();
  return new Promise((resolve) => {
    let holdTimer;
    const readyTimer = setTimeout(resolve, readyTimeoutSeconds * 1000);
    const startHold = () => {
      clearTimeout(readyTimer);
      holdTimer = setTimeout(resolve, seconds * 1000);
    };
    const onData = (chunk) => {
      process.stdout.write(chunk);
      state.output = (state.output + chunk).slice(-KEPT_OUTPUT);
      if (!state.readySeen && state.output.includes(ready)) {
        state.readySeen = true;
        startHold();
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    const stop = () => {
      clearTimeout(readyTimer);
      clearTimeout(holdTimer);
      resolve();
    };
    child.once('exit', (code, signal) => {
      state.exit = { code, signal, afterSeconds: Math.round((Date.now() - started) / 1000) };
      stop();
    });
    child.once('error', (error) => {
      state.error = error;
      stop();
    });
    if (state.readySeen) startHold();
  }).then(() => state);
}

/**
 * Runs `command`, holds it `seconds` (from the `ready` text when given), ends its process
 * tree, and returns the problems found (empty when it stayed up cleanly).
 */
export async function runStaysUp({
  command,
  args = [],
  seconds,
  ready,
  readyTimeoutSeconds = 600,
  env = process.env,
}) {
  console.log(`stays-up: ${[command, ...args].join(' ')} (hold ${seconds} s)`);
  const child = spawn(command, args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    // npm and npx are .cmd shims on Windows, which only a shell runs.
    shell: process.platform === 'win32' && /^(npm|npx)$/.test(command),
  });
  const { error, ...state } = await watch(child, { ready, readyTimeoutSeconds, seconds });
  if (error) return [`it could not start: ${error.message}`];
  await endTree(child);
  return staysUpVerdict({ seconds, ready, ...state });
}

/** Runs the check and sets the exit code: 0 when it stayed up, 1 with the reasons when not. */
export async function main(options) {
  const problems = await runStaysUp(options);
  const what = [options.command, ...(options.args ?? [])].join(' ');
  if (problems.length === 0) {
    console.log(`\nstays-up: ok, ${what} ran ${options.seconds} s with no fatal or sandbox error`);
    return 0;
  }
  console.error(`\nstays-up: FAIL, ${what}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(parseArguments(process.argv.slice(2)));
}
