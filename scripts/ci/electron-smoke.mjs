#!/usr/bin/env node
// The Electron smoke test (test/electron) with zero skips allowed: it must run, pass, and
// skip nothing. DATABRIDGE_REQUIRE_ELECTRON=1 must be set, so that a missing binary fails
// inside the test too; this script also reads Playwright's JSON report, so that a skip for
// any other reason fails the step. Under xvfb-run on Linux.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What is wrong with the suite's Playwright stats, in words; empty when all ran and passed. */
export function smokeProblems(stats) {
  if (!stats) return ['Playwright wrote no JSON report (it crashed before running)'];
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = stats;
  const problems = [];
  if (unexpected > 0) problems.push(`${unexpected} test(s) failed`);
  if (flaky > 0) problems.push(`${flaky} test(s) passed only on a retry`);
  if (skipped > 0) problems.push(`${skipped} test(s) skipped, and no skip is allowed here`);
  if (expected === 0) problems.push('no test passed');
  return problems;
}

function main() {
  if (process.env['DATABRIDGE_REQUIRE_ELECTRON'] !== '1') {
    console.error(
      'electron-smoke: set DATABRIDGE_REQUIRE_ELECTRON=1, which makes a missing binary fail',
    );
    return 1;
  }
  const report = resolve('test-results', 'reports', 'electron-smoke.json');
  mkdirSync(resolve('test-results', 'reports'), { recursive: true });
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const args = [cli, 'test', '-c', 'test/electron/playwright.config.ts', '--reporter=list,json'];
  const result = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  const stats = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')).stats : undefined;
  const problems = smokeProblems(stats);
  if (result.status !== 0 && problems.length === 0)
    problems.push(`Playwright exited ${result.status}`);
  if (problems.length > 0) {
    console.error(`\nelectron-smoke: FAIL: ${problems.join('; ')}`);
    return 1;
  }
  console.log(`\nelectron-smoke: ok, ${stats.expected} passed, 0 skipped`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main();
}
