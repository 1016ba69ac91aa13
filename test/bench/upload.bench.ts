import { fork } from 'node:child_process';
import { mkdtemp, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSampleDatabaseFile } from '../support/sample-files';
import { loadLine, whileBusy } from './upload-burner';
import { curlUpload } from './upload-curl';
import {
  GIB,
  IN_FLIGHT,
  INSTANCE,
  MIB,
  ROUNDS,
  busy,
  bundleEngineChild,
  clearStored,
  cpuSecondsOf,
  databaseName,
  engineUpload,
  firstMessage,
  here,
  mibps,
  settleDisk,
  type Bench,
  type EngineRun,
} from './upload-bench-kit';
import { measureLimit } from './upload-limit';
import { measureMd5Worker } from './upload-md5-worker';
import { measureQueue } from './upload-queue';
import { report, type CurlMeasured } from './upload-report';
import { measureClone, type CloneRun } from './upload-clone';
import { measureIdentityCheck, type IdentityRun } from './upload-identity';
import { measureVerify, type VerifyRun } from './upload-verify';

/*
 * npm run bench:upload — the transfer engine against the emulator on loopback, in one run:
 *  (a) the engine (a process of its own) uploading a 2 GiB file: throughput of the upload phase
 *      and its CPU seconds per GiB;
 *  (b) the limit: the same parts sent by N parallel `curl -T -` processes (upload-curl.ts), and
 *      their CPU seconds per GiB (dd and curl: the whole client side);
 *  (a) and (b) run once with the other core idle, once with a burner keeping it busy
 *      (upload-burner.ts);
 *  (c) the engine process's peak RSS for a 1 GiB and a 4 GiB file, the median of
 *      BENCH_RSS_ROUNDS (default 3) alternating rounds each: one peak is as noisy as V8's
 *      collection timing (1, 4, 1, 4 GiB in a row peaked at 119, 139, 143, 122 MiB);
 *  (d) the check of a verified resume of the 4 GiB file (every part read again and hashed),
 *      and the change checks of one upload of it (a `stat` before, after each part, at the end);
 *      then the clone an upload reads instead where the file system clones (upload-clone.ts:
 *      made, read, removed), or the failed attempt where it does not: TMPDIR on a Btrfs or an
 *      XFS measures the clone. (a) to (c) read the file itself, so their figures do not depend
 *      on the temporary folder's file system;
 *  (e) the queue: 8 files of 256 MiB dropped at once, 2 running, against one 2 GiB file, until
 *      the service stored every file (upload-queue.ts says why not the uploads alone);
 *  (f) a bandwidth limit of 50 MiB/s held over 30 s;
 *  (g) MD5 on a worker thread against MD5 on the event loop.
 * The emulator runs in a child process too, so its memory is not counted. (a) and (b) run in
 * interleaved rounds (BENCH_ROUNDS, default 5; the order alternates) and each keeps its best
 * round, because the machine may be shared and one slow moment must not decide the ratio.
 * Targets: a/b ≥ 0.95 idle and ≥ 0.9 busy; engine CPU ≤ 2.5 s per GiB (MD5 included); peak RSS ≤ 200 MiB and within 10% between the sizes; (e) ≥ 0.9 with
 * peak RSS ≤ 2× one transfer's; (f) within 5% of the limit. Ratio a/b printed last.
 */

/** Scales the file sizes down when the temporary folder's disk is short, and says so. */
async function plannedSizes(dir: string): Promise<{ a: number; small: number; large: number }> {
  const info = await statfs(dir);
  const free = info.bavail * info.bsize;
  // The largest step holds both sources (1 and 4 GiB), the emulator's parts and its
  // assembled copy of the 4 GiB file: 13 GiB.
  const needed = 13 * GIB;
  // BENCH_SCALE (0 to 1) shrinks every file, for a quick look at the bench itself.
  const asked = Math.min(1, Number(process.env['BENCH_SCALE'] ?? 1));
  const scale = Math.min(asked, free >= needed ? 1 : Math.max(1 / 16, free / needed));
  if (scale < asked) {
    console.log(
      `note: ${(free / GIB).toFixed(1)} GiB free in ${dir}; sizes scaled by ${scale.toFixed(3)}`,
    );
  }
  const size = (bytes: number): number => Math.floor((bytes * scale) / (8 * MIB)) * 8 * MIB;
  return { a: size(2 * GIB), small: size(GIB), large: size(4 * GIB) };
}

async function throughputRounds(bench: Bench, source: string, size: number, label: string) {
  const engine: EngineRun[] = [];
  const curl: CurlMeasured[] = [];
  const runCurl = async (): Promise<void> => {
    settleDisk();
    const cpuBefore = cpuSecondsOf(bench.emulatorPid);
    const database = databaseName('BenchCurl');
    const plan = { instanceName: INSTANCE, database, source, size, inFlight: IN_FLIGHT };
    const run = await curlUpload({ baseUrl: bench.baseUrl, ...plan });
    curl.push({ ...run, emulatorBusy: busy(bench.emulatorPid, cpuBefore, run.seconds) });
  };
  const runEngine = async (): Promise<void> => {
    const files = [{ sourcePath: source, databaseName: databaseName('BenchEngine') }];
    engine.push(await engineUpload(bench, { files }));
  };
  for (let round = 1; round <= ROUNDS; round += 1) {
    // The order alternates, so neither side always runs on a warmer or a dirtier machine.
    if (round % 2 === 1) await runCurl().then(runEngine);
    else await runEngine().then(runCurl);
    await clearStored(bench);
    const a = engine.at(-1) as EngineRun;
    const b = curl.at(-1) as CurlMeasured;
    console.log(
      `  ${label} round ${round}: engine ${mibps(a.bytes / (a.uploadMs / 1000))} (engine CPU ${a.uploadCpuSeconds.toFixed(1)} s, ` +
        `emulator busy ${a.emulatorBusy}); curl ${mibps(b.bytesPerSecond)} (curl CPU ${b.cpuSeconds.toFixed(1)} s, ` +
        `emulator busy ${b.emulatorBusy}); load ${loadLine()}`,
    );
  }
  return { engine, curl };
}

/** (a) and (b) with the other core idle, then again with a burner keeping it busy. */
async function idleAndBusyRounds(bench: Bench, size: number) {
  const source = join(bench.dir, 'a.bak');
  await writeSampleDatabaseFile(source, 'bak', size, 'bench-a');
  try {
    const idle = await throughputRounds(bench, source, size, 'idle');
    const busyCore = await whileBusy(() => throughputRounds(bench, source, size, 'busy'));
    return { idle, busy: busyCore };
  } finally {
    await rm(source);
  }
}

/** Rounds of the peak RSS measure per size: V8 collects late, so one peak is noisy. */
const RSS_ROUNDS = Math.max(1, Number(process.env['BENCH_RSS_ROUNDS'] ?? 3));

/** The run with the median peak RSS (the lower middle one of an even count). */
function medianPeak(runs: EngineRun[]): EngineRun {
  const sorted = [...runs].sort((x, y) => x.peakRssBytes - y.peakRssBytes);
  return sorted[Math.floor((sorted.length - 1) / 2)] as EngineRun;
}

/**
 * (c) Each size uploaded RSS_ROUNDS times, the sizes alternating (1, 4, 4, 1, 1, 4 GiB...):
 * each size answers its median peak and every peak measured. Then (d) on the largest file.
 */
async function rssRuns(
  bench: Bench,
  sizes: number[],
): Promise<{
  runs: EngineRun[];
  peaks: number[][];
  verify: VerifyRun;
  identity: IdentityRun;
  clone: CloneRun;
}> {
  const sources = sizes.map((_, index) => join(bench.dir, `rss-${index}.bak`));
  for (const [index, size] of sizes.entries()) {
    await writeSampleDatabaseFile(sources[index] as string, 'bak', size, `bench-rss-${index}`);
  }
  const bySize: EngineRun[][] = sizes.map(() => []);
  for (let round = 0; round < RSS_ROUNDS; round += 1) {
    const order = round % 2 === 0 ? [...sizes.keys()] : [...sizes.keys()].reverse();
    for (const index of order) {
      const files = [
        { sourcePath: sources[index] as string, databaseName: databaseName('BenchRss') },
      ];
      bySize[index]?.push(await engineUpload(bench, { files }));
      await clearStored(bench);
    }
  }
  const last = sizes.length - 1;
  const largest = bySize[last]?.at(-1);
  if (!largest) throw new Error('no file to verify');
  // (d) on the largest file: a resume's check of every part sent before.
  const verify = await measureVerify(
    sources[last] as string,
    sizes[last] as number,
    largest.partSize,
  );
  const identity = await measureIdentityCheck(
    sources[last] as string,
    sizes[last] as number,
    largest.partSize,
  );
  const clone = await measureClone(
    sources[last] as string,
    sizes[last] as number,
    largest.partSize,
  );
  for (const source of sources) await rm(source);
  return {
    runs: bySize.map(medianPeak),
    peaks: bySize.map((runs) => runs.map((run) => run.peakRssBytes)),
    verify,
    identity,
    clone,
  };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'databridge-bench-'));
  const emulator = fork(here('../support/emulator-child.ts'), [join(dir, 'emulator')], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const { baseUrl } = await firstMessage<{ baseUrl: string }>(emulator, 'ready');
    const sizes = await plannedSizes(dir);
    const bench: Bench = {
      childFile: await bundleEngineChild(dir),
      baseUrl,
      emulatorPid: emulator.pid,
      dir,
    };
    const loadBefore = loadLine();
    console.log(
      `upload bench: ${IN_FLIGHT} parts in flight, ${ROUNDS} round(s), emulator at ${baseUrl}; ` +
        `load average ${loadBefore}`,
    );
    const { idle, busy: busyCore } = await idleAndBusyRounds(bench, sizes.a);
    const { runs, peaks, verify, identity, clone } = await rssRuns(bench, [
      sizes.small,
      sizes.large,
    ]);
    const [small, large] = runs as [EngineRun, EngineRun];
    await clearStored(bench);
    const queue = await measureQueue(bench, sizes.a);
    await clearStored(bench);
    const limit = await measureLimit(bench);
    const md5 = await measureMd5Worker(bench, sizes.a);
    const load = { before: loadBefore, after: loadLine() };
    const figures = { idle, busy: busyCore, small, large, peaks, verify, identity, clone };
    report({ ...figures, queue, limit, md5, load });
  } finally {
    if (emulator.exitCode === null) {
      emulator.send({ type: 'close' });
      await new Promise((resolve) => emulator.once('exit', resolve));
    }
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
