import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Playwright's own browser download does not work on our machines; Debian's
 * Chromium does. Elsewhere Playwright's bundled Chromium is used.
 */
const debianChromium = '/usr/bin/chromium';
const executablePath =
  process.env['CHROMIUM_PATH'] ?? (existsSync(debianChromium) ? debianChromium : undefined);

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: process.env['PW_OUTPUT_DIR'] ?? 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files run side by side (each starts its own harness: port, data folder, emulator); the
  // tests of one file run in order, since several build on what the one before did.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
