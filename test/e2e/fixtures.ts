import { test as base, expect } from '@playwright/test';
import { startHarness, type Harness } from '../harness/server';

/**
 * Playwright fixtures: a browser harness per test (its own data folder, port and token),
 * and the page's console errors collected so a test can assert there were none.
 */
export const test = base.extend<{ harness: Harness; consoleErrors: string[] }>({
  // Playwright's fixture signature needs the (unused) first parameter to be destructured.
  // eslint-disable-next-line no-empty-pattern
  harness: async ({}, use) => {
    const harness = await startHarness();
    try {
      await use(harness);
    } finally {
      await harness.close();
    }
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await use(errors);
  },
});

export { expect };
