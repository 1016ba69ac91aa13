#!/usr/bin/env node
// Starts a program, holds it for a number of seconds, and fails when it exits early or prints
// a sandbox or fatal error; then ends it and everything it started. `npm start` and the
// installers are checked by probe-app.mjs, which looks inside the window and holds the app the
// same way with the pieces exported here; this stays the plain check for any other program. A
// window that dies on its sandbox helper exits within a second or two, so a program still
// running after the hold, with none of those lines, has started.
//
//   node scripts/ci/stays-up.mjs --seconds 20 [--ready TEXT] -- COMMAND [ARGS...]
//
// With --ready, the hold starts when the output first shows TEXT (after a build, say).
import { spawn, spawnSync } from 'node:child_process';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

/** Lines that mean the program aborted or is about to (Chromium's LOG(FATAL) aborts). */
export const FAILURE_LINE = /SUID sandbox helper|No usable sandbox|\bFATAL\b/;
const KEPT_OUTPUT = 1024 * 1024;
const GRACE_MS = 10_000;
const POLL_MS = 250;

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

/**
 * Starts `command` as the leader of its own process group (POSIX), its output shown as it
 * comes and the last megabyte kept. The answer's `output`, `exit` and `error` fill in as the
 * program runs; `ended` settles when it exits or could not start.
 */
export function startProgram({ command, args = [], env = process.env }) {
  const child = spawn(command, args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    // npm and npx are .cmd shims on Windows, which only a shell runs.
    shell: process.platform === 'win32' && /^(npm|npx)$/.test(command),
  });
  const started = Date.now();
  const program = {
    child,
    output: '',
    exit: null,
    error: null,
    ended: undefined,
    /** Called after each chunk of output. */
    onOutput: new Set(),
  };
  const onData = (chunk) => {
    process.stdout.write(chunk);
    program.output = (program.output + chunk).slice(-KEPT_OUTPUT);
    for (const listener of program.onOutput) listener();
  };
  child.stdout.setEncoding('utf8').on('data', onData);
  child.stderr.setEncoding('utf8').on('data', onData);
  program.ended = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      program.exit = { code, signal, afterSeconds: Math.round((Date.now() - started) / 1000) };
      resolve();
    });
    child.once('error', (error) => {
      program.error = error;
      resolve();
    });
  });
  return program;
}

/** True once the program has exited or failed to start. */
function hasEnded(program) {
  return program.exit !== null || program.error !== null;
}

/**
 * Waits until `find()` answers something other than undefined (tried at each output and every
 * quarter second), and answers it; undefined when the program ends or `seconds` pass first.
 */
export function waitFor(program, find, seconds) {
  return new Promise((resolve) => {
    let poll, deadline;
    const settle = (value) => {
      clearInterval(poll);
      clearTimeout(deadline);
      program.onOutput.delete(check);
      resolve(value);
    };
    const check = () => {
      const found = find();
      if (found !== undefined) settle(found);
      else if (hasEnded(program)) settle(undefined);
    };
    poll = setInterval(check, POLL_MS);
    deadline = setTimeout(() => settle(undefined), seconds * 1000);
    program.onOutput.add(check);
    void program.ended.then(check);
    check();
  });
}

/** Holds the program `seconds`, or less when it ends first. */
export function hold(program, seconds) {
  let timer;
  const held = new Promise((resolve) => (timer = setTimeout(resolve, seconds * 1000)));
  return Promise.race([held, program.ended]).finally(() => clearTimeout(timer));
}

/** Sends `signal` to the process group `pid` leads; false when the group is gone. */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Polls until no process of the group is left, or `ms` pass; true when it is gone. */
async function groupGone(pid, ms) {
  const deadline = Date.now() + ms;
  while (signalGroup(pid, 0)) {
    if (Date.now() >= deadline) return false;
    await delay(POLL_MS);
  }
  return true;
}

/**
 * Ends the program and every process it started, and waits until they are gone: its process
 * group (Electron's helpers, and the program a wrapper script started, which may outlive the
 * wrapper and still write into its profile), or its tree on Windows.
 */
export async function endTree(child) {
  if (child.pid === undefined) return;
  const running = child.exitCode === null && child.signalCode === null;
  const ended = running ? new Promise((resolve) => child.once('exit', resolve)) : undefined;
  if (process.platform === 'win32') {
    if (running)
      spawnSync('taskkill', ['/pid', String(child.pid), '/T', '/F'], { stdio: 'ignore' });
    await ended;
    return;
  }
  signalGroup(child.pid, 'SIGTERM');
  if (!(await groupGone(child.pid, GRACE_MS))) signalGroup(child.pid, 'SIGKILL');
  await ended;
  await groupGone(child.pid, GRACE_MS);
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
  const program = startProgram({ command, args, env });
  const sawReady = () => program.output.includes(ready) || undefined;
  const readySeen = !ready || (await waitFor(program, sawReady, readyTimeoutSeconds)) === true;
  if (readySeen) await hold(program, seconds);
  if (program.error) return [`it could not start: ${program.error.message}`];
  // How it stood when the hold ended: ending it below is not an early exit.
  const { exit, output } = program;
  await endTree(program.child);
  return staysUpVerdict({ seconds, ready, readySeen, exit, output });
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
