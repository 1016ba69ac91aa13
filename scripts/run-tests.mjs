#!/usr/bin/env node
// The one test command (npm test): build, type checks, lint, every vitest and Playwright suite,
// then one closing line "N passed, N failed, N skipped".
//
// The work runs in phases, and within a phase in lanes side by side (see PHASES), so that the
// two cores of our machines are kept busy without two heavy parts fighting over them. Each
// task's output goes to its own log under
// test-results/reports/; the console gets one line per task as it ends (ok/FAIL and its time),
// a line a minute saying what still runs, the tail of a failed check's log, the wall time of
// every task, the slowest files of each runner, and the closing line.
//
// Each static check counts as one test; each runner's own tests are read from its JSON report.
// A runner that exits non-zero without reporting a failure (it crashed) counts as one failure.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { requireNode } from './node-version.mjs';
import {
  playwrightCounts,
  playwrightFileTimes,
  playwrightSkips,
  vitestCounts,
  vitestFileTimes,
} from './test-reports.mjs';

// Under an older Node, vitest and undici fail deep inside; say what is needed instead.
requireNode();

const reports = join('test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const isWindows = process.platform === 'win32';
const bin = (name) => join('node_modules', '.bin', name);
const startedAt = Date.now();
const seconds = (ms) => (ms / 1000).toFixed(1);

const readJson = (file) => {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    return null;
  }
};

const playwrightJson = resolve(reports, 'playwright.json');
// Playwright reads a relative report path from the config's folder: hence absolute paths.
const electronJson = resolve(reports, 'playwright-electron.json');
// vitest runs inside a private D-Bus session with gnome-keyring (where the machine has them) so
// the keytar adapter meets a real Secret Service. Windows and macOS have their own keychain.
const keyring = process.platform === 'linux' ? [join('scripts', 'with-keyring.sh')] : [];

/** A static check: one test, passed when the command exits 0. */
const check = (name, command, args) => ({ name, command, args });
/** A suite: its tests are counted from its JSON report. */
const suite = (name, command, args, { env = {}, counts, files, skips }) => ({
  name,
  command,
  args,
  env,
  counts,
  files,
  skips,
});

const [vitestCommand, ...vitestWrapped] = [...keyring, bin('vitest')];
/**
 * One vitest project (vitest.config.ts), with its own JSON report and list of skips; `args`
 * adds to vitest's command line.
 */
function vitestProject(project, args = []) {
  const json = resolve(reports, `vitest-${project}.json`);
  const skipNotes = resolve(reports, `vitest-${project}-skips.json`);
  return suite(
    `vitest:${project}`,
    vitestCommand,
    [
      ...vitestWrapped,
      'run',
      `--project=${project}`,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
      `--reporter=${join('scripts', 'vitest-skip-notes.mjs')}`,
      ...args,
    ],
    {
      env: { VITEST_SKIP_NOTES: skipNotes },
      skips: () => readJson(skipNotes) ?? [],
      counts: () => vitestCounts(readJson(json)),
      files: () => vitestFileTimes(readJson(json)),
    },
  );
}
const TASKS = {
  build: check('build', bin('electron-vite'), ['build']),
  'build:cli': check('build:cli', process.execPath, [join('scripts', 'build-cli.mjs')]),
  'typecheck:node': check('typecheck:node', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']),
  'typecheck:web': check('typecheck:web', bin('vue-tsc'), ['-p', 'tsconfig.web.json', '--noEmit']),
  lint: check('lint', bin('eslint'), ['--max-warnings', '0', '.']),
  // Unused files, exports, types and dependencies (knip.jsonc says where the app starts).
  'lint:dead': check('lint:dead', bin('knip'), []),
  electronegativity: check('electronegativity', process.execPath, [
    join('scripts', 'electronegativity.mjs'),
  ]),
  'workflow lint': check('workflow lint', process.execPath, [
    join('scripts', 'ci', 'lint-workflows.mjs'),
  ]),
  // One worker: it runs beside the lint (see PHASES), which holds the other core.
  'vitest:unit': vitestProject('unit', ['--maxWorkers=1']),
  'vitest:integration': vitestProject('integration'),
  playwright: suite('playwright', bin('playwright'), ['test', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    counts: () => playwrightCounts(readJson(playwrightJson)),
    files: () => playwrightFileTimes(readJson(playwrightJson)),
    skips: () => playwrightSkips(readJson(playwrightJson)),
  }),
  // The Electron smoke test needs the Electron binary; where it is missing the test reports
  // itself skipped, with the reason.
  'playwright:electron': suite(
    'playwright:electron',
    bin('playwright'),
    ['test', '-c', 'test/electron/playwright.config.ts', '--reporter=list,json'],
    {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: electronJson },
      counts: () => playwrightCounts(readJson(electronJson)),
      skips: () => playwrightSkips(readJson(electronJson)),
    },
  ),
};

/**
 * Phases one after the other; in a phase, lanes side by side, each running its tasks in order.
 * Measured on two cores, every part of the run is bound by the processor, and two heavy parts
 * side by side only slow each other down: beside Playwright's browsers the type-aware lint
 * took 610 s instead of 113 s. So each phase is made to fill the two cores and no more:
 *   1. the builds (the suites test what they produce: the renderer, the bundled command);
 *   2. the type-aware lint (one core for about 115 s: with --concurrency 2 each thread builds
 *      the whole TypeScript program again, 128 s and twice the processor) beside the other
 *      static checks (about 45 s together), then vitest's unit project on one worker;
 *   3. vitest's integration project (three workers: its files mostly wait on child processes
 *      and sockets; vitest.config.ts). Beside the unit project it took 292 s against 276 s
 *      one after the other, and a timing test failed; started after the unit project, beside
 *      the lint's last 35 s, it slowed the lint from 151 s to 277 s and the phase ended 51 s
 *      later;
 *   4. Playwright on two workers (playwright.config.ts), then the Electron smoke test.
 */
const PHASES = [
  [['build', 'build:cli']],
  [
    ['lint'],
    [
      'typecheck:node',
      'typecheck:web',
      'lint:dead',
      'electronegativity',
      'workflow lint',
      'vitest:unit',
    ],
  ],
  [['vitest:integration']],
  [['playwright', 'playwright:electron']],
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
// The names of failed tests, repeated under the summary: CI keeps only the end of the output.
const failures = [];
const running = new Map();

function runTask(task) {
  const log = join(reports, `${task.name.replace(/[^\w.-]+/g, '-')}.log`);
  const out = createWriteStream(log);
  const began = Date.now();
  running.set(task.name, began);
  return new Promise((done) => {
    // On Windows node_modules/.bin holds .cmd shims, which only a shell can start (the
    // arguments here have no spaces or quotes, so the shell's joining changes nothing).
    const child = spawn(task.command, task.args, {
      env: { ...process.env, FORCE_COLOR: '0', ...task.env },
      shell: isWindows && task.command !== process.execPath,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    const finish = (code) => {
      running.delete(task.name);
      out.end(() => done({ code, began, ended: Date.now(), log }));
    };
    child.on('error', (error) => {
      out.write(`\ncould not start ${task.command}: ${error.message}\n`);
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

function tail(file, count = 40) {
  const lines = readFileSync(file, 'utf8').trimEnd().split(/\r?\n/);
  return lines
    .slice(-count)
    .map((line) => `  | ${line}`)
    .join('\n');
}

async function runAndCount(name) {
  const task = TASKS[name];
  const { code, began, ended, log } = await runTask(task);
  const verdict = code === 0 ? 'ok  ' : 'FAIL';
  const took = `${seconds(ended - began)}s`;
  let line;
  if (task.counts) {
    const counts = task.counts() ?? { passed: 0, failed: 0, skipped: 0 };
    for (const failure of counts.failures ?? []) failures.push(`${name}: ${failure}`);
    if (code !== 0 && counts.failed === 0) counts.failed = 1; // crashed or reported nothing
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
    line = `${verdict} ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${took})`;
  } else {
    totals[code === 0 ? 'passed' : 'failed'] += 1;
    line = `${verdict} ${name} (${took})`;
  }
  timings.push({ line, began, ended });
  console.log(line);
  if (code !== 0) console.log(`${tail(log)}\n  (whole log: ${relative('.', log)})`);
}

async function runLane(names) {
  for (const name of names) await runAndCount(name);
}

const heartbeat = setInterval(() => {
  const now = Date.now();
  const what = [...running].map(([name, began]) => `${name} ${Math.round((now - began) / 1000)}s`);
  if (what.length > 0) console.log(`… ${seconds(now - startedAt)}s: running ${what.join(', ')}`);
}, 60_000);
heartbeat.unref();

console.log(`npm test: logs in ${reports}/; one line per task as it ends`);
for (const lanes of PHASES) await Promise.all(lanes.map(runLane));
clearInterval(heartbeat);

console.log('\n=== summary (start and end of each task, seconds from the start)');
for (const { line, began, ended } of timings) {
  const span = `${seconds(began - startedAt).padStart(6)} → ${seconds(ended - startedAt).padStart(6)}`;
  console.log(`${span}  ${line}`);
}
for (const name of Object.keys(TASKS)) {
  const files = TASKS[name].files?.() ?? [];
  if (files.length === 0) continue;
  console.log(`slowest files of ${name}:`);
  for (const { file, ms } of files.slice(0, 10))
    console.log(`  ${seconds(ms).padStart(6)}s  ${file}`);
}
for (const name of Object.keys(TASKS)) {
  for (const { file, test, reason } of TASKS[name].skips?.() ?? []) {
    console.log(`skipped in ${name}: ${file} > ${test}: ${reason ?? 'NO REASON GIVEN'}`);
  }
}
console.log(`wall time ${seconds(Date.now() - startedAt)}s`);
for (const failure of failures) console.log(`  failed: ${failure.slice(0, 700)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
