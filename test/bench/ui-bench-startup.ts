/*
 * The startup and memory figures of bench:ui: opening the app to the connection screen
 * painted, "Try the local emulator" to the instances listed, against an empty page served
 * the same way (the floor: what loading any page costs here), and the renderer's JS heap
 * after a forced garbage collection.
 */
import type { Page } from '@playwright/test';

/** Startup times in ms from the navigation's start (instances: from the click). */
export interface StartupFigures {
  readonly emptyMs: number;
  readonly connectionsMs: number;
  readonly instancesMs: number;
}

const EMPTY_PAGE = '<!doctype html><html><body><div id="app">DataBridge</div></body></html>';

/** Ms since the page's navigation started, read after the next paint. */
const afterPaint = (page: Page): Promise<number> =>
  // A string: the bench's tsconfig has no DOM types.
  page.evaluate<number>(
    'new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(performance.now()))))',
  );

/**
 * Opens an empty page, then the app, in `page` (a fresh page: no saved state in it), then
 * clicks "Try the local emulator" and waits for its instances in the tree. Once per bench:
 * the emulator profile it adds stays, so a second opening would list the instances at once.
 */
export async function measureStartup(page: Page, url: string): Promise<StartupFigures> {
  const empty = `${new URL(url).origin}/__bench-empty`;
  await page.route(empty, (route) => route.fulfill({ contentType: 'text/html', body: EMPTY_PAGE }));
  await page.goto(empty);
  await page.getByText('DataBridge').waitFor();
  const emptyMs = await afterPaint(page);
  await page.goto(url);
  const button = page.getByTestId('try-emulator').first();
  await button.waitFor();
  const connectionsMs = await afterPaint(page);
  const clicked = await page.evaluate(() => performance.now());
  await button.click();
  await page.getByTestId('tree-node').filter({ hasText: 'sql-eu-prod-01' }).waitFor();
  const instancesMs = (await afterPaint(page)) - clicked;
  return { emptyMs, connectionsMs, instancesMs };
}

/** The page's JS heap in use after a forced garbage collection, in MB. */
export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize / 1024 / 1024;
  } finally {
    await cdp.detach();
  }
}

/** The machine's load averages as /proc/loadavg gives them (1, 5, 15 minutes, tasks). */
export async function procLoadavg(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  return (await readFile('/proc/loadavg', 'utf8').catch(() => 'unavailable')).trim();
}
