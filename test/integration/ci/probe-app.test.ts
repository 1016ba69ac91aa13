import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PAGE, runProbe } from '../../../scripts/ci/probe-app.mjs';
import { startHarness, type Harness } from '../../harness/server';
import { harnessPageIpc } from '../../support/harness-page-ipc';

/*
 * The installer probe's real path, short of Electron (which cannot run here): it starts a
 * real Chromium on the browser harness with --remote-debugging-port=0 and a fresh user-data
 * folder, finds the DevTools endpoint in its output, connects over CDP, finds the page, sees
 * the connection screen, calls the app's channels, holds the browser and ends it. Only the
 * way into IPC differs: the harness page has no preload, so the calls go over the harness
 * socket (test/support/harness-page-ipc.ts) where Electron's go through window.api.
 */

/** Chromium as playwright.config.ts picks it: CHROMIUM_PATH, Debian's, else Playwright's. */
const CHROMIUM = [
  process.env['CHROMIUM_PATH'],
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  chromium.executablePath(),
].find((path): path is string => path !== undefined && existsSync(path));

/** Headless (the full browser needs the switch; the headless shell takes it as it is). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

if (!CHROMIUM) console.log('The app probe test is skipped: no Chromium here (set CHROMIUM_PATH)');

let harness: Harness;

function probe(expectedPage: string, pageSeconds: number): ReturnType<typeof runProbe> {
  if (!CHROMIUM) throw new Error('no Chromium here: set CHROMIUM_PATH');
  return runProbe({
    command: CHROMIUM,
    args: [...CHROMIUM_ARGS, harness.url],
    expectedPage,
    // The harness's page cannot know whether its browser is sandboxed: it says false.
    requireSandbox: false,
    startSeconds: 60,
    pageSeconds,
    holdSeconds: 2,
    ipc: harnessPageIpc,
  });
}

describe.skipIf(!CHROMIUM)('the app probe, on the browser harness in Chromium', () => {
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('passes a window that shows the connection screen, has a keychain and lists the emulator', async () => {
    const { problems, sandbox } = await probe(`${harness.origin}/`, 60);
    expect(problems).toEqual([]);
    expect(sandbox).toBe(false);
    // The probe's emulator:createProfile reached the app's own services.
    expect(harness.services.profiles.list().filter((profile) => profile.isEmulator)).toHaveLength(
      1,
    );
  }, 90_000);

  it('fails a window whose page is not the one expected, naming the page it found', async () => {
    // Five seconds for a page that never comes: Chromium opens the harness at start.
    const { problems } = await probe(APP_PAGE, 5);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^no page at app:\/\/databridge\/ within 5 s; it showed /);
    expect(problems[0]).toContain(harness.url);
  }, 90_000);
});
