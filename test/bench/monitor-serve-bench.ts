import { spawn } from 'node:child_process';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import { buildCli } from '../../scripts/build-cli.mjs';
import { ApiKeyAuth } from '../../src/main/services/auth/api-key-auth';
import { createDispatcher } from '../../src/main/services/http/dispatcher';
import { ServiceClient } from '../../src/main/services/http/service-client';
import { JobWatcher } from '../../src/main/services/jobs/job-watcher';
import { MonitorHistory } from '../../src/main/services/monitor/monitor-history';
import {
  JOB_DISCOVERY_INTERVALS,
  MonitorService,
} from '../../src/main/services/monitor/monitor-service';
import { countedClient } from '../../src/main/services/monitor/serve/counted-client';
import { defaultSettings } from '../../src/shared/model/settings';
import { ChildEmulator } from '../support/child-emulator';
import { parsePromText } from '../support/prometheus-text';
import { startPrometheus, type RunningPrometheus } from '../support/prometheus-server';
import { missingTool } from '../support/system-tools';
import { burst, type BurstFigures } from './monitor-serve-burst';
import { startTeamApp, type TeamApp, type TeamAppCounts } from './monitor-team-app';

/*
 * The headless monitor's part of the monitor bench: `databridge monitor serve` in a process of
 * its own over the emulator's `monitor` seed (up to 3 profiles x 10 instances), a real
 * Prometheus scraping it, the app reading it as its profiles' team monitor (see
 * monitor-team-app.ts), and, for comparison, an app that polls the service itself (the app's
 * own monitor). Every figure is per "minute" of the run; the environment sets the run's size
 * (see SERVE_BENCH_ENV).
 */

/** The run's parameters, from the environment. */
const SERVE_BENCH_ENV = {
  minutes: ['DATABRIDGE_BENCH_SERVE_MINUTES', 10],
  minuteSeconds: ['DATABRIDGE_BENCH_SERVE_MINUTE_SECONDS', 60],
  intervalSeconds: ['DATABRIDGE_BENCH_SERVE_INTERVAL_SECONDS', 5],
  scrapeSeconds: ['DATABRIDGE_BENCH_SERVE_SCRAPE_SECONDS', 5],
  profiles: ['DATABRIDGE_BENCH_SERVE_PROFILES', 3],
  settleSeconds: ['DATABRIDGE_BENCH_SERVE_SETTLE_SECONDS', 60],
} as const;

export type ServeBenchParams = { -readonly [K in keyof typeof SERVE_BENCH_ENV]: number };

/** Reads the parameters; a value that is not a positive number is refused. */
export function serveBenchParams(env: NodeJS.ProcessEnv): ServeBenchParams {
  const entries = Object.entries(SERVE_BENCH_ENV).map(([key, [name, fallback]]) => {
    const value = env[name] === undefined ? fallback : Number(env[name]);
    if (!(value > 0)) throw new Error(`${name} must be a positive number`);
    return [key, value];
  });
  const params = Object.fromEntries(entries) as ServeBenchParams;
  params.profiles = Math.min(3, Math.round(params.profiles));
  return params;
}

/** What one minute of the run counted. */
interface ServeMinute {
  /** Requests the emulator served, all kinds. */
  readonly served: number;
  /** Of those, what the serve process asked for (its own counter) and the session reads. */
  readonly serve: number;
  readonly serveSessionReads: number;
  /** What the self-polling app asked for. */
  readonly selfPoller: number;
  /** What the app reading the team monitor asked of the service and of the team monitor. */
  readonly teamApp: TeamAppCounts;
  readonly rss: number;
  /**
   * The least heap the serve process had in use during the minute (Prometheus's
   * min_over_time of its nodejs_heap_size_used_bytes): the floor a collection brings it back
   * to, which tells memory it keeps from garbage not yet collected (undefined without
   * Prometheus).
   */
  readonly heapFloor: number | undefined;
  /** At the minute's end, from the process's own metrics: V8's heap reserved, and memory
   * outside it (Buffers, ArrayBuffers) that V8 is told of. */
  readonly heapTotal: number;
  /** Of which the young generation (V8's new space) and the old one. */
  readonly newSpace: number;
  readonly oldSpace: number;
  readonly external: number;
}

/** The figures of the run. */
export interface ServeFigures {
  readonly params: ServeBenchParams;
  readonly instances: number;
  readonly minutes: readonly ServeMinute[];
  /** Scrape durations (s), from Prometheus's scrape_duration_seconds or from our own GETs. */
  readonly scrapeSeconds: readonly number[];
  readonly scrapeSource: string;
  /** The team-reading app's reads of the team monitor, each (ms). */
  readonly teamReadMs: readonly number[];
  /** The team-reading app's counts of the whole run, its sign-in and first list included. */
  readonly teamAppTotal: TeamAppCounts;
  /** The burst after the steady minutes, and the server's RSS around it. */
  readonly burst: BurstPhase;
}

/** The burst and the serve process's RSS just before, at its end, and after settling. */
interface BurstPhase {
  readonly sent: BurstFigures;
  readonly rssBefore: number;
  readonly rssPeak: number;
  readonly rssAfter: number;
  /** V8's heap reserved (total) before and after, from the process's own metrics. */
  readonly heapBefore: number;
  readonly heapAfter: number;
}

/** The burst, then `settleSeconds` of ordinary work (peers and scrapes go on meanwhile). */
async function burstPhase(serve: { url: string; pid: number }, params: ServeBenchParams) {
  const rssBefore = await rssOf(serve.pid);
  const heapBefore = (await serveCounts(serve.url)).heapTotal;
  const sent = await burst(serve.url, TOKEN);
  const rssPeak = await rssOf(serve.pid);
  await sleepUntil(Date.now() + params.settleSeconds * 1000);
  const rssAfter = await rssOf(serve.pid);
  const heapAfter = (await serveCounts(serve.url)).heapTotal;
  return { sent, rssBefore, rssPeak, rssAfter, heapBefore, heapAfter };
}

const TOKEN = 'bench-bearer-token-0123456789abcdef';
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kib = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kib === undefined ? NaN : Number(kib) * 1024;
}

/**
 * `databridge monitor serve` as a child process, the command as built and installed (bundled,
 * no TypeScript at run time: what a team runs); answers its URL once it listens.
 */
async function startServeChild(dir: string, baseUrl: string, params: ServeBenchParams) {
  const { entry } = await buildCli({ outDir: join(dir, 'cli') });
  const connections = ['p1', 'p2', 'p3']
    .slice(0, params.profiles)
    .map((name) => ({ name, baseUrl, apiKeyEnv: 'BENCH_KEY' }));
  const config = join(dir, 'serve.json');
  await writeFile(config, JSON.stringify({ connections }));
  const child = spawn(
    process.execPath,
    [
      entry,
      'monitor',
      'serve',
      '--config',
      config,
      '--listen',
      '127.0.0.1:0',
      '--interval',
      String(params.intervalSeconds),
      '--token-env',
      'BENCH_TOKEN',
      '--history-dir',
      join(dir, 'history'),
    ],
    {
      env: { ...process.env, BENCH_KEY: 'demo-admin-key', BENCH_TOKEN: TOKEN },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let log = '';
  // The server is the process that logs it listens: the command starts it again with its
  // small young generation (serve-relaunch.ts), and its RSS is the one measured.
  const { url, pid } = await new Promise<{ url: string; pid: number }>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`monitor serve exited (${code}): ${log}`)));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk;
      const line = log.split('\n').find((l) => l.includes('monitor serve: listening'));
      if (line) ready((JSON.parse(line) as { fields: { url: string; pid: number } }).fields);
    });
  });
  const stop = async (): Promise<number | null> => {
    const exited = new Promise<number | null>((done) => child.once('exit', done));
    child.kill('SIGTERM');
    return exited;
  };
  return { url, pid, stop };
}

/** The app's own monitor in this process, polling the service itself (counted). */
function startSelfPoller(baseUrl: string, authUrl: string, params: ServeBenchParams, dir: string) {
  let calls = 0;
  const dispatcher = createDispatcher({ env: {} });
  const client = countedClient(
    new ServiceClient({
      baseUrl,
      authUrl,
      dispatcher,
      auth: new ApiKeyAuth({ profileId: 'self', apiKey: 'demo-admin-key' }),
    }),
    () => (calls += 1),
  );
  const clientFor = () => client;
  const jobs = new JobWatcher({
    clientFor,
    backgroundDiscoveryMs: () => params.intervalSeconds * 1000 * JOB_DISCOVERY_INTERVALS,
  });
  const value = { ...defaultSettings(), sessionRefreshSeconds: params.intervalSeconds };
  const monitor = new MonitorService({
    clientFor,
    jobs,
    history: new MonitorHistory({ dir: join(dir, 'self-history') }),
    settings: { get: () => value, update: () => Promise.resolve(value) },
  });
  jobs.start();
  ['p1', 'p2', 'p3'].slice(0, params.profiles).forEach((p) => monitor.openProfile(p));
  return {
    calls: () => calls,
    stop: async () => {
      await monitor.dispose();
      jobs.dispose();
      await dispatcher.close();
    },
  };
}

const auth = { authorization: `Bearer ${TOKEN}` };

/** The lowest heap in use of the serve process over the last `seconds` (see ServeMinute). */
async function heapFloorOf(prometheus: RunningPrometheus, seconds: number): Promise<number> {
  const query = `min_over_time(nodejs_heap_size_used_bytes{job="databridge-monitor"}[${seconds}s])`;
  const data = await prometheus.api<{ result: { value: [number, string] }[] }>(
    `query?query=${encodeURIComponent(query)}`,
  );
  return Number(data.result[0]?.value[1] ?? NaN);
}

async function serveCounts(url: string) {
  const answer = await request(`${url}/metrics`, { headers: auth });
  const samples = parsePromText(await answer.body.text());
  const requests = samples.filter((s) => s.name === 'databridge_monitor_service_requests_total');
  const sum = (list: typeof requests) => list.reduce((total, s) => total + s.value, 0);
  const one = (name: string, space?: string) =>
    samples.find((s) => s.name === name && (!space || s.labels['space'] === space))?.value ?? NaN;
  return {
    all: sum(requests),
    sessions: sum(requests.filter((s) => s.labels['operation'] === 'sessions.list')),
    heapTotal: one('nodejs_heap_size_total_bytes'),
    newSpace: one('nodejs_heap_space_size_total_bytes', 'new'),
    oldSpace: one('nodejs_heap_space_size_total_bytes', 'old'),
    external: one('nodejs_external_memory_bytes'),
  };
}

function countsSince(now: TeamAppCounts, before: TeamAppCounts): TeamAppCounts {
  const keys = Object.keys(now) as (keyof TeamAppCounts)[];
  return Object.fromEntries(keys.map((k) => [k, now[k] - before[k]])) as Record<
    keyof TeamAppCounts,
    number
  >;
}

/** Runs the serve part of the bench in `dir`. */
export async function benchServe(dir: string, params: ServeBenchParams): Promise<ServeFigures> {
  await mkdir(dir, { recursive: true });
  const emulatorChild = await ChildEmulator.start(join(dir, 'emulator'), {
    seed: 'monitor',
    countRequests: true,
  });
  const closers: (() => Promise<unknown>)[] = [() => emulatorChild.emulator.close()];
  try {
    const serve = await startServeChild(dir, emulatorChild.baseUrl, params);
    closers.unshift(serve.stop);
    const noPrometheus = missingTool('prometheus', ['--version'], 'Debian: prometheus');
    let prometheus: RunningPrometheus | undefined;
    if (!noPrometheus) {
      prometheus = await startPrometheus({
        dir: join(dir, 'prometheus'),
        target: new URL(serve.url).host,
        scrapeSeconds: params.scrapeSeconds,
        token: TOKEN,
      });
      closers.unshift(() => prometheus?.stop() ?? Promise.resolve());
    }
    const self = startSelfPoller(emulatorChild.baseUrl, emulatorChild.authUrl, params, dir);
    closers.unshift(self.stop);
    const teamApp = await startTeamApp({
      teamUrl: serve.url,
      token: TOKEN,
      serviceUrl: emulatorChild.baseUrl,
      apiKey: 'demo-admin-key',
      profiles: ['p1', 'p2', 'p3'].slice(0, params.profiles),
      intervalSeconds: params.intervalSeconds,
      dir,
    });
    closers.unshift(teamApp.stop);
    const peers = { self, teamApp };
    return await measure(serve, prometheus, noPrometheus, peers, emulatorChild.emulator, params);
  } finally {
    for (const close of closers) await close().catch(() => undefined);
  }
}

async function measure(
  serve: { url: string; pid: number },
  prometheus: RunningPrometheus | undefined,
  noPrometheus: string | undefined,
  peers: { self: { calls(): number }; teamApp: TeamApp },
  emulator: ChildEmulator,
  params: ServeBenchParams,
): Promise<ServeFigures> {
  const minuteMs = params.minuteSeconds * 1000;
  const intervalMs = params.intervalSeconds * 1000;
  const { self, teamApp } = peers;
  const ownScrapes: number[] = [];
  let running = true;
  const scraper = (async () => {
    while (running && !prometheus) {
      const scrapeStart = performance.now();
      await (await request(`${serve.url}/metrics`, { headers: auth })).body.text();
      ownScrapes.push((performance.now() - scrapeStart) / 1000);
      await sleepUntil(Date.now() + intervalMs);
    }
  })();
  const totalOf = async () => Object.values(await emulator.requests()).reduce((a, b) => a + b, 0);
  const take = async () => ({
    served: await totalOf(),
    serve: await serveCounts(serve.url),
    self: self.calls(),
    team: teamApp.counts(),
  });
  let previous = await take();
  const started = Date.now();
  const minutes: ServeMinute[] = [];
  for (let minute = 1; minute <= params.minutes; minute += 1) {
    await sleepUntil(started + minute * minuteMs - intervalMs / 2);
    const now = await take();
    minutes.push({
      served: now.served - previous.served,
      serve: now.serve.all - previous.serve.all,
      serveSessionReads: now.serve.sessions - previous.serve.sessions,
      selfPoller: now.self - previous.self,
      teamApp: countsSince(now.team, previous.team),
      rss: await rssOf(serve.pid),
      heapFloor: prometheus ? await heapFloorOf(prometheus, params.minuteSeconds) : undefined,
      heapTotal: now.serve.heapTotal,
      newSpace: now.serve.newSpace,
      oldSpace: now.serve.oldSpace,
      external: now.serve.external,
    });
    previous = now;
  }
  const burstFigures = await burstPhase(serve, params);
  running = false;
  await scraper;
  let scrapeSeconds = ownScrapes;
  let scrapeSource = `our own GET /metrics each interval (${noPrometheus ?? ''})`;
  if (prometheus) {
    const range = `${Math.ceil((params.minutes * minuteMs) / 1000)}s`;
    const data = await prometheus.api<{ result: { values: [number, string][] }[] }>(
      `query?query=${encodeURIComponent(`scrape_duration_seconds{job="databridge-monitor"}[${range}]`)}`,
    );
    scrapeSeconds = (data.result[0]?.values ?? []).map(([, v]) => Number(v));
    scrapeSource = `Prometheus's scrape_duration_seconds, every ${params.scrapeSeconds} s`;
  }
  return {
    params,
    instances: params.profiles * 10,
    minutes,
    scrapeSeconds,
    scrapeSource,
    teamReadMs: teamApp.teamReadMs,
    teamAppTotal: teamApp.counts(),
    burst: burstFigures,
  };
}
