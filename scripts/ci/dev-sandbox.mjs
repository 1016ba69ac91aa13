#!/usr/bin/env node
// On the Ubuntu runner, before anything starts Electron from node_modules: proves that the
// check `npm start` runs (scripts/linux-sandbox.mjs) finds the AppArmor restriction on a
// fresh install, applies the first fix it tells users (a root-owned setuid chrome-sandbox,
// Electron's own requirement), and proves the check then passes. Where the restriction is
// off, the check must pass as it is. Linux only; sudo is passwordless on the runner.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { electronDir, RESTRICT_USERNS_FILE, sandboxProblemHere } from '../linux-sandbox.mjs';
import { run, runCheck, usernsRestricted } from './ci-helpers.mjs';

await runCheck('dev-sandbox', () => {
  const dir = electronDir();
  if (!dir) throw new Error('the electron package is not installed');
  const restricted = usernsRestricted();
  const value = existsSync(RESTRICT_USERNS_FILE) ? readFileSync(RESTRICT_USERNS_FILE, 'utf8') : '';
  console.log(`${RESTRICT_USERNS_FILE}: ${value.trim() || 'absent'}`);
  const before = sandboxProblemHere(dir);
  if (!restricted) {
    if (before) throw new Error(`the check refuses an unrestricted system:\n${before}`);
    return;
  }
  if (!before) throw new Error('user namespaces are restricted, and the check found nothing');
  console.log(`The check says, as npm start would:\n${before}`);
  const sandbox = join(dir, 'dist', 'chrome-sandbox');
  run('sudo', ['chown', 'root:root', sandbox]);
  run('sudo', ['chmod', '4755', sandbox]);
  const after = sandboxProblemHere(dir);
  if (after) throw new Error(`the documented fix did not satisfy the check:\n${after}`);
});
