/*
 * The always-on monitor's cost: 3 profiles x 10 instances (the emulator's `monitor`
 * seed, in a child process so its CPU and memory are not the monitor's) watched by one
 * MonitorService in this process for 10 minutes at the real 5 s interval. Prints the requests
 * per minute against the limit of one per instance per interval (target <= 1.05 x), this
 * process's RSS at minute 1 and at the end (target: growth <= 5%), the history's bytes on
 * disk; then, in Chromium through the browser harness, the time to open the Monitor view with
 * 30 instances and to draw one instance's 24-hour chart of 17,280 samples (target < 200 ms)
 * and the renderer's JS heap at minute 1 and at the end with the view open (growth <= 10%).
 *
 * Run: npm run bench:monitor (about 20 minutes: 10 for the monitor, 10 for the view).
 * Shorter: npm run bench:monitor -- --interval-ms 1000 --minutes 10 (time scaled 1:5: every
 * delay of the monitor, job watcher and history is scaled with the interval, so 10 "monitor
 * minutes" of 12 intervals each take 2 minutes). --part main|view|serve runs one part only.
 *
 * The `serve` part: `databridge monitor serve` over the same 30 instances with a real
 * Prometheus scraping it (see monitor-serve-bench.ts): requests to the service per minute,
 * the server's RSS growth, the scrape p99 (target < 50 ms), and the app's monitor reading it
 * as its profiles' team monitor (its session and job reads of the service: target 0; its
 * samples must carry the demo's blocking chains) against one polling the service itself;
 * then a burst (1,000 scrapes at once, 1,000 without the token, 1,000 half-sent requests held
 * 5 s) and the RSS after settling against the RSS just before it (target <= 1.10 x).
 * Its size comes from the environment:
 * DATABRIDGE_BENCH_SERVE_MINUTES (10), _MINUTE_SECONDS (60), _INTERVAL_SECONDS (5),
 * _SCRAPE_SECONDS (5), _PROFILES (3, of 10 instances each), _SETTLE_SECONDS (60, after the
 * burst). A 30-second smoke:
 * DATABRIDGE_BENCH_SERVE_MINUTES=2 DATABRIDGE_BENCH_SERVE_MINUTE_SECONDS=10
 * DATABRIDGE_BENCH_SERVE_INTERVAL_SECONDS=1 DATABRIDGE_BENCH_SERVE_SCRAPE_SECONDS=1
 * DATABRIDGE_BENCH_SERVE_PROFILES=1 npm run bench:monitor -- --part serve
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { InstanceMonitorState } from '../../src/shared/model/monitor';
import {
  defaultSettings,
  type Settings,
  type SettingsPatch,
} from '../../src/shared/model/settings';
import { ApiKeyAuth } from '../../src/main/services/auth/api-key-auth';
import { createDispatcher } from '../../src/main/services/http/dispatcher';
import { ServiceClient } from '../../src/main/services/http/service-client';
import { JobWatcher } from '../../src/main/services/jobs/job-watcher';
import { MonitorHistory } from '../../src/main/services/monitor/monitor-history';
import {
  JOB_DISCOVERY_INTERVALS,
  MonitorService,
} from '../../src/main/services/monitor/monitor-service';
import { ChildEmulator } from '../support/child-emulator';
import { benchServe, serveBenchParams } from './monitor-serve-bench';
import { printServe } from './monitor-serve-report';
import { benchMonitorView, type ViewFigures } from './monitor-bench-view';
import { REAL_INTERVAL_MS, type BenchClock, verdict, mib } from './monitor-bench-clock';

const PROFILES = ['p1', 'p2', 'p3'] as const;
const INSTANCES_PER_PROFILE = 10;
const WATCHED = PROFILES.length * INSTANCES_PER_PROFILE;
const TARGETS = { requestRatio: 1.05, rssGrowth: 1.05 } as const;

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    'interval-ms': { type: 'string', default: String(REAL_INTERVAL_MS) },
    part: { type: 'string', default: 'all' },
  },
});
const clock: BenchClock = {
  minutes: Number(values.minutes),
  intervalMs: Number(values['interval-ms']),
};
if (
  !(clock.minutes >= 1) ||
  !(clock.intervalMs >= 100) ||
  !['all', 'main', 'view', 'serve'].includes(values.part)
) {
  throw new Error(
    'Use --minutes N (>= 1), --interval-ms M (>= 100) and --part all|main|view|serve',
  );
}
/** Every delay of the run is the real one times this (1 at the real 5 s interval). */
const scale = clock.intervalMs / REAL_INTERVAL_MS;
/** A "monitor minute": 12 intervals (one real minute at 5 s). */
const minuteMs = 60_000 * scale;

/** A full gc before reading memory: tsx passes no --expose-gc, so the flag is set here. */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const settledRss = (): number => {
  gc();
  gc();
  return process.memoryUsage().rss;
};
const sleepUntil = (at: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
const load = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function memorySettings(patch: Partial<Settings>) {
  let value: Settings = { ...defaultSettings(), ...patch };
  return {
    get: () => value,
    update: (change: SettingsPatch) => {
      value = { ...value, ...change } as Settings;
      return Promise.resolve(value);
    },
  };
}

type Kind = 'samples' | 'jobs' | 'instances' | 'tokens' | 'other';
/** What a request served by the emulator was for ("METHOD /path"). */
function kindOf(key: string): Kind {
  if (/^GET \/databridge\/v1\/sql-instances\/[^/]+\/sessions$/.test(key)) return 'samples';
  if (/\/jobs/.test(key)) return 'jobs';
  if (/^GET \/databridge\/v1\/sql-instances$/.test(key)) return 'instances';
  if (/\/auth\//.test(key)) return 'tokens';
  return 'other';
}
type Tally = Record<Kind, number>;
function tally(counts: Record<string, number>): Tally {
  const sums: Tally = { samples: 0, jobs: 0, instances: 0, tokens: 0, other: 0 };
  for (const [key, count] of Object.entries(counts)) sums[kindOf(key)] += count;
  return sums;
}
const total = (t: Tally): number => Object.values(t).reduce((a, b) => a + b, 0);
const minus = (a: Tally, b: Tally): Tally =>
  Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v - b[k as Kind]])) as Tally;

interface MainFigures {
  readonly perMinute: Tally[];
  readonly rssMinute1: number;
  readonly rssEnd: number;
  readonly heapMinute1: number;
  readonly heapEnd: number;
  readonly historyBytes: number;
  readonly samples: number;
  readonly watched: number;
  /** process.memoryUsage() at each minute's end (rss after a gc). */
  readonly memory: readonly NodeJS.MemoryUsage[];
}

/** The monitor against the child emulator for `clock.minutes` monitor minutes. */
async function benchMain(): Promise<MainFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'databridge-monitor-bench-'));
  const child = await ChildEmulator.start(join(dir, 'emulator'), {
    seed: 'monitor',
    countRequests: true,
  });
  const dispatcher = createDispatcher({ env: {} });
  try {
    const clients = new Map<string, ServiceClient>(
      PROFILES.map((profileId) => [
        profileId,
        new ServiceClient({
          baseUrl: child.baseUrl,
          authUrl: child.authUrl,
          dispatcher,
          auth: new ApiKeyAuth({ profileId, apiKey: 'demo-admin-key' }),
        }),
      ]),
    );
    const clientFor = (profileId: string): ServiceClient => {
      const client = clients.get(profileId);
      if (!client) throw new Error(`No client for ${profileId}`);
      return client;
    };
    // The app's defaults (1 s, 15 s, 5 s; 5 min rediscovery; 30 s flush; 1 h / 24 h of
    // history; 30 s alert), scaled with the interval.
    const jobs = new JobWatcher({
      clientFor,
      minDelayMs: 1000 * scale,
      maxDelayMs: 15_000 * scale,
      progressDelayMs: 5000 * scale,
      backgroundDiscoveryMs: () => clock.intervalMs * JOB_DISCOVERY_INTERVALS,
    });
    const history = new MonitorHistory({
      dir: join(dir, 'monitor'),
      memoryMs: 3_600_000 * scale,
      maxAgeMs: 86_400_000 * scale,
    });
    const monitor = new MonitorService({
      clientFor,
      jobs,
      history,
      settings: memorySettings({
        sessionRefreshSeconds: clock.intervalMs / 1000,
        blockingAlertSeconds: 30 * scale,
      }),
      rediscoverMs: 300_000 * scale,
      flushMs: 30_000 * scale,
    });
    jobs.onDidChange((event) => monitor.noteJob(event.kind, event.job));
    let samples = 0;
    /** The time of each instance's last sample: a state change without a new sample is not one. */
    const lastAt = new Map<string, number>();
    monitor.onDidChangeInstance((state: InstanceMonitorState) => {
      const key = `${state.profileId}\n${state.instanceName}`;
      const at = state.latest?.at ?? 0;
      if (at !== (lastAt.get(key) ?? 0)) samples += 1;
      lastAt.set(key, at);
    });
    jobs.start();
    const snapshots: Tally[] = [tally(await child.emulator.requests())];
    const started = Date.now();
    for (const profileId of PROFILES) monitor.openProfile(profileId);
    const memory: NodeJS.MemoryUsage[] = [];
    let rssMinute1 = 0;
    let heapMinute1 = 0;
    for (let minute = 1; minute <= clock.minutes; minute += 1) {
      // Half an interval before the minute's end: a minute holds 12 samples per instance,
      // not 11 or 13 by the jitter of the request that lands on the boundary.
      await sleepUntil(started + minute * minuteMs - clock.intervalMs / 2);
      snapshots.push(tally(await child.emulator.requests()));
      memory.push({ ...process.memoryUsage(), rss: settledRss() });
      if (minute === 1) {
        rssMinute1 = settledRss();
        heapMinute1 = process.memoryUsage().heapUsed;
      }
    }
    const rssEnd = settledRss();
    const heapEnd = process.memoryUsage().heapUsed;
    await monitor.dispose();
    jobs.dispose();
    const perMinute = snapshots
      .slice(1)
      .map((snapshot, i) => minus(snapshot, snapshots[i] ?? snapshot));
    return {
      perMinute,
      memory,
      rssMinute1,
      rssEnd,
      heapMinute1,
      heapEnd,
      historyBytes: history.bytesOnDisk(),
      samples,
      watched: lastAt.size,
    };
  } finally {
    await dispatcher.close();
    await child.emulator.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function printMain(figures: MainFigures): boolean {
  const limit = WATCHED * 12;
  const samples = figures.perMinute.map((t) => t.samples);
  const all = figures.perMinute.map(total);
  const busiest = Math.max(...samples);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  // From minute 2: the first minute also lists each profile's instances, signs in, and
  // lists each instance's jobs once (the start, not the cost of watching).
  const steady = all.length > 1 ? all.slice(1) : all;
  const allMean = steady.reduce((a, b) => a + b, 0) / steady.length;
  const allRatio = allMean / limit;
  const sum = (kind: Kind): number => figures.perMinute.reduce((a, t) => a + t[kind], 0);
  const growth = figures.rssEnd / figures.rssMinute1;
  console.log(
    `monitor (main process): ${figures.watched} instances watched (${PROFILES.length} profiles x ${INSTANCES_PER_PROFILE}), ${figures.samples} samples`,
  );
  console.log(
    `  requests per minute (session reads): mean ${mean.toFixed(1)}, busiest ${busiest} of a limit of ${limit} (${WATCHED} x 60 s / 5 s) = ${(busiest / limit).toFixed(3)} x the limit (target <= ${TARGETS.requestRatio}): ${verdict(busiest / limit <= TARGETS.requestRatio)}`,
  );
  console.log(`    by minute: ${samples.join(' ')}`);
  console.log(
    `  all requests per minute from minute 2: mean ${allMean.toFixed(1)} = ${allRatio.toFixed(3)} x the limit (target <= ${TARGETS.requestRatio}): ${verdict(allRatio <= TARGETS.requestRatio)}; over the run: ${sum('samples')} session reads, ${sum('jobs')} job lists (the job watcher's discovery on watched instances), ${sum('instances')} instance lists, ${sum('tokens')} token requests, ${sum('other')} other`,
  );
  console.log(`    by minute: ${all.join(' ')}`);
  console.log(
    `  RSS: minute 1 ${mib(figures.rssMinute1)}, end ${mib(figures.rssEnd)} = ${growth.toFixed(3)} x (target <= ${TARGETS.rssGrowth}): ${verdict(growth <= TARGETS.rssGrowth)}; JS heap used ${mib(figures.heapMinute1)} -> ${mib(figures.heapEnd)} = ${(figures.heapEnd / figures.heapMinute1).toFixed(3)} x (no target; after a gc)`,
  );
  const byMinute = (pick: (m: NodeJS.MemoryUsage) => number): string =>
    figures.memory.map((m) => (pick(m) / 2 ** 20).toFixed(0)).join(' ');
  console.log(
    `    by minute (MiB): RSS ${byMinute((m) => m.rss)}; V8 heap total ${byMinute((m) => m.heapTotal)}; external ${byMinute((m) => m.external)}`,
  );
  const held = (m: NodeJS.MemoryUsage | undefined): number =>
    m === undefined ? NaN : m.rss - (m.heapTotal - m.heapUsed);
  const heldGrowth = held(figures.memory.at(-1)) / held(figures.memory[0]);
  console.log(
    `    RSS less V8's reserved but unused heap (V8 keeps freed pages; the raw RSS swings with it): minute 1 ${mib(held(figures.memory[0]))}, end ${mib(held(figures.memory.at(-1)))} = ${heldGrowth.toFixed(3)} x`,
  );
  const perSample = figures.historyBytes / Math.max(1, figures.samples);
  console.log(
    `  history on disk: ${(figures.historyBytes / 1024).toFixed(1)} KiB (${perSample.toFixed(1)} bytes a sample; a full day of ${WATCHED} instances at 5 s would be ${mib(perSample * 17_280 * WATCHED)})`,
  );
  return (
    busiest / limit <= TARGETS.requestRatio &&
    allRatio <= TARGETS.requestRatio &&
    growth <= TARGETS.rssGrowth
  );
}

function printView(figures: ViewFigures | { skipped: string }): boolean | undefined {
  if ('skipped' in figures) {
    console.log(`Monitor view (renderer): skipped: ${figures.skipped}`);
    return undefined;
  }
  const heapGrowth = figures.heapEnd / figures.heapMinute1;
  console.log(
    `Monitor view (renderer, Chromium through the harness; the app's monitor at a ${figures.intervalSeconds} s interval):`,
  );
  console.log(
    `  open the view with ${figures.rows} instances: ${figures.openMs.toFixed(1)} ms to the paint (no target)`,
  );
  console.log(
    `  24-hour chart (a day of 17,280 samples, drawn as ${figures.points} points): median ${figures.chartMs.toFixed(1)} ms over ${figures.chartRuns.length} (${figures.chartRuns.map((ms) => ms.toFixed(0)).join(', ')}) from the click to the paint (target < 200 ms = ${(figures.chartMs / 200).toFixed(2)} of target): ${verdict(figures.chartMs < 200)}`,
  );
  console.log(
    `  JS heap (after a gc): minute 1 ${mib(figures.heapMinute1)}, end ${mib(figures.heapEnd)} = ${heapGrowth.toFixed(3)} x (target <= 1.10): ${verdict(heapGrowth <= 1.1)}`,
  );
  return figures.chartMs < 200 && heapGrowth <= 1.1;
}

const loadAtStart = load();
const scaleText =
  scale === 1
    ? 'the real 5 s interval'
    : `interval ${clock.intervalMs} ms, time scaled 1:${(1 / scale).toFixed(2)} (a monitor minute of 12 intervals takes ${(minuteMs / 1000).toFixed(1)} s)`;
console.log(
  `Monitor bench: ${clock.minutes} monitor minutes, ${scaleText}; ${cpus().length} cores, load average ${loadAtStart}`,
);
const verdicts: (boolean | undefined)[] = [];
if (values.part === 'all' || values.part === 'main') verdicts.push(printMain(await benchMain()));
if (values.part === 'all' || values.part === 'view') {
  verdicts.push(printView(await benchMonitorView(clock)));
}
if (values.part === 'all' || values.part === 'serve') {
  const dir = await mkdtemp(join(tmpdir(), 'databridge-serve-bench-'));
  try {
    verdicts.push(printServe(await benchServe(dir, serveBenchParams(process.env))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
console.log(`load average: start ${loadAtStart}, end ${load()}`);
const missed = verdicts.some((v) => v === false);
const skipped = verdicts.some((v) => v === undefined);
console.log(
  missed
    ? 'Some targets missed.'
    : skipped
      ? 'Targets met (a part was skipped).'
      : 'All targets met.',
);
