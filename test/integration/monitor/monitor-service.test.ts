import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dispatcher } from 'undici';
import { AppError } from '../../../src/shared/errors';
import type { JobEvent } from '../../../src/shared/model/job-event';
import type { BlockingAlert, InstanceMonitorState } from '../../../src/shared/model/monitor';
import {
  defaultSettings,
  type Settings,
  type SettingsPatch,
} from '../../../src/shared/model/settings';
import type { ServiceClient } from '../../../src/main/services/http/service-client';
import { JobWatcher } from '../../../src/main/services/jobs/job-watcher';
import { MonitorHistory } from '../../../src/main/services/monitor/monitor-history';
import {
  MonitorService,
  type MonitorClient,
} from '../../../src/main/services/monitor/monitor-service';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from '../../support/emulator-fixture';

/*
 * The monitor against the emulator over real HTTP, with no view open: it samples every
 * instance of a profile, raises blocking alerts, sees a colleague's failed job, keeps going
 * when one instance is unreachable, and keeps its history across a restart.
 */

let env: RecordingEmulator;
let client: ServiceClient;
let dispatcher: Dispatcher;
let dir: string;
const closers: (() => Promise<void> | void)[] = [];

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

function startMonitor(
  clientFor: (profileId: string) => MonitorClient,
  patch: Partial<Settings> = {},
) {
  const jobs = new JobWatcher({ clientFor, minDelayMs: 200, maxDelayMs: 1000 });
  const jobEvents: JobEvent[] = [];
  jobs.onDidChange((event) => jobEvents.push(event));
  const history = new MonitorHistory({ dir });
  const monitor = new MonitorService({
    clientFor,
    jobs,
    history,
    settings: memorySettings({ sessionRefreshSeconds: 1, ...patch }),
  });
  jobs.onDidChange((event) => monitor.noteJob(event.kind, event.job));
  const states: InstanceMonitorState[] = [];
  const alerts: BlockingAlert[] = [];
  monitor.onDidChangeInstance((state) => states.push(state));
  monitor.onDidRaiseBlockingAlert((alert) => alerts.push(alert));
  jobs.start();
  closers.push(async () => {
    await monitor.dispose();
    jobs.dispose();
  });
  return { monitor, jobs, history, states, alerts, jobEvents };
}

async function until<T>(probe: () => T | undefined, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeEach(async () => {
  env = await startRecordingEmulator({ jobMs: 300 });
  ({ client, dispatcher } = apiKeyClient(env.emulator));
  dir = await mkdtemp(join(tmpdir(), 'databridge-monitor-'));
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await dispatcher.close();
  await env.close();
  await rm(dir, { recursive: true, force: true });
});

describe('MonitorService against the emulator', () => {
  it('watches every instance of an open profile and raises a blocking alert with no view open', async () => {
    const { monitor, alerts } = startMonitor(() => client, { blockingAlertSeconds: 30 });
    monitor.openProfile('p');
    const alert = await until(
      () => alerts.find((a) => a.instanceName === 'sql-eu-prod-01'),
      'the blocking alert of prod',
    );
    // The demo chain on prod: a head blocking two sessions, the first for about a minute.
    expect(alert.heads[0]?.blockedCount).toBe(2);
    expect(alert.heads[0]?.blockingMs).toBeGreaterThan(30_000);
    expect(alert.thresholdSeconds).toBe(30);
    const list = await until(
      () => (monitor.list().watched.length === 3 ? monitor.list() : undefined),
      'three watched instances',
    );
    expect(list.watched.map((s) => s.instanceName).sort()).toEqual([
      'sql-eu-dev-01',
      'sql-eu-prod-01',
      'sql-eu-test-01',
    ]);
    const prod = monitor.sessions({ profileId: 'p', instanceName: 'sql-eu-prod-01' });
    expect(prod.sessions.length).toBeGreaterThan(10);
    expect(prod.health).toBe('blocking');
    // The same chain does not alert again on the next samples.
    const count = alerts.filter((a) => a.instanceName === 'sql-eu-prod-01').length;
    await until(
      () => env.count(/GET \/databridge\/v1\/sql-instances\/sql-eu-prod-01\/sessions/) >= 3,
      'more samples',
    );
    expect(alerts.filter((a) => a.instanceName === 'sql-eu-prod-01')).toHaveLength(count);
  });

  it('reads each instance once per sample, whoever looks', async () => {
    const { monitor, states } = startMonitor(() => client);
    monitor.openProfile('p');
    const ref = { profileId: 'p', instanceName: 'sql-eu-test-01' };
    const pattern = /GET \/databridge\/v1\/sql-instances\/sql-eu-test-01\/sessions /;
    await until(() => env.count(pattern) >= 1, 'the first sample');
    // Readers of the snapshot (views, the tray) cost no request.
    const before = env.count(pattern);
    for (let i = 0; i < 10; i += 1) monitor.sessions(ref);
    expect(env.count(pattern)).toBe(before);
    const started = Date.now();
    await until(() => env.count(pattern) >= 3, 'three samples');
    await monitor.dispose();
    const seconds = (Date.now() - started) / 1000;
    const samples = new Set(
      states
        .filter((s) => s.instanceName === ref.instanceName && s.latest)
        .map((s) => s.latest?.at),
    );
    // One request per sample (one more may have been in flight when the monitor stopped),
    // and never more than one per interval (1 s here).
    expect(env.count(pattern)).toBeGreaterThanOrEqual(samples.size);
    expect(env.count(pattern)).toBeLessThanOrEqual(samples.size + 1);
    expect(env.count(pattern) - before).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });

  it("sees a colleague's failed job on a watched instance", async () => {
    const { monitor, jobEvents, states } = startMonitor(() => client);
    monitor.openProfile('p');
    await until(() => monitor.list().watched.length === 3, 'three watched instances');
    // Another client of the service (a colleague) starts a job that fails.
    const colleague = apiKeyClient(env.emulator, { apiKey: 'demo-contributor-key' });
    closers.push(() => colleague.dispatcher.close());
    env.emulator.faults.once('jobFail');
    await colleague.client.call('databases.create', {
      pathParams: { instanceName: 'sql-eu-dev-01' },
      body: { databaseName: 'ColleagueDb' },
    });
    const failed = await until(
      () => jobEvents.find((e) => e.kind === 'failed' && e.job.instanceName === 'sql-eu-dev-01'),
      "the colleague's failed job",
    );
    expect(failed.job.startedByApp).toBe(false);
    await until(
      () =>
        states.find((s) => s.instanceName === 'sql-eu-dev-01' && (s.latest?.jobsFailed ?? 0) > 0),
      'a sample that counts the failed job',
    );
  });

  it('keeps sampling the others while one instance is unreachable, and backs off from it', async () => {
    const reads = new Map<string, number>();
    const flaky: MonitorClient = {
      call: (id, input, options) => {
        const name = (input as { pathParams?: { instanceName?: string } }).pathParams?.instanceName;
        if (id === 'sessions.list' && name) reads.set(name, (reads.get(name) ?? 0) + 1);
        if (id === 'sessions.list' && name === 'sql-eu-dev-01') {
          return Promise.reject(
            new AppError({
              code: 'NETWORK',
              message: 'Could not list the sessions: the connection was refused.',
            }),
          );
        }
        return client.call(id, input, options);
      },
    };
    const { monitor } = startMonitor(() => flaky);
    monitor.openProfile('p');
    await until(() => (reads.get('sql-eu-test-01') ?? 0) >= 8, 'eight samples of test');
    const dev = monitor.list().watched.find((s) => s.instanceName === 'sql-eu-dev-01');
    expect(dev?.health).toBe('stale');
    expect(dev?.staleSince).toBeTypeOf('number');
    expect(dev?.problem).toMatch(/connection was refused/);
    // Backing off (1 s, 2 s, 4 s, 8 s...): far fewer reads of dev than of test, busy or not.
    expect(reads.get('sql-eu-dev-01') ?? 0).toBeLessThanOrEqual(
      (reads.get('sql-eu-test-01') ?? 0) / 2,
    );
    expect(reads.get('sql-eu-dev-01') ?? 0).toBeGreaterThanOrEqual(2);
    const prod = monitor.list().watched.find((s) => s.instanceName === 'sql-eu-prod-01');
    expect(prod?.health).toBe('blocking');
  });

  it('keeps its history across a restart, bounded on disk', async () => {
    const first = startMonitor(() => client);
    first.monitor.openProfile('p');
    const ref = { profileId: 'p', instanceName: 'sql-eu-prod-01' };
    // Samples are read one after the other: the 4th read has begun only once the 3rd sample
    // is kept. Counting 3 reads let dispose() cut the 3rd in flight on a busy machine.
    await until(() => env.count(/sql-eu-prod-01\/sessions /) >= 4, 'three samples kept');
    await first.monitor.dispose();
    const before = await first.monitor.history(ref, '1h');
    expect(before.samples.length).toBeGreaterThanOrEqual(3);

    const restarted = new MonitorHistory({ dir });
    const after = await restarted.range(ref, 60 * 60_000);
    expect(after.samples.map((s) => s.at)).toEqual(before.samples.map((s) => s.at));
    expect(after.marks.length).toBeGreaterThanOrEqual(1);
    expect(after.samples[0]?.blocked).toBeGreaterThanOrEqual(2);

    // Bounded: a small bound drops the oldest samples, and an old sample is dropped by age.
    let now = Date.now() - 25 * 60 * 60_000;
    const bounded = new MonitorHistory({
      dir: join(dir, 'bounded'),
      now: () => now,
      maxBytesPerInstance: 4096,
    });
    const sample = { ...after.samples[0]!, at: now };
    bounded.addSample(ref, sample);
    await bounded.flush();
    now = Date.now();
    for (let i = 0; i < 400; i += 1)
      bounded.addSample(ref, { ...sample, at: now - 400_000 + i * 1000 });
    await bounded.flush();
    expect(bounded.bytesOnDisk()).toBeLessThanOrEqual(4096);
    // What the file kept, read by the next run: the newest samples, none older than a day.
    const reread = new MonitorHistory({ dir: join(dir, 'bounded'), now: () => now });
    const kept = await reread.range(ref, 60 * 60_000);
    expect(kept.samples.length).toBeGreaterThan(20);
    expect(kept.samples.length).toBeLessThan(400);
    expect(kept.samples.at(-1)?.at).toBe(now - 1000);
    // The day's range comes from memory, in buckets of 48 s (a day in 1,800 points).
    const day = await reread.range(ref, 24 * 60 * 60_000);
    expect(day.samples.length).toBeGreaterThan(0);
    expect(day.samples.length).toBeLessThanOrEqual(Math.ceil(kept.samples.length / 48) + 1);
    expect(day.samples.every((s) => s.at >= now - 24 * 60 * 60_000)).toBe(true);
    expect(day.samples.at(-1)?.at).toBe(now - 1000);
    const files = await stat(join(dir, 'bounded'));
    expect(files.isDirectory()).toBe(true);
  });
});
