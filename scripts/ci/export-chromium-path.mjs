#!/usr/bin/env node
// Points the e2e suite at Playwright's own Chromium on every OS: playwright.config.ts takes
// CHROMIUM_PATH first, and otherwise /usr/bin/chromium where it exists, which on the Ubuntu
// runner is a Chromium of another version that Playwright was not built against. Writes
// CHROMIUM_PATH to $GITHUB_ENV for the steps after this one (`npx playwright install
// chromium` runs first).
import { appendFileSync, existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const path = chromium.executablePath();
if (!existsSync(path)) {
  console.error(`export-chromium-path: ${path} is missing; run npx playwright install chromium`);
  process.exit(1);
}
const envFile = process.env['GITHUB_ENV'];
if (envFile) appendFileSync(envFile, `CHROMIUM_PATH=${path}\n`);
console.log(`CHROMIUM_PATH=${path}${envFile ? '' : ' (no GITHUB_ENV: printed only)'}`);
