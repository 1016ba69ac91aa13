// Starts the app and looks inside its window over the Chrome DevTools Protocol: the page is
// ours (app://databridge/ in a packaged app), the connection screen shows, the keychain
// answers (keytar loaded from beside app.asar), and the built-in emulator signs in and lists
// its instances through the real preload and IPC. Then it holds the app as stays-up.mjs
// does, failing on an early exit or a fatal or sandbox line, and ends it with everything it
// started. The real-OS workflow runs it on `npm start` and on every installed app (with
// their fuses, app-fuses.mjs).
//
// The app gets its own fresh --user-data-dir (Electron makes it the userData path; removed
// after) and --remote-debugging-port=0, a Chromium switch that the fuses leave on: the
// EnableNodeCliInspectArguments fuse turns off Node's --inspect family only (electron/electron
// docs/tutorial/fuses.md, "nodeCliInspect"; shell/common/node_bindings.cc lets Node's debug
// options through only while that fuse is on), while the DevTools server is Chromium's,
// started from this switch by shell/browser/ui/devtools_manager_delegate.cc. Playwright's own
// Electron launcher starts apps with the same switch and reads the same "DevTools listening
// on" line. connectOverCDP attaches to the running app; closing that connection only
// disconnects (the app keeps running), and `noDefaults` leaves the app's session as it is.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { URL } from 'node:url';
import { chromium } from '@playwright/test';
import { binaryFuseProblems } from './app-fuses.mjs';
import { endTree, hold, startProgram, staysUpVerdict, waitFor } from './stays-up.mjs';

/** Where a packaged app (and `npm start`, electron-vite's preview) loads its renderer. */
export const APP_PAGE = 'app://databridge/';
/** An instance the built-in emulator's demo data always has. */
export const EMULATOR_INSTANCE = 'sql-eu-prod-01';
const CONNECTION_SCREEN = '[data-testid="connection-screen"]';
/** Chromium's line on stderr once its DevTools server listens (Playwright waits on it too). */
const DEVTOOLS_LINE = /^DevTools listening on (ws:\/\/\S+)\s*$/m;

/** The browser endpoint in Chromium's "DevTools listening on ws://…" line, if printed. */
export function devtoolsEndpoint(output) {
  return DEVTOOLS_LINE.exec(output)?.[1];
}

/**
 * The browser endpoint in a DevToolsActivePort file (its port, then its browser path), which
 * Chromium writes into the user-data folder and Electron into its session-data folder (the
 * user-data folder unless the app moves it): the way in when stderr does not reach us.
 */
export function endpointFromActivePort(text) {
  const [port = '', path = ''] = text.split(/\r?\n/).map((line) => line.trim());
  if (!/^\d+$/.test(port) || !path.startsWith('/devtools/browser/')) return undefined;
  return `ws://127.0.0.1:${port}${path}`;
}

function activePortEndpoint(userDataDir) {
  try {
    return endpointFromActivePort(readFileSync(join(userDataDir, 'DevToolsActivePort'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Calls a channel as the renderer does in Electron: through the preload's `window.api`. */
export function preloadIpc(page, channel, input) {
  return page.evaluate(
    ([name, value]) => {
      if (!globalThis.api) throw new Error('the page has no window.api: the preload did not run');
      return globalThis.api.invoke(name, value);
    },
    [channel, input],
  );
}

/** The URLs of the page targets in a DevTools server's target list (`GET /json/list`). */
export function pageUrls(targets) {
  if (!Array.isArray(targets)) return [];
  return targets.filter((target) => target?.type === 'page').map((target) => String(target.url));
}

/**
 * The pages the app's DevTools server lists, polled until one is at `prefix` or `seconds`
 * pass. The probe connects only once its page is there: Playwright's own Electron launcher
 * skips a step of connecting for a window that has not navigated yet (it has no renderer),
 * which a CDP connection made while the window is being created would not skip.
 */
async function waitForListedPage(endpoint, prefix, seconds) {
  const list = `http://${new URL(endpoint).host}/json/list`;
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const urls = await globalThis
      .fetch(list)
      .then((response) => response.json())
      .then(pageUrls, () => []);
    if (urls.some((url) => url.startsWith(prefix)) || Date.now() >= deadline) return urls;
    await delay(250);
  }
}

/** The first page whose URL starts with `prefix`, polled until `seconds` pass. */
export async function findPage(browser, prefix, seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const pages = browser.contexts().flatMap((context) => context.pages());
    const page = pages.find((candidate) => candidate.url().startsWith(prefix));
    if (page || Date.now() >= deadline) return { page, urls: pages.map((p) => p.url()) };
    await delay(250);
  }
}

/** What the probe reads inside the app: its page, the connection screen and its IPC answers. */
async function inspect(browser, { expectedPage, pageSeconds, ipc }) {
  const { page, urls } = await findPage(browser, expectedPage, pageSeconds);
  if (!page) return { urls };
  const connectionScreen = await page
    .locator(CONNECTION_SCREEN)
    .waitFor({ state: 'visible', timeout: pageSeconds * 1000 })
    .then(
      () => true,
      () => false,
    );
  const call = (channel, input) =>
    ipc(page, channel, input).catch((error) => ({
      ok: false,
      // Playwright's message carries the page's stack after its first line.
      error: { code: 'PROBE', message: error.message.split('\n')[0] },
    }));
  const info = await call('app:getInfo', {});
  const keychain = await call('session:getKeychainStatus', {});
  // As "Try the emulator" does: the profile, its sign-in (which starts the built-in
  // emulator), then its instances.
  const profile = await call('emulator:createProfile', {});
  const profileId = profile.ok ? profile.data.id : undefined;
  const signIn = profileId && (await call('session:connect', { profileId }));
  const instances = signIn?.ok ? await call('instances:list', { profileId }) : undefined;
  return { urls, page: page.url(), connectionScreen, info, keychain, profile, signIn, instances };
}

/** Connects to the app's DevTools endpoint, reads what {@link inspect} reads, disconnects. */
async function lookInside(endpoint, options) {
  let browser;
  try {
    // noDefaults: the app's own session keeps its settings (downloads, media, focus).
    browser = await chromium.connectOverCDP(endpoint, { timeout: 60_000, noDefaults: true });
    return await inspect(browser, options);
  } catch (error) {
    return { urls: [], error: error.message };
  } finally {
    // A CDP connection is closed by disconnecting: the app keeps running.
    await browser?.close();
  }
}

/** What the probe reads through the endpoint: nothing without one, the pages, the inside. */
async function readFacts(endpoint, options) {
  if (!endpoint) return { urls: [] };
  const urls = await waitForListedPage(endpoint, options.expectedPage, options.pageSeconds);
  if (!urls.some((url) => url.startsWith(options.expectedPage))) return { endpoint, urls };
  return { endpoint, ...(await lookInside(endpoint, options)) };
}

/** A failed IPC answer in words, or undefined when it answered. */
function failedCall(channel, answer) {
  if (answer?.ok) return undefined;
  const { code = 'NO_ANSWER', message = 'no answer' } = answer?.error ?? {};
  return `${channel} failed (${code}): ${message}`;
}

/** What the IPC answers say is wrong: the sandbox, the keychain, the emulator's instances. */
function ipcProblems({ info, keychain, profile, signIn, instances }, requireSandbox) {
  const problems = [];
  const infoFailed = failedCall('app:getInfo', info);
  if (infoFailed) problems.push(infoFailed);
  else if (requireSandbox && info.data?.features?.sandbox !== true) {
    const said = String(info.data?.features?.sandbox);
    problems.push(`Chromium's sandbox is off (app:getInfo features.sandbox is ${said})`);
  }
  const keychainFailed = failedCall('session:getKeychainStatus', keychain);
  if (keychainFailed) problems.push(keychainFailed);
  else if (keychain.data.available !== true) {
    problems.push(
      'the keychain is not available (keytar did not load, or the OS keychain did not answer)',
    );
  }
  const failed =
    failedCall('emulator:createProfile', profile) ??
    failedCall('session:connect', signIn) ??
    failedCall('instances:list', instances);
  if (failed) return [...problems, failed];
  const names = (Array.isArray(instances.data) ? instances.data : []).map((item) => item.name);
  if (!names.includes(EMULATOR_INSTANCE)) {
    problems.push(
      `instances:list of the emulator lists ${names.join(', ') || 'nothing'}, not ${EMULATOR_INSTANCE}`,
    );
  }
  return problems;
}

/**
 * What the probe found wrong, in words; empty when the app passed.
 *
 * @param {object} input
 * @param {string} input.expectedPage the URL prefix of the app's page
 * @param {boolean} input.requireSandbox whether Chromium's sandbox must be on
 * @param {{ startSeconds: number, pageSeconds: number, holdSeconds: number }} input.limits
 * @param {object} input.facts what the probe read: `endpoint` (undefined when none came),
 *   `error` (the connection failed), `urls` (the pages it saw), `page`, `connectionScreen`,
 *   and the answers `info`, `keychain`, `profile`, `signIn`, `instances` (IPC envelopes)
 * @param {{ exit: object | null, output: string }} input.run how the program ended, if it did
 *   before the hold was over, and what it printed
 */
export function probeVerdict({ expectedPage, requireSandbox, limits, facts, run }) {
  const problems = [];
  const ran = staysUpVerdict({ seconds: limits.holdSeconds, readySeen: true, ...run });
  if (facts.endpoint === undefined) {
    problems.push(
      `no DevTools endpoint within ${limits.startSeconds} s: it printed no "DevTools listening on" line and wrote no DevToolsActivePort`,
    );
  } else if (facts.error !== undefined) {
    problems.push(`the DevTools connection failed: ${facts.error}`);
  } else if (facts.page === undefined) {
    const seen = facts.urls.length > 0 ? facts.urls.join(', ') : 'no page';
    problems.push(`no page at ${expectedPage} within ${limits.pageSeconds} s; it showed ${seen}`);
  } else {
    if (!facts.connectionScreen) {
      problems.push(`the connection screen (${CONNECTION_SCREEN}) did not show on ${facts.page}`);
    }
    problems.push(...ipcProblems(facts, requireSandbox));
  }
  return [...problems, ...ran];
}

/** A one-line account of what the probe read, for the workflow's log. */
function summary(facts) {
  const sandbox = facts.info?.data?.features?.sandbox;
  const instances = facts.instances?.ok
    ? `${facts.instances.data.length} instances`
    : 'no instances';
  const keychain = facts.keychain?.data?.available ?? 'unknown';
  return [
    `probe-app: page ${facts.page ?? 'none'}`,
    `sandbox ${sandbox ?? 'unknown'}`,
    `keychain available ${keychain}`,
    instances,
  ].join(', ');
}

/**
 * Starts `command` (with `args`, then --remote-debugging-port=0 and a fresh --user-data-dir),
 * looks inside its window, holds it `holdSeconds`, ends its process tree, and answers the
 * problems found (empty when it passed) with the sandbox state app:getInfo reported.
 */
export async function runProbe({
  command,
  args = [],
  env = process.env,
  expectedPage = APP_PAGE,
  requireSandbox = true,
  startSeconds = 120,
  pageSeconds = 60,
  holdSeconds = 20,
  ipc = preloadIpc,
}) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'databridge-probe-'));
  const switches = ['--remote-debugging-port=0', `--user-data-dir=${userDataDir}`];
  console.log(`probe-app: ${[command, ...args, ...switches].join(' ')}`);
  const program = startProgram({ command, args: [...args, ...switches], env });
  try {
    const endpoint = await waitFor(
      program,
      () => devtoolsEndpoint(program.output) ?? activePortEndpoint(userDataDir),
      startSeconds,
    );
    if (program.error) return { problems: [`it could not start: ${program.error.message}`] };
    const facts = await readFacts(endpoint, { expectedPage, pageSeconds, ipc });
    console.log(summary(facts));
    if (endpoint) await hold(program, holdSeconds);
    const limits = { startSeconds, pageSeconds, holdSeconds };
    const run = { exit: program.exit, output: program.output };
    const problems = probeVerdict({ expectedPage, requireSandbox, limits, facts, run });
    return { problems, sandbox: facts.info?.data?.features?.sandbox };
  } finally {
    await endTree(program.child);
    // Chromium may hold a file of the folder for a moment after it ended (Windows).
    rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 500 });
  }
}

/**
 * The installer checks' last step: probes the installed app (its command and arguments) and
 * reads the fuses of its Electron binary (`binary`: the executable, the macOS app's
 * Contents/MacOS executable, or the AppImage); throws naming every problem of either.
 */
export async function checkInstalledApp({ binary, ...probe }) {
  const { problems } = await runProbe(probe);
  const fuses = await binaryFuseProblems(binary);
  if (fuses.length === 0) console.log(`probe-app: the fuses of ${binary} are as configured`);
  const all = [...problems, ...fuses.map((problem) => `fuses: ${problem}`)];
  if (all.length > 0) throw new Error(`${probe.command}: ${all.join('; ')}`);
}
