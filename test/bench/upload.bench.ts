import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSampleDatabaseFile } from '../support/sample-files';
import { curlUpload, type CurlRun } from './upload-curl';
import type { EngineResult, EngineTask } from './upload-engine-child';
import { measureVerify, type VerifyRun } from './upload-verify';

/*
 * npm run bench:upload — the transfer engine against the emulator on loopback, in one run:
 *  (a) the engine (a process of its own) uploading a 2 GiB file: throughput of the upload phase;
 *  (b) the limit: the same parts sent by N parallel `curl -T -` processes (upload-curl.ts);
 *  (c) the engine process's peak RSS for a 1 GiB and a 4 GiB file;
 *  (d) the check of a verified resume of the 4 GiB file (every part read again and hashed).
 * The emulator runs in a child process too, so its memory is not counted. (a) and (b) run in
 * interleaved rounds (BENCH_ROUNDS, default 5; the order alternates) and each keeps its best
 * round, because the machine may be shared and one slow moment must not decide the ratio.
 * Targets: a/b ≥ 0.9; peak RSS ≤ 200 MiB and within 10% between the sizes. Ratio printed last.
 */

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
const IN_FLIGHT = Number(process.env['BENCH_PARTS_IN_FLIGHT'] ?? 4);
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 5));
const INSTANCE = 'sql-eu-dev-01';
const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
const mibps = (bytesPerSecond: number): string => `${(bytesPerSecond / MIB).toFixed(0)} MiB/s`;
const mib = (bytes: number): string => `${(bytes / MIB).toFixed(1)} MiB`;

function firstMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    child.on('message', (message: { type?: string }) => {
      if (message.type === type) resolve(message as T);
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before "${type}"`)));
  });
}

/**
 * The engine child bundled into one plain ESM file and run by node without tsx, as the app
 * runs it bundled (electron-vite); tsx's compiler caches would add ~60 MiB to the RSS measured.
 */
async function bundleEngineChild(dir: string): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(dir, 'upload-engine-child.mjs');
  await build({
    entryPoints: [here('./upload-engine-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile,
    logLevel: 'error',
    // Bundled CommonJS dependencies (undici) call require(): give the ESM bundle one.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  return outfile;
}

/** Scales the file sizes down when the temporary folder's disk is short, and says so. */
async function plannedSizes(dir: string): Promise<{ a: number; small: number; large: number }> {
  const info = await statfs(dir);
  const free = info.bavail * info.bsize;
  // The largest step holds the source, the emulator's parts and its assembled copy: 3 × 4 GiB.
  const needed = 13 * GIB;
  const scale = free >= needed ? 1 : Math.max(1 / 16, free / needed);
  if (scale < 1) {
    console.log(
      `note: ${(free / GIB).toFixed(1)} GiB free in ${dir}; sizes scaled by ${scale.toFixed(3)}`,
    );
  }
  const size = (bytes: number): number => Math.floor((bytes * scale) / MIB) * MIB;
  return { a: size(2 * GIB), small: size(GIB), large: size(4 * GIB) };
}

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU seconds (user + system) a process has used so far, from /proc; undefined elsewhere. */
function cpuSecondsOf(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return undefined;
  }
}

/** How busy the emulator was over `seconds` since `before` (its CPU seconds then), as "NN%". */
function busy(
  emulatorPid: number | undefined,
  before: number | undefined,
  seconds: number,
): string {
  const after = cpuSecondsOf(emulatorPid);
  if (before === undefined || after === undefined) return 'n/a';
  return `${Math.round(((after - before) / seconds) * 100)}%`;
}

/** Flushes dirty pages, so that a measurement does not pay for the previous one's writes. */
function settleDisk(): void {
  spawnSync('sync');
}

async function engineUpload(
  childFile: string,
  baseUrl: string,
  source: string,
  database: string,
  emulatorPid?: number,
) {
  const task: EngineTask = {
    baseUrl,
    sourcePath: source,
    instanceName: INSTANCE,
    databaseName: database,
    partsInFlight: IN_FLIGHT,
  };
  const child = fork(childFile, [JSON.stringify(task)], {
    // Not this process's flags: they would load tsx into the engine child as well.
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const cpuBefore = cpuSecondsOf(emulatorPid);
  let emulatorBusy = 'n/a';
  const started = performance.now();
  child.on('message', (message: { type?: string }) => {
    if (message.type === 'uploaded') {
      emulatorBusy = busy(emulatorPid, cpuBefore, (performance.now() - started) / 1000);
    }
  });
  const result = await firstMessage<EngineResult>(child, 'result');
  await new Promise((resolve) => child.once('exit', resolve));
  if (result.state !== 'done')
    throw new Error(`engine upload ended ${result.state}: ${result.error ?? ''}`);
  return { ...result, emulatorBusy };
}

/** The bench's fixed context: the bundled engine child and the emulator. */
interface Bench {
  childFile: string;
  baseUrl: string;
  emulatorPid: number | undefined;
  dir: string;
}

type EngineRun = EngineResult & { emulatorBusy: string };
type CurlMeasured = CurlRun & { emulatorBusy: string };

async function throughputRounds(bench: Bench, size: number) {
  const { childFile, baseUrl, emulatorPid } = bench;
  const source = join(bench.dir, 'a.bak');
  await writeSampleDatabaseFile(source, 'bak', size, 'bench-a');
  const engine: EngineRun[] = [];
  const curl: CurlMeasured[] = [];
  const stamp = Date.now().toString(36);
  const runCurl = async (round: number): Promise<void> => {
    settleDisk();
    const cpuBefore = cpuSecondsOf(emulatorPid);
    const database = `BenchCurl_${stamp}_${round}`;
    const run = await curlUpload({
      baseUrl,
      instanceName: INSTANCE,
      database,
      source,
      size,
      inFlight: IN_FLIGHT,
    });
    curl.push({ ...run, emulatorBusy: busy(emulatorPid, cpuBefore, run.seconds) });
  };
  const runEngine = async (round: number): Promise<void> => {
    settleDisk();
    engine.push(
      await engineUpload(childFile, baseUrl, source, `BenchEngine_${stamp}_${round}`, emulatorPid),
    );
  };
  for (let round = 1; round <= ROUNDS; round += 1) {
    // The order alternates, so neither side always runs on a warmer or a dirtier machine.
    if (round % 2 === 1) await runCurl(round).then(() => runEngine(round));
    else await runEngine(round).then(() => runCurl(round));
    const a = engine.at(-1) as EngineRun;
    const b = curl.at(-1) as CurlMeasured;
    console.log(
      `  round ${round}: engine ${mibps(a.bytes / (a.uploadMs / 1000))} (engine CPU ${a.uploadCpuSeconds.toFixed(1)} s, ` +
        `emulator busy ${a.emulatorBusy}); curl ${mibps(b.bytesPerSecond)} (emulator busy ${b.emulatorBusy})`,
    );
  }
  await rm(source);
  return { engine, curl };
}

async function rssRuns(
  bench: Bench,
  sizes: number[],
): Promise<{ runs: EngineRun[]; verify: VerifyRun }> {
  const results: EngineRun[] = [];
  let verify: VerifyRun | undefined;
  for (const [index, size] of sizes.entries()) {
    const source = join(bench.dir, `rss-${index}.bak`);
    await writeSampleDatabaseFile(source, 'bak', size, `bench-rss-${index}`);
    settleDisk();
    const database = `BenchRss_${Date.now().toString(36)}`;
    const run = await engineUpload(
      bench.childFile,
      bench.baseUrl,
      source,
      database,
      bench.emulatorPid,
    );
    results.push(run);
    // (d) on the largest file: a resume's check of every part sent before.
    if (index === sizes.length - 1) verify = await measureVerify(source, size, run.partSize);
    await rm(source);
  }
  if (!verify) throw new Error('no file to verify');
  return { runs: results, verify };
}

function report(
  engine: EngineRun[],
  curl: CurlMeasured[],
  small: EngineRun,
  large: EngineRun,
  verify: VerifyRun,
): void {
  const bestEngine = engine.reduce((x, y) => (y.uploadMs < x.uploadMs ? y : x));
  const bestCurl = curl.reduce((x, y) => (y.seconds < x.seconds ? y : x));
  const aRate = bestEngine.bytes / (bestEngine.uploadMs / 1000);
  const ratio = aRate / bestCurl.bytesPerSecond;
  const peak = Math.max(small.peakRssBytes, large.peakRssBytes);
  const spread =
    Math.abs(large.peakRssBytes - small.peakRssBytes) /
    Math.min(small.peakRssBytes, large.peakRssBytes);
  const rssOk = peak <= 200 * MIB && spread <= 0.1;
  console.log(
    `(a) engine, ${mib(bestEngine.bytes)} in ${bestEngine.partCount} parts of ${mib(bestEngine.partSize)}: ` +
      `upload ${(bestEngine.uploadMs / 1000).toFixed(2)} s = ${mibps(aRate)} (best of ${ROUNDS}; whole import ` +
      `${(bestEngine.totalMs / 1000).toFixed(2)} s)`,
  );
  console.log(
    `(b) curl -T ×${IN_FLIGHT}, the same ${bestCurl.plan.partCount} parts: ${bestCurl.seconds.toFixed(2)} s = ` +
      `${mibps(bestCurl.bytesPerSecond)} (best of ${ROUNDS})`,
  );
  console.log(
    `(c) engine peak RSS: ${mib(small.bytes)} file → ${mib(small.peakRssBytes)}, ${mib(large.bytes)} file → ` +
      `${mib(large.peakRssBytes)} (spread ${(spread * 100).toFixed(1)}%; ${mib(small.baselineRssBytes)} before the upload)`,
  );
  console.log(
    `(d) verified resume of the ${mib(large.bytes)} file (all ${verify.parts} sent parts read again and hashed): ` +
      `${(verify.ms / 1000).toFixed(2)} s = ${mibps(verify.bytes / (verify.ms / 1000))}, ` +
      `${(verify.ms / large.uploadMs).toFixed(2)} of the time the engine took to send it (no target)`,
  );
  console.log(
    `targets: ratio ≥ 0.90 ${ratio >= 0.9 ? 'met' : 'NOT met'}; ` +
      `peak RSS ≤ 200 MiB and within 10% ${rssOk ? 'met' : 'NOT met'}`,
  );
  console.log(`ratio a/b: ${ratio.toFixed(2)}`);
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
    console.log(
      `upload bench: ${IN_FLIGHT} parts in flight, ${ROUNDS} round(s), emulator at ${baseUrl}`,
    );
    const { engine, curl } = await throughputRounds(bench, sizes.a);
    const { runs, verify } = await rssRuns(bench, [sizes.small, sizes.large]);
    const [small, large] = runs as [EngineRun, EngineRun];
    report(engine, curl, small, large, verify);
  } finally {
    if (emulator.exitCode === null) {
      emulator.send({ type: 'close' });
      await new Promise((resolve) => emulator.once('exit', resolve));
    }
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
