#!/usr/bin/env node
// The one test command (npm test): build, type checks, lint, every vitest and
// Playwright suite, then one closing line "N passed, N failed, N skipped".
// Each static check (build, type check, lint) counts as one test; each runner's
// own tests are read from its JSON report. A runner that exits non-zero
// without reporting a failure (it crashed) counts as one failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { requireNode } from './node-version.mjs';

// Under an older Node, vitest and undici fail deep inside; say what is needed instead.
requireNode();

const reports = join('test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
// The names of failed tests, repeated under the summary: CI keeps only the end of the output.
const failures = [];

const isWindows = process.platform === 'win32';

function run(command, args, env = {}) {
  const started = Date.now();
  // On Windows node_modules/.bin holds .cmd shims, which only a shell can start (the
  // arguments here have no spaces or quotes, so the shell's joining changes nothing).
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
    shell: isWindows && command !== process.execPath,
  });
  return { code: result.status ?? 1, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function check(name, command, args) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const { code, seconds } = run(command, args);
  if (code === 0) totals.passed += 1;
  else totals.failed += 1;
  lines.push(`${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds}s)`);
}

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    return null;
  }
}

function suite(name, command, args, env, countsOf) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const { code, seconds } = run(command, args, env);
  const counts = countsOf() ?? { passed: 0, failed: 0, skipped: 0 };
  for (const failure of counts.failures ?? []) failures.push(`${name}: ${failure}`);
  if (code !== 0 && counts.failed === 0) counts.failed = 1; // crashed or reported nothing
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  const verdict = code === 0 ? 'ok  ' : 'FAIL';
  lines.push(
    `${verdict} ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds}s)`,
  );
}

const bin = (name) => join('node_modules', '.bin', name);

check('build', bin('electron-vite'), ['build']);
check('typecheck:node', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']);
check('typecheck:web', bin('vue-tsc'), ['-p', 'tsconfig.web.json', '--noEmit']);
check('lint', bin('eslint'), ['--max-warnings', '0', '.']);
// Unused files, exports, types and dependencies (knip.jsonc says where the app starts).
check('lint:dead', bin('knip'), []);
check('electronegativity', process.execPath, [join('scripts', 'electronegativity.mjs')]);
check('workflow lint', process.execPath, [join('scripts', 'ci', 'lint-workflows.mjs')]);

// The first lines of an error (its message and the top of its stack), on one line.
function errorHead(text, count = 4) {
  return String(text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(0, count)
    .join(' | ');
}

function vitestFailures(report) {
  const found = [];
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failed.length === 0) {
      found.push(`${file.name}: ${errorHead(file.message)}`);
    }
    for (const test of failed) {
      found.push(`${file.name} > ${test.fullName}: ${errorHead(test.failureMessages?.[0])}`);
    }
  }
  return found;
}

function playwrightFailures(report) {
  const found = [];
  const walk = (suiteNode) => {
    for (const spec of suiteNode.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        found.push(`${spec.file}:${spec.line} > ${spec.title}: ${errorHead(last?.error?.message)}`);
      }
    }
    for (const child of suiteNode.suites ?? []) walk(child);
  };
  for (const root of report.suites ?? []) walk(root);
  return found;
}

function playwrightCounts(report) {
  if (!report?.stats) return null;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  return {
    passed: expected + flaky,
    failed: unexpected,
    skipped,
    failures: playwrightFailures(report),
  };
}

const vitestJson = join(reports, 'vitest.json');
// vitest runs inside a private D-Bus session with gnome-keyring (where the
// machine has them) so the keytar adapter meets a real Secret Service.
// The wrapper is a bash script for Linux's Secret Service; Windows and macOS have their own
// keychain in the desktop session.
const keyring = process.platform === 'linux' ? [join('scripts', 'with-keyring.sh')] : [];
const [vitestCommand, ...vitestWrapped] = [...keyring, bin('vitest')];
suite(
  'vitest',
  vitestCommand,
  [
    ...vitestWrapped,
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ],
  {},
  () => {
    const report = readJson(vitestJson);
    if (!report) return null;
    // A file that failed before any test ran (an import error) has no
    // assertions but still failed: count it once.
    const brokenFiles = (report.testResults ?? []).filter(
      (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
    ).length;
    return {
      passed: report.numPassedTests ?? 0,
      failed: (report.numFailedTests ?? 0) + brokenFiles,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
      failures: vitestFailures(report),
    };
  },
);

const playwrightJson = join(reports, 'playwright.json');
suite(
  'playwright',
  bin('playwright'),
  ['test', '--reporter=list,json'],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  () => playwrightCounts(readJson(playwrightJson)),
);

// The Electron smoke test needs the Electron binary; where it is missing the test reports
// itself skipped, with the reason. Its config lives in test/electron, and Playwright reads a
// relative report path from there: hence an absolute one.
const electronJson = resolve(reports, 'playwright-electron.json');
suite(
  'playwright:electron',
  bin('playwright'),
  ['test', '-c', 'test/electron/playwright.config.ts', '--reporter=list,json'],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: electronJson },
  () => playwrightCounts(readJson(electronJson)),
);

console.log('\n=== summary');
for (const line of lines) console.log(line);
for (const failure of failures) console.log(`  failed: ${failure.slice(0, 700)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
