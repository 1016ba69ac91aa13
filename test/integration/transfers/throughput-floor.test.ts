import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ThroughputFloor } from '../../../src/main/services/transfers/throughput-floor';
import { importFile } from '../../support/import-file';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';
import { useTransferFixture } from '../../support/transfer-fixture';
import {
  assembledPath,
  PROFILE_ID,
  waitUntil,
  type Engine,
  type EngineOptions,
} from '../../support/transfer-rig';
import { exportSample, stoppedTransfer } from '../../support/transfer-flows';

/*
 * The throughput floor over real HTTP against the emulator. A storage host that trickles a
 * byte a second keeps any idle deadline alive (here 10 s, ten times the gap); the floor,
 * shortened here to 1 KiB/s over 2 s, drops each such request as too slow, the step tries it
 * again and gives up within the bound the README states, its error naming the cause. Our own
 * bandwidth limit set below the floor holds transfers far longer than a window under it, and
 * never trips it: only the time spent waiting on the host counts. Both download stacks are
 * tried: the direct GET (the app's default) and undici (behind a proxy, say).
 */

const KIB = 1024;
const MIB = 1024 * KIB;
const INSTANCE = 'sql-eu-dev-01';
const ADMIN = { kind: 'apiKey', apiKey: 'demo-admin-key' } as const;
/** The idle deadline: ten times the trickle's gap, so that only the floor can end a request. */
const READ_TIMEOUT_MS = 10_000;
/** What the dispatcher and the direct route allow to connect (their default). */
const CONNECT_TIMEOUT_MS = 10_000;
/**
 * Our bandwidth limit, and a floor twice as high. The files are larger than what the buffers
 * on the way hold (the direct GET's 4 MiB of slots, the kernel's), so that the host's bytes are
 * still being read long after a window: counted in wall time, they would trip the floor.
 */
const LIMIT = 4 * MIB;
const ABOVE_LIMIT: ThroughputFloor = { minBytesPerSecond: 2 * LIMIT, windowMs: 1000 };

const requestLog: string[] = [];
const fx = useTransferFixture(
  'throughput-floor',
  // 24 MiB stand-ins: a download under the limit takes about 6 s.
  { jobMs: 50, minPartSize: MIB, maxExportMib: 24, log: (line) => requestLog.push(line) },
  {
    auth: ADMIN,
    rangesInFlight: 1,
    readTimeoutMs: READ_TIMEOUT_MS,
    partPlan: { partSize: 16 * MIB, minPartSize: MIB, singleStreamThreshold: 16 * MIB },
  },
);

const STACKS: { stack: string; options: Partial<EngineOptions> }[] = [
  { stack: 'the direct GET', options: {} },
  { stack: 'undici', options: { directDownloads: false } },
];

/** The emulator's log lines of the requests to exported files from line `from` on. */
function exportGets(from: number): string[] {
  return requestLog.slice(from).filter((line) => line.startsWith('GET /_blobs/exports/'));
}

/** Every retry notice of the engine's transfers, as the card says it. */
function noticesOf(e: Engine): string[] {
  const notices: string[] = [];
  e.service.onDidChange((record) => {
    if (record.retrying) notices.push(record.retrying.what);
  });
  return notices;
}

describe.each(STACKS)('the throughput floor on $stack', ({ options }) => {
  it('drops a host that trickles a byte a second, retries, and gives up in bound', async () => {
    const floor: ThroughputFloor = { minBytesPerSecond: KIB, windowMs: 2000 };
    const retry = { maxAttempts: 8, maxElapsedMs: 5000 };
    const e = await fx.engine({ ...options, throughputFloor: floor, retry });
    const notices = noticesOf(e);
    fx.emulator.faults.set({ downloadConnectionMiBps: 1 / MIB });
    const from = requestLog.length;
    const startedAt = performance.now();
    const paused = await exportSample(fx, e, INSTANCE, { timeoutMs: 90_000 });
    const tookMs = performance.now() - startedAt;
    expect(paused).toMatchObject({
      state: 'paused',
      pausedReason: 'network',
      error: { code: 'NETWORK' },
    });
    expect(paused.error?.message).toMatch(
      /^The storage host was too slow \(under 1\.00 KiB\/s for 2 s\).* Gave up after \d+ attempts in /,
    );
    expect(notices).toContain('storage host too slow (under 1.00 KiB/s for 2 s)');
    // Every request was dropped before its answer ended, and one was sent again at least.
    await waitUntil(() => exportGets(from).length >= 2, 10_000, 'the log of the dropped GETs');
    expect(exportGets(from).every((line) => / aborted /.test(line))).toBe(true);
    // The README's bound: no attempt starts after maxElapsedMs, and the last one ends within
    // a connection, the answer's head (one idle deadline), the window and one more deadline.
    const bound = retry.maxElapsedMs + CONNECT_TIMEOUT_MS + 2 * READ_TIMEOUT_MS + floor.windowMs;
    expect(tookMs).toBeLessThan(bound);
  });

  it('is not tripped by our own bandwidth limit set below it', async () => {
    const floor = ABOVE_LIMIT;
    const e = await fx.engine({
      ...options,
      throughputFloor: floor,
      bandwidthLimitBytesPerSecond: LIMIT,
    });
    const notices = noticesOf(e);
    const from = requestLog.length;
    const startedAt = performance.now();
    const done = await exportSample(fx, e, INSTANCE, { timeoutMs: 90_000 });
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('done');
    expect(notices).toEqual([]);
    await waitUntil(() => exportGets(from).length >= 1, 10_000, 'the log of the GET');
    expect(exportGets(from)).toHaveLength(1);
    expect(exportGets(from)[0]).not.toMatch(/ aborted /);
    // Held at half the floor for longer than a window.
    expect(performance.now() - startedAt).toBeGreaterThan(floor.windowMs);
  });
});

describe('the throughput floor on an upload', () => {
  it('is not tripped by our own bandwidth limit set below it', async () => {
    const floor = ABOVE_LIMIT;
    const e = await fx.engine({ throughputFloor: floor, bandwidthLimitBytesPerSecond: LIMIT });
    const notices = noticesOf(e);
    const n = fx.next();
    const path = join(fx.root, `source-${n}.bak`);
    const sha = await writeSampleDatabaseFile(path, 'bak', 12 * MIB, `floor-${n}`);
    const from = requestLog.length;
    const startedAt = performance.now();
    const started = await importFile(e.service, {
      profileId: PROFILE_ID,
      instanceName: INSTANCE,
      databaseName: `Floor_${n}`,
      sourcePath: path,
    });
    expect(started.mode).toBe('single');
    const done = await stoppedTransfer(e, started.id, 90_000);
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('done');
    expect(notices).toEqual([]);
    const puts = requestLog.slice(from).filter((line) => line.startsWith('PUT /_blobs/single/'));
    expect(puts).toHaveLength(1);
    expect(puts[0]).not.toMatch(/ aborted /);
    expect(performance.now() - startedAt).toBeGreaterThan(floor.windowMs);
    expect(await sha256File(assembledPath(fx.emulatorDir, INSTANCE, `Floor_${n}`, 'bak'))).toBe(
      sha,
    );
  });
});
