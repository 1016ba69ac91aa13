import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Two projects, each with the workers its files can use on the two cores of our machines
 * (measured: see the README's "Tests" section). Unit files mostly compute, so they get one
 * worker a core. Integration files mostly wait (on child processes, the emulator, the disk),
 * so more of them run at once than there are cores. vitest runs projects with different worker
 * counts one after the other (`sequence.groupOrder`): the unit files first, since they are
 * quick and tell of a broken module soonest.
 */
const UNIT_WORKERS = 2;
const INTEGRATION_WORKERS = 3;

export default defineConfig({
  // The renderer's aliases, as in tsconfig.web.json's `paths`, for the renderer's tests.
  resolve: {
    alias: {
      '@renderer': resolve('src/renderer/src'),
      '@shared': resolve('src/shared'),
    },
  },
  test: {
    environment: 'node',
    // Times are written in the local zone: the tests expect UTC whatever the machine's is.
    env: { TZ: 'UTC' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          maxWorkers: UNIT_WORKERS,
          // A worker keeps the modules it has loaded from one file to the next: importing them
          // again for each of 210 files took 140 of the project's 200 worker-seconds (102 s ->
          // 40 s). A test that needs a fresh module (one that records what gets loaded, or
          // state kept in a module) imports it after vi.resetModules().
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          maxWorkers: INTEGRATION_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
