#!/usr/bin/env node
// One update, proved on a real system (the real-OS workflow's Linux `update` job): version N
// of the AppImage finds version N+1 on a feed served from this runner, downloads it and
// verifies it. The feed is N+1's dist folder (latest-linux.yml and the AppImage it names),
// served over http on 127.0.0.1; N is pointed at it by a machine policy in the test folder
// (DATABRIDGE_POLICY_DIR), the only policy that may name an http mirror on this machine
// (TestPolicySchema). N runs with its update mode at its default, automatic: it checks on its
// own, soon after it starts. The check then reads, from outside the app:
//  - the app's update state, over CDP through the preload (updates:getStatus): downloaded,
//    version N+1, from the mirror;
//  - the server's requests: the feed and the AppImage fetched;
//  - the downloaded file in the updater's cache (XDG_CACHE_HOME, a folder of this run): its
//    SHA-512 is the feed's and that of N+1's AppImage (electron-updater checks it before it
//    says "downloaded"; this checks it again, independently).
// Linux only.
//
//   node scripts/ci/check-update.mjs DIST_N DIST_NEXT      (under scripts/ci/with-display.sh)
import { createHash } from 'node:crypto';
import {
  chmodSync,
  createReadStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL, URL } from 'node:url';
import { chromium } from '@playwright/test';
import { parse } from 'yaml';
import { oneFile, runCheck } from './ci-helpers.mjs';
import {
  APP_PAGE,
  devtoolsEndpoint,
  endpointFromActivePort,
  findPage,
  preloadIpc,
} from './probe-app.mjs';
import { endTree, startProgram, waitFor } from './stays-up.mjs';

/** The feed file of the stable channel on Linux (electron-updater's generic provider). */
export const FEED_FILE = 'latest-linux.yml';
const START_SECONDS = 120;
/** The first automatic check runs 10 s after start; the download is from this very machine. */
const UPDATE_SECONDS = 240;

/** The version, file and SHA-512 (base64) a feed names; throws naming what it lacks. */
export function feedOf(text) {
  const feed = parse(text) ?? {};
  const { version, path, sha512 } = feed;
  for (const [key, value] of Object.entries({ version, path, sha512 })) {
    if (typeof value !== 'string' || value === '') throw new Error(`${FEED_FILE} has no ${key}`);
  }
  return { version, path, sha512 };
}

/** The machine policy that points the app at the feed on this runner. */
export function feedPolicy(url) {
  return { version: 1, updates: { url } };
}

/**
 * The file a request asks for, when it is one the server serves (the feed and the AppImage it
 * names, by their exact names; a query such as electron-updater's `noCache` is ignored).
 */
export function servedName(url, names) {
  const name = decodeURIComponent(new URL(url, 'http://feed.invalid').pathname.slice(1));
  return names.includes(name) ? name : undefined;
}

/** The SHA-512 of a file, base64, as electron-builder writes it into a feed. */
export function sha512Of(file) {
  return new Promise((done, fail) => {
    const hash = createHash('sha512');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', fail)
      .on('end', () => done(hash.digest('base64')));
  });
}

/**
 * Serves `names` from `folder` on 127.0.0.1 (ranges are not offered: electron-updater then
 * downloads the whole file), recording each request; answers its URL, the record and close.
 */
export async function startFeedServer(folder, names) {
  const requests = [];
  const server = createServer((req, res) => {
    const name = servedName(req.url ?? '/', names);
    const status = req.method === 'GET' && name ? 200 : 404;
    requests.push({ method: req.method, name: name ?? req.url, status, range: req.headers.range });
    if (status !== 200) {
      res.writeHead(status).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    createReadStream(join(folder, name)).pipe(res);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  const close = () =>
    new Promise((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return { url: `http://127.0.0.1:${port}/`, requests, close };
}

/** What went wrong with N's update to N+1, in words; empty when it was found and verified. */
export function updateVerdict({ from, to, feedUrl, status, requests, downloaded }) {
  const problems = [];
  if (from.version === to.version) problems.push(`N and N+1 are both ${to.version}`);
  const state = status?.state;
  if (!status) problems.push('the app never answered updates:getStatus');
  else if (state?.status !== 'downloaded' || state.version !== to.version) {
    problems.push(
      `N (${from.version}) did not report ${to.version} downloaded: its update state is ${JSON.stringify(state)}`,
    );
  }
  if (status && (status.feed?.kind !== 'mirror' || status.feed.url !== feedUrl)) {
    problems.push(`the app's feed is ${JSON.stringify(status.feed)}, not the mirror ${feedUrl}`);
  }
  const fetched = (name) => requests.some((r) => r.name === name && r.status === 200);
  if (!fetched(FEED_FILE)) problems.push(`the app never fetched ${FEED_FILE} from the server`);
  if (!fetched(to.path)) problems.push(`the app never fetched ${to.path} from the server`);
  const verified = downloaded.filter((file) => file.sha512 === to.sha512);
  if (downloaded.length === 0) problems.push("no AppImage in the updater's cache");
  else if (verified.length === 0) {
    const seen = downloaded.map((file) => `${file.name} ${file.sha512}`).join(', ');
    problems.push(`no downloaded file has the feed's SHA-512 ${to.sha512}: ${seen}`);
  }
  return problems;
}

/** The AppImages under `folder`, at any depth (the updater's pending folder), with their hash. */
async function downloadedFiles(folder) {
  const names = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.AppImage'),
  );
  return Promise.all(
    names.map(async (name) => ({ name, sha512: await sha512Of(join(folder, name)) })),
  );
}

/** The states after which N's update goes no further by itself. */
const FINAL_STATES = ['downloaded', 'error', 'disabled'];

/** The app's update status, read over CDP until it is final or `seconds` pass. */
async function watchUpdate(endpoint, seconds) {
  const browser = await chromium.connectOverCDP(endpoint, { timeout: 60_000, noDefaults: true });
  try {
    const { page } = await findPage(browser, APP_PAGE, 60);
    if (!page) return undefined;
    const deadline = Date.now() + seconds * 1000;
    let status;
    for (;;) {
      const answer = await preloadIpc(page, 'updates:getStatus', {});
      status = answer.ok ? answer.data : status;
      const phase = status?.state?.status;
      if (FINAL_STATES.includes(phase) || Date.now() >= deadline) return status;
      await delay(1000);
    }
  } finally {
    await browser.close();
  }
}

/** The tail of the app's own log, for a failure's report. */
function logTail(userDataDir) {
  try {
    const text = readFileSync(join(userDataDir, 'logs', 'main.log'), 'utf8');
    return text.split('\n').slice(-40).join('\n');
  } catch {
    return '(no log written)';
  }
}

/** Starts N against the feed, waits for its update, ends it; answers what it read. */
async function runUpdate({ appImage, feedUrl, work }) {
  const policyDir = join(work, 'policy');
  const cacheDir = join(work, 'cache');
  const userDataDir = join(work, 'user-data');
  for (const dir of [policyDir, cacheDir, userDataDir]) mkdirSync(dir);
  await writeFile(join(policyDir, 'policy.json'), JSON.stringify(feedPolicy(feedUrl)));
  const env = { ...process.env, DATABRIDGE_POLICY_DIR: policyDir, XDG_CACHE_HOME: cacheDir };
  const args = ['--remote-debugging-port=0', `--user-data-dir=${userDataDir}`];
  console.log(`check-update: ${appImage} ${args.join(' ')} (policy: ${feedUrl})`);
  const program = startProgram({ command: appImage, args, env });
  try {
    const endpoint = await waitFor(
      program,
      () =>
        devtoolsEndpoint(program.output) ??
        endpointFromActivePort(readText(join(userDataDir, 'DevToolsActivePort'))),
      START_SECONDS,
    );
    if (!endpoint) throw new Error(`N gave no DevTools endpoint within ${START_SECONDS} s`);
    const status = await watchUpdate(endpoint, UPDATE_SECONDS);
    return { status, downloaded: await downloadedFiles(cacheDir), log: logTail(userDataDir) };
  } finally {
    await endTree(program.child);
  }
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

async function checkUpdate([distN = 'dist-n', distNext = 'dist-next']) {
  const from = feedOf(readFileSync(join(distN, FEED_FILE), 'utf8'));
  const to = feedOf(readFileSync(join(distNext, FEED_FILE), 'utf8'));
  const appImage = resolve(oneFile(distN, /\.AppImage$/, 'AppImage of N'));
  chmodSync(appImage, 0o755);
  const nextFile = await sha512Of(join(distNext, to.path));
  if (nextFile !== to.sha512) throw new Error(`${to.path} does not match its own ${FEED_FILE}`);
  console.log(`check-update: N ${from.version} (${basename(appImage)}), N+1 ${to.version}`);
  const server = await startFeedServer(resolve(distNext), [FEED_FILE, to.path]);
  const work = mkdtempSync(join(tmpdir(), 'databridge-update-'));
  try {
    const { status, downloaded, log } = await runUpdate({ appImage, feedUrl: server.url, work });
    const facts = { from, to, feedUrl: server.url, status, requests: server.requests, downloaded };
    console.log(`check-update: state ${JSON.stringify(status?.state)}`);
    console.log(`check-update: requests ${JSON.stringify(server.requests)}`);
    const problems = updateVerdict(facts);
    if (problems.length > 0) {
      console.log(`check-update: the app's log ends with\n${log}`);
      throw new Error(problems.join('; '));
    }
    console.log(`check-update: ${to.path} downloaded, its SHA-512 the feed's`);
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCheck('check-update', () => checkUpdate(process.argv.slice(2)));
}
