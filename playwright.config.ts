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
  // One worker: on two cores a spec's browser, harness and axe checks keep the processor busy,
  // and a second worker beside them did not shorten the run (measured: three heavy files took
  // 272 s on two workers against about 290 s on one) while the accessibility specs came near
  // their timeout. The tests of one file run in order, since several build on the one before.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    // A failed test keeps its trace with the DOM of every step, but not the screencast: its
    // frame copies made Chromium's compositor and browser process the largest part of the run
    // (measured on explorer-databases: 139 s with it, 90 s without; the snapshots cost ~nothing).
    // The failure's own screenshot is still taken.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
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
