import { defineConfig } from '@playwright/test';

/**
 * The Electron smoke test (Playwright `_electron`): the real window, preload and IPC. It
 * needs the Electron binary, which cannot be downloaded on every machine; where it is
 * missing the test reports itself skipped with the reason.
 */
export default defineConfig({
  testDir: '.',
  outputDir: '../../test-results/electron',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
});
