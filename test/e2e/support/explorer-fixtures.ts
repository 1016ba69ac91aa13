import { test as base, expect, type Page } from '@playwright/test';
import { startHarness, type Harness } from '../../harness/server';
import { ExplorerApp } from './explorer-app';

/**
 * One harness per spec file. Playwright has worker and test scopes only, and one worker runs
 * every file in turn, so the worker keeps the harness of the file it is in and replaces it
 * when the next file starts.
 */
class FileHarnesses {
  #current: { file: string; harness: Harness } | undefined;

  async forFile(file: string): Promise<Harness> {
    if (this.#current?.file === file) return this.#current.harness;
    await this.close();
    this.#current = { file, harness: await startHarness() };
    return this.#current.harness;
  }

  async close(): Promise<void> {
    const current = this.#current;
    this.#current = undefined;
    await current?.harness.close();
  }
}

/**
 * Fixtures of the explorer specs: ONE harness per spec file (its tests share the harness,
 * its emulator and its data, so tests of a file run in order and may build on what earlier
 * ones did), a fresh page per test, the page's console errors, and `app`, the page object.
 */
export const test = base.extend<
  { harness: Harness; consoleErrors: string[]; app: ExplorerApp },
  { harnesses: FileHarnesses }
>({
  harnesses: [
    // Playwright's fixture signature needs the (unused) first parameter destructured.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const harnesses = new FileHarnesses();
      try {
        await use(harnesses);
      } finally {
        await harnesses.close();
      }
    },
    { scope: 'worker' },
  ],
  harness: async ({ harnesses }, use, testInfo) => {
    await use(await harnesses.forFile(testInfo.file));
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await use(errors);
  },
  app: async ({ page, harness }, use) => {
    await use(new ExplorerApp(page, harness));
  },
});

export { expect, type Page };
