/*
 * The UI at the interface's limits, in Chromium through the browser harness against the
 * built-in emulator with its `large` seed (5,000 archives and 2,000 live sessions on
 * sql-eu-prod-01): the time to render 5,000 archives on one page and to apply a refresh of
 * 2,000 sessions (the monitor's snapshot, `monitor:getSessions`, after Refresh; from the
 * answer's arrival in the page to the paint after it), and the table rows in the DOM; a
 * keystroke in the search box of the 5,000 archives; startup and the JS heap (see
 * ui-bench-startup.ts), and archives at 500 rows against 5,000. Run: npm run
 * bench:ui (builds the renderer when out/ is missing). Targets: first render < 300 ms, refresh
 * < 50 ms, < 200 rows in the DOM (the issue's); a search keystroke < 100 ms (ours).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startHarness } from '../harness/server';
import { LARGE_SEED } from '../../src/emulator/seed/seed';
import { PAGE_PROBE, TYPE_IN_SEARCH, createTagger } from './ui-bench-data';
import { median } from './median';
import { heapAfterGc, measureStartup, procLoadavg } from './ui-bench-startup';

const root = resolve(import.meta.dirname, '../..');
const REFRESHES = Number(process.env['BENCH_REFRESHES'] ?? 9);
const ARCHIVE_RUNS = Number(process.env['BENCH_ARCHIVE_RUNS'] ?? 3);
// searchMs is ours (the issue sets none): a keystroke answered within 100 ms feels immediate.
const TARGETS = { archivesMs: 300, refreshMs: 50, rows: 200, searchMs: 100, heapMb: 60 } as const;

interface Mark {
  readonly tag: string;
  readonly ms: number;
  readonly rows: number;
  /** Whether the table's DOM changed between the answer's arrival and the paint. */
  readonly isTableChanged: boolean;
}

if (!existsSync(resolve(root, 'out/renderer/index.html'))) {
  console.log('Building the renderer (out/ is missing)…');
  execFileSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
}

const marks = (page: Page): Promise<Mark[]> =>
  page.evaluate(() => (globalThis as unknown as { __benchMarks: Mark[] }).__benchMarks);

async function nextMark(page: Page, tag: string, after: number): Promise<Mark> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const found = (await marks(page)).filter((m) => m.tag === tag);
    if (found.length > after) return found[after] as Mark;
    await page.waitForTimeout(50);
  }
  throw new Error(`No ${tag} answer reached the page within 30 s`);
}

async function jumpTo(page: Page, query: string, view: string): Promise<void> {
  await page.keyboard.press('Control+p');
  await page.getByTestId('jump-to').getByTestId('quick-pick-input').locator('input').fill(query);
  await page.keyboard.press('Enter');
  await page.getByTestId(view).waitFor();
}

async function pickPageSize(page: Page, size: number): Promise<void> {
  await page.getByTestId('archive-page-size').click();
  await page
    .locator('.n-base-select-option')
    .filter({ hasText: `${size} a page` })
    .click();
}

const loadAtStart = await procLoadavg();
const harness = await startHarness({ emulator: { seed: 'large' } });
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const tagger = createTagger();
  await page.routeWebSocket(/\/ipc\?/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (typeof message === 'string') tagger.fromPage(message);
      server.send(message);
    });
    server.onMessage((message) =>
      ws.send(typeof message === 'string' ? tagger.fromServer(message) : message),
    );
  });
  await page.addInitScript({ content: PAGE_PROBE });
  const startup = await measureStartup(page, harness.url);

  // Archives: each switch from 100 to 5,000 a page is one answer of 5,000 rows to render.
  await jumpTo(page, 'archives prod', 'archives-view');
  let seen = 1;
  await nextMark(page, 'archives', 0);
  const archiveRuns: Mark[] = [];
  for (let run = 0; run < ARCHIVE_RUNS; run += 1) {
    await pickPageSize(page, LARGE_SEED.archives);
    archiveRuns.push(await nextMark(page, 'archives', seen));
    await pickPageSize(page, 100);
    await nextMark(page, 'archives', seen + 1);
    seen += 2;
  }
  const archives = {
    ms: median(archiveRuns.map((m) => m.ms)),
    rows: Math.max(...archiveRuns.map((m) => m.rows)),
  };

  // How render time grows: one page of 500 rows, measured the same way.
  await pickPageSize(page, 500);
  const archives500 = await nextMark(page, 'archives', seen);
  await pickPageSize(page, 100);
  await nextMark(page, 'archives', seen + 1);
  seen += 2;

  // Searching the 5,000 archives: each keystroke filters every row on the shown columns.
  await pickPageSize(page, LARGE_SEED.archives);
  await nextMark(page, 'archives', seen);
  const heapMb = await heapAfterGc(page);
  const keystrokes = await page.evaluate<number[]>(TYPE_IN_SEARCH);
  const searchMs = median(keystrokes);

  // Sessions: the first answer renders the table; each later refresh is measured.
  await jumpTo(page, 'sessions prod', 'sessions-view');
  await page.getByTestId('session-pause').dispatchEvent('click');
  const first = await nextMark(page, 'sessions', 0);
  const refreshes: Mark[] = [];
  for (let i = 1; i <= REFRESHES; i += 1) {
    // The emulator's sessions move on once per simulated second: a refresh sooner would
    // answer the same rows, and a refresh that changed nothing is not the one measured.
    await page.waitForTimeout(1_100);
    // Blocking alerts may cover the button: the click is dispatched on it directly.
    await page.getByTestId('session-refresh').dispatchEvent('click');
    refreshes.push(await nextMark(page, 'sessions', i));
  }
  const refreshMs = median(refreshes.map((m) => m.ms));
  // Per refresh, how many of the sessions the service answered differed from the last answer.
  const changed = tagger.answers
    .filter((a) => a.tag === 'sessions')
    .slice(1, REFRESHES + 1)
    .map((a) => a.changed);
  const rendered = refreshes.filter((m) => m.isTableChanged).length;
  const rows = Math.max(archives.rows, first.rows, ...refreshes.map((m) => m.rows));
  // What the service answered, not what was asked: the figures are for these sizes.
  const records = (tag: 'archives' | 'sessions'): number =>
    Math.max(0, ...tagger.answers.filter((a) => a.tag === tag).map((a) => a.records));
  const ratio = (value: number, target: number): string =>
    `${(value / target).toFixed(2)} of target`;
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `UI bench (Chromium through the harness, emulator seed "large"; ${cpus().length} cores, load average ${load})`,
  );
  console.log(`/proc/loadavg at start: ${loadAtStart}`);
  console.log(
    `startup: empty page painted ${startup.emptyMs.toFixed(0)} ms (the floor); connection screen painted ${startup.connectionsMs.toFixed(0)} ms after navigation (${(startup.connectionsMs - startup.emptyMs).toFixed(0)} ms over the floor); instances listed ${startup.instancesMs.toFixed(0)} ms after "Try the local emulator"`,
  );
  console.log(
    `archives growth: 500 rows ${archives500.ms.toFixed(1)} ms, ${records('archives')} rows ${archives.ms.toFixed(1)} ms (${(archives.ms / archives500.ms).toFixed(1)}x for ${(records('archives') / 500).toFixed(0)}x the rows)`,
  );
  console.log(
    `renderer JS heap with ${records('archives')} archives loaded, after a forced GC: ${heapMb.toFixed(1)} MB (target < ${TARGETS.heapMb} MB: ${ratio(heapMb, TARGETS.heapMb)})`,
  );
  console.log(
    `archives: ${records('archives')} rows, first render median ${archives.ms.toFixed(1)} ms over ${ARCHIVE_RUNS} (${archiveRuns.map((m) => m.ms.toFixed(0)).join(', ')}) (target < ${TARGETS.archivesMs} ms: ${ratio(archives.ms, TARGETS.archivesMs)}), ${archives.rows} rows in the DOM`,
  );
  console.log(
    `archives search: ${keystrokes.length} keystrokes over ${records('archives')} rows, median ${searchMs.toFixed(1)} ms to the paint (max ${Math.max(...keystrokes).toFixed(1)} ms; our target < ${TARGETS.searchMs} ms: ${ratio(searchMs, TARGETS.searchMs)})`,
  );
  console.log(
    `sessions: ${records('sessions')} rows, first render ${first.ms.toFixed(1)} ms; refresh median ${refreshMs.toFixed(1)} ms over ${REFRESHES} (max ${Math.max(...refreshes.map((m) => m.ms)).toFixed(1)} ms; target < ${TARGETS.refreshMs} ms: ${ratio(refreshMs, TARGETS.refreshMs)}), ${first.rows} rows in the DOM`,
  );
  console.log(
    `table rows in the DOM at most: ${rows} (target < ${TARGETS.rows}: ${ratio(rows, TARGETS.rows)})`,
  );
  console.log(
    `sessions changed per refresh: ${changed.join(', ')} of ${records('sessions')}; the table's DOM changed in ${rendered} of ${REFRESHES} refreshes`,
  );
  const ok =
    archives.ms < TARGETS.archivesMs &&
    refreshMs < TARGETS.refreshMs &&
    rows < TARGETS.rows &&
    searchMs < TARGETS.searchMs &&
    heapMb < TARGETS.heapMb &&
    // Each refresh measured changed rows, and the table showed it (else it timed nothing).
    changed.every((count) => count > 0) &&
    rendered === REFRESHES;
  console.log(ok ? 'All targets met.' : 'Some targets missed.');
  console.log(`/proc/loadavg at end: ${await procLoadavg()}`);
} finally {
  await browser.close();
  await harness.close();
}
