#!/usr/bin/env node
// npm run screenshots [-- FILES...]: the e2e specs (or the files named) with their screenshots
// taken, to artifacts/screenshots/ (test/support/e2e/screenshots.ts). One line for every shell,
// Windows' included, where `SCREENSHOTS=1 playwright test` would not parse.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const bin = join('node_modules', '.bin', 'playwright');
const run = spawnSync(bin, ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, SCREENSHOTS: '1' },
  shell: process.platform === 'win32',
});
process.exit(run.status ?? 1);
