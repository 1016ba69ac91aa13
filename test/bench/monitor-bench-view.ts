/*
 * The renderer part of the monitor bench: the app's real services behind the browser harness
 * (emulator seed `monitor`, three signed-in emulator profiles: 30 watched instances) and the
 * built renderer in Chromium. One instance's history file holds a day at 5 s (17,280
 * samples), written before sign-in by the app's own MonitorHistory into the folder the app's
 * monitor reads (<dataDir>/monitor), so the 24-hour chart reads what a day of sampling leaves.
 * Times are taken in the page, from the input event to the paint after the change.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { seededRandom } from '../../src/emulator/random';
import { MonitorHistory } from '../../src/main/services/monitor/monitor-history';
import { MAX_CHART_POINTS } from '../../src/main/services/monitor/downsample';
import type { MonitorInstanceRef, MonitorSample } from '../../src/shared/model/monitor';
import { startHarness, type Harness } from '../harness/server';
import type { BenchClock } from './monitor-bench-clock';
import { median } from './median';

const root = resolve(import.meta.dirname, '../..');
const DAY_SAMPLES = 17_280;
/** 15 minutes at 5 s are 180 samples; a day is thinned by main to at most MAX_CHART_POINTS. */
const FIFTEEN_MINUTES_MAX = 400;
const WATCHED = 30;
const CHART_RUNS = Number(process.env['BENCH_CHART_RUNS'] ?? 5);

/** What the renderer part measured. */
export interface ViewFigures {
  readonly intervalSeconds: number;
  readonly rows: number;
  readonly openMs: number;
  readonly points: number;
  readonly chartMs: number;
  readonly chartRuns: readonly number[];
  readonly heapMinute1: number;
  readonly heapEnd: number;
}

/** Why the part cannot run, or undefined when it can (builds the renderer when needed). */
function unavailable(): string | undefined {
  if (!existsSync(join(root, 'src/renderer/src/views/MonitorView.vue'))) {
    return 'the Monitor view is not built yet';
  }
  const built = (): boolean => {
    const assets = join(root, 'out/renderer/assets');
    if (!existsSync(assets)) return false;
    return readdirSync(assets).some(
      (file) =>
        file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes('monitor-view'),
    );
  };
  if (!built()) {
    console.log('Building the renderer (out/ is missing or has no Monitor view)…');
    execFileSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
  }
  return built() ? undefined : 'the built renderer has no Monitor view';
}

/** A day of plausible samples at 5 s up to `end`, and a blocking mark about every 45 min. */
async function prefillDay(dir: string, ref: MonitorInstanceRef, end: number): Promise<void> {
  const history = new MonitorHistory({ dir });
  const random = seededRandom(13);
  for (let i = 0; i < DAY_SAMPLES; i += 1) {
    const at = end - (DAY_SAMPLES - 1 - i) * 5000;
    const blocked = i % 540 < 30 ? 2 + Math.floor(random() * 3) : 0;
    const sessions = 20 + Math.floor(10 * Math.sin(i / 1440) + random() * 8);
    const sample: MonitorSample = {
      at,
      sessions,
      running: Math.floor(sessions * (0.2 + random() * 0.3)),
      sleeping: Math.floor(sessions * 0.4),
      blocked,
      headBlockers: blocked > 0 ? 1 : 0,
      longestWaitMs: blocked > 0 ? (i % 540) * 5000 : 0,
      chainDepth: blocked > 0 ? blocked + 1 : 0,
      jobsRunning: random() < 0.1 ? 1 : 0,
      jobsFailed: 0,
    };
    history.addSample(ref, sample);
    if (i % 540 === 6) {
      history.addMarks(ref, [
        { at, sessionId: 60 + (i % 7), blockedCount: blocked, blockingMs: 30_000 },
      ]);
    }
  }
  await history.flush();
}

/** Three emulator profiles signed in (30 watched instances), one with a day of history. */
async function setUp(harness: Harness, intervalSeconds: number): Promise<MonitorInstanceRef> {
  const { profiles, connections, settings, monitor } = harness.services;
  await settings.update({ sessionRefreshSeconds: intervalSeconds });
  const first = await profiles.ensureEmulatorProfile();
  const others = [];
  // One after the other: the profile store writes its whole file on each change.
  for (const n of [2, 3]) {
    others.push(
      await profiles.create({
        name: `Local emulator (bench ${n})`,
        target: first.target,
        auth: { kind: 'apiKey' },
        isEmulator: true,
      }),
    );
  }
  const ref = { profileId: first.id, instanceName: 'sql-eu-prod-01' };
  await prefillDay(join(harness.dataDir, 'monitor'), ref, Date.now());
  for (const profile of [first, ...others]) await connections.connect(profile.id);
  const deadline = Date.now() + 60_000;
  while (monitor.list().watched.filter((s) => s.latest).length < WATCHED) {
    if (Date.now() > deadline)
      throw new Error(`The monitor did not sample ${WATCHED} instances within 60 s`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return ref;
}

const PAINTED = 'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))';

/** In the page: from the Enter that runs "Open monitor" to the paint with `rows` rows. */
const OPEN_PROBE = (rows: number): string => `(() => {
  globalThis.__monitorOpen = new Promise((resolve) => {
    let start;
    addEventListener('keydown', (e) => { if (e.key === 'Enter' && start === undefined) start = performance.now(); }, { capture: true });
    const count = () => document.querySelectorAll('[data-testid="monitor-row"]').length;
    const observer = new MutationObserver(() => {
      if (start === undefined || count() < ${rows}) return;
      observer.disconnect();
      ${PAINTED}.then(() => resolve({ ms: performance.now() - start, rows: count() }));
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
})()`;

/** In the page: clicks a range and answers the ms to the paint once the chart has its points. */
const RANGE_PROBE = (label: string, atLeast: number, atMost: number): string => `(async () => {
  const detail = document.querySelector('[data-testid="monitor-detail"]');
  const chart = detail.querySelector('[data-testid="time-series-chart"]');
  const button = [...detail.querySelectorAll('[data-testid="monitor-range"] .n-radio-button')]
    .find((b) => b.textContent.trim() === ${JSON.stringify(label)});
  const points = () => Number(chart.getAttribute('data-points'));
  const done = () => points() >= ${atLeast} && points() <= ${atMost};
  const start = performance.now();
  button.click();
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('No chart of ${label} within 30 s')), 30000);
    const check = () => { if (!done()) return; observer.disconnect(); clearTimeout(timer); resolve(); };
    const observer = new MutationObserver(check);
    observer.observe(chart, { attributes: true });
    check();
  });
  await ${PAINTED};
  return { ms: performance.now() - start, points: points() };
})()`;

async function openMonitor(page: Page): Promise<{ ms: number; rows: number }> {
  await page.evaluate(OPEN_PROBE(WATCHED));
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByTestId('command-palette');
  await palette.getByTestId('quick-pick-input').locator('input').fill('Open monitor');
  await page.keyboard.press('Enter');
  return page.evaluate<{ ms: number; rows: number }>('globalThis.__monitorOpen');
}

async function jsHeap(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/** Runs the renderer part for the run's minutes; answers its figures, or why it was skipped. */
export async function benchMonitorView(
  clock: BenchClock,
): Promise<ViewFigures | { skipped: string }> {
  const reason = unavailable();
  if (reason) return { skipped: reason };
  const intervalSeconds = Math.max(1, Math.round(clock.intervalMs / 1000));
  const minuteMs = 12 * intervalSeconds * 1000;
  const harness = await startHarness({ emulator: { seed: 'monitor' } });
  const executablePath =
    process.env['CHROMIUM_PATH'] ??
    (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const ref = await setUp(harness, intervalSeconds);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(harness.url);
    // As a user does: the emulator connection (signed in already) from the start screen.
    const tree = page.getByTestId('tree-node').filter({ hasText: ref.instanceName }).first();
    await tree.or(page.getByTestId('try-emulator').first()).waitFor();
    if (!(await tree.isVisible())) await page.getByTestId('try-emulator').first().click();
    await tree.waitFor();
    const open = await openMonitor(page);
    // Blocking alerts (every instance has a chain) may cover the row: the click is dispatched.
    await page
      .locator(
        `[data-testid="monitor-row"][data-row-key^="${ref.profileId}"][data-row-key$="${ref.instanceName}"]`,
      )
      .dispatchEvent('click');
    await page.evaluate(RANGE_PROBE('15 min', 1, FIFTEEN_MINUTES_MAX));
    const runs: { ms: number; points: number }[] = [];
    for (let run = 0; run < CHART_RUNS; run += 1) {
      runs.push(
        await page.evaluate<{ ms: number; points: number }>(
          RANGE_PROBE('24 h', MAX_CHART_POINTS * 0.9, MAX_CHART_POINTS),
        ),
      );
      if (run < CHART_RUNS - 1) await page.evaluate(RANGE_PROBE('15 min', 1, FIFTEEN_MINUTES_MAX));
    }
    // The view stays open on the 24-hour chart, live, for the rest of the run.
    const started = Date.now();
    await new Promise((done) => setTimeout(done, minuteMs));
    const heapMinute1 = await jsHeap(page);
    await new Promise((done) =>
      setTimeout(done, Math.max(0, started + clock.minutes * minuteMs - Date.now())),
    );
    const heapEnd = await jsHeap(page);
    return {
      intervalSeconds,
      rows: open.rows,
      openMs: open.ms,
      points: Math.min(...runs.map((r) => r.points)),
      chartMs: median(runs.map((r) => r.ms)),
      chartRuns: runs.map((r) => r.ms),
      heapMinute1,
      heapEnd,
    };
  } finally {
    await browser.close();
    await harness.close();
  }
}
