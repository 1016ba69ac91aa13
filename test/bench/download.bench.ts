import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DownloadResult } from './download-engine-child';
import { measureLimited } from './download-limited';
import { aria2Download, aria2Missing, curlMd5Pipeline, peerTargets } from './download-peers';
import { measureStacks } from './download-stacks';
import { peersLine, summarize, type SizeResult } from './download-report';
import {
  EXPORT_SOURCE,
  GIB,
  MIB,
  ROUNDS,
  SCALE,
  aloneDownload,
  bundleAloneChild,
  bundleDownloadChild,
  bundleStackChild,
  curlDownload,
  curlVerifiedDownload,
  engineDownload,
  loadAverage,
  md5BytesPerSecond,
  md5OfUrl,
  mib,
  mibps,
  cpuSecondsOf,
  scaledSize,
  startEmulator,
  stopEmulator,
  type CurlRun,
} from './download-bench-kit';

/*
 * npm run bench:download — the app's export download against `curl -o` of the same pre-signed
 * URL, on loopback: for a 1 GiB and a 4 GiB export, the engine (a bundled child process of its
 * own: export job, then the streamed, resumable download) and curl in alternating rounds
 * (BENCH_ROUNDS, default 3; each keeps its best round), and the engine's peak RSS. The emulator
 * runs in a child process too, its export cap raised to the size measured. BENCH_SCALE (0..1)
 * shrinks the files for a quick look. Targets: at least 0.9 of curl, peak RSS at most 64 MiB
 * and within 10% between the sizes. The last line is the lower ratio of the two sizes. Beside
 * them, for reading the ratio: MD5 on one core (the engine checks the file's MD5 as it arrives;
 * curl -o checks nothing), curl -o followed by md5sum and sync (the same checks by hand), and
 * the CPU per GiB of each client and of the emulator serving it (from /proc, the emulator's
 * over each download alone). Last, the same export over a link that limits each connection
 * (BENCH_LIMIT_MIBPS, default 40, per connection; download-limited.ts): the engine with one
 * connection and with 4 (its byte ranges) against curl's one connection. After each engine
 * round, the engine's downloader alone (download-alone-child.ts) fetches the same URL, printed
 * without a target. The export flow's download is always the first fetch after the emulator
 * wrote the file, and curl's never is; on this VM a download now and then pays two to three
 * times its CPU, more often in that first place (the same downloader, or curl, put there is
 * as slow). The downloader alone fetches where curl does. Beside curl -o, in the same rounds
 * on the same URL, the downloaders an admin would pick instead, each checking the MD5
 * (download-peers.ts): curl piped through tee and md5sum, and aria2c -x4 with --checksum
 * (skipped, saying why, where aria2c cannot run). Their targets: the engine's CPU per GiB at
 * most 1.1x that of curl and md5sum, its throughput at least aria2c's, its peak RSS at most
 * 48 MiB above its own baseline before its first request. Then, before the limited case, the
 * HTTP stacks the download could run on (download-stacks.ts; alone: `npm run
 * bench:http-stacks`). Every figure is printed with the load average. BENCH_SEGMENT_MIB sets
 * the engine's segment size (default 64), to see what a request per segment costs.
 */

/** The limited case: MiB/s of each connection (BENCH_LIMIT_MIBPS) and the connections. */
const LIMIT_MIBPS = Number(process.env['BENCH_LIMIT_MIBPS'] ?? 40);
const LIMIT_CONNECTIONS = 4;
/** BENCH_RANGES: the engine's connections per download (default: the engine's, 4). */
const RANGES = process.env['BENCH_RANGES']
  ? { rangesInFlight: Number(process.env['BENCH_RANGES']) }
  : {};
/** Why aria2c's line is skipped, or undefined where aria2c runs. */
const ARIA2_SKIPPED = aria2Missing();

/** Removes the emulator's exports but the newest (the one whose URL curl fetches next). */
async function dropOldExports(emulatorDir: string, keep: ReadonlySet<string>): Promise<void> {
  const root = join(emulatorDir, 'exports');
  for (const job of await readdir(root).catch(() => [] as string[])) {
    if (!keep.has(job)) await rm(join(root, job), { recursive: true, force: true });
  }
}

interface Children {
  engine: string;
  alone: string;
  stack: string;
}

async function measureSize(dir: string, children: Children, bytes: number): Promise<SizeResult> {
  const emulatorDir = join(dir, `emulator-${bytes}`);
  const { emulator, baseUrl } = await startEmulator(emulatorDir, bytes / MIB);
  const result: SizeResult = {
    bytes,
    engine: [],
    curl: [],
    verified: [],
    servingEngine: [],
    servingCurl: [],
    alone: [],
    aloneCpu: [],
    servingAlone: [],
    piped: [],
    aria2: [],
  };
  const serverCpu = (): number => cpuSecondsOf(emulator.pid) ?? Number.NaN;
  let url = '';
  let md5 = '';
  const runEngine = async (): Promise<void> => {
    const before = new Set(await readdir(join(emulatorDir, 'exports')).catch(() => []));
    const folder = join(dir, `engine-${Date.now()}`);
    spawnSync('sync');
    let serverAtStart = Number.NaN;
    const run = await engineDownload(
      children.engine,
      { baseUrl, ...EXPORT_SOURCE, folder, ...RANGES },
      () => (serverAtStart = serverCpu()),
    );
    result.servingEngine.push(serverCpu() - serverAtStart);
    if ((await stat(run.file)).size !== bytes) throw new Error(`engine file is not ${bytes} bytes`);
    await rm(folder, { recursive: true, force: true });
    const after = await readdir(join(emulatorDir, 'exports'));
    await dropOldExports(emulatorDir, new Set(after.filter((job) => !before.has(job))));
    url = run.url;
    md5 = await md5OfUrl(url);
    result.engine.push(run);
    // The same URL through the downloader alone, no longer the first fetch of the file (as
    // curl's never is): what the export flow's place in the round costs it.
    const dest = join(dir, 'alone.bak');
    spawnSync('sync');
    const aloneAtStart = serverCpu();
    const alone = await aloneDownload(children.alone, { url, dest });
    result.alone.push(alone.seconds);
    result.aloneCpu.push(alone.cpuSeconds);
    result.servingAlone.push(serverCpu() - aloneAtStart);
    await rm(dest);
  };
  const runCurl = async (): Promise<void> => {
    const file = join(dir, 'curl.bak');
    spawnSync('sync');
    const serverAtStart = serverCpu();
    const run = await curlDownload(url, file);
    result.servingCurl.push(serverCpu() - serverAtStart);
    if ((await stat(file)).size !== bytes) throw new Error(`curl file is not ${bytes} bytes`);
    await rm(file);
    result.curl.push(run);
    spawnSync('sync');
    result.verified.push(await curlVerifiedDownload(url, file));
    await rm(file);
    await runPeers(file);
  };
  const runPeers = async (file: string): Promise<void> => {
    spawnSync('sync');
    result.piped.push(await curlMd5Pipeline(url, file, md5));
    await rm(file);
    if (ARIA2_SKIPPED !== undefined) return;
    const ariaFile = join(dir, 'aria2', 'aria2.bak');
    spawnSync('sync');
    result.aria2.push(await aria2Download(url, ariaFile, md5));
    await rm(ariaFile);
  };
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      // The order alternates (curl needs one engine run first for its URL).
      if (round % 2 === 1) await runEngine().then(runCurl);
      else await runCurl().then(runEngine);
      const a = result.engine.at(-1) as DownloadResult;
      const b = result.curl.at(-1) as CurlRun;
      console.log(
        `  ${mib(bytes)} round ${round}: engine ${mibps(bytes / (a.downloadMs / 1000))} ` +
          `(CPU ${a.downloadCpuSeconds.toFixed(1)} s, emulator serving it ` +
          `${(result.servingEngine.at(-1) ?? 0).toFixed(1)} s, peak RSS ${mib(a.peakRssBytes)}: ` +
          `heap ${mib(a.peakComposition.heapBytes)}, buffers ${mib(a.peakComposition.arrayBufferBytes)}); ` +
          `curl ${mibps(bytes / b.seconds)} (CPU ${b.cpuSeconds.toFixed(1)} s, emulator ` +
          `${(result.servingCurl.at(-1) ?? 0).toFixed(1)} s, peak RSS ${mib(b.peakRssBytes)}), with md5sum and ` +
          `sync ${mibps(bytes / (result.verified.at(-1) ?? Number.NaN))}; downloader alone ` +
          `${mibps(bytes / (result.alone.at(-1) ?? Number.NaN))} (emulator ` +
          `${(result.servingAlone.at(-1) ?? 0).toFixed(1)} s); load ${loadAverage()}`,
      );
      console.log(
        `  ${mib(bytes)} round ${round}: ${peersLine(bytes, result)}; load ${loadAverage()}`,
      );
    }
  } finally {
    await stopEmulator(emulator);
    await rm(emulatorDir, { recursive: true, force: true });
  }
  return result;
}

/** The same download over a link that limits each connection (download-limited.ts). */
async function limitedCase(dir: string, childFile: string, bytes: number): Promise<void> {
  const emulatorDir = join(dir, 'emulator-limited');
  const { emulator, baseUrl } = await startEmulator(emulatorDir, bytes / MIB, LIMIT_MIBPS);
  try {
    await measureLimited({
      ...{ dir, childFile, baseUrl, emulatorDir, bytes, rounds: ROUNDS },
      ...EXPORT_SOURCE,
      pace: LIMIT_MIBPS * MIB,
      connections: LIMIT_CONNECTIONS,
    });
  } finally {
    await stopEmulator(emulator);
    await rm(emulatorDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'databridge-bench-download-'));
  const sizes = [scaledSize(GIB), scaledSize(4 * GIB)];
  const loadBefore = loadAverage();
  console.log(`download bench: ${ROUNDS} round(s), scale ${SCALE}; load average ${loadBefore}`);
  // The checksum's ceiling, printed so the ratios can be read against it.
  const md5Rate = md5BytesPerSecond();
  console.log(`MD5 on one core here: ${mibps(md5Rate)} (the ceiling of a checked download)`);
  if (ARIA2_SKIPPED !== undefined) console.log(`aria2c -x4 --checksum: skipped, ${ARIA2_SKIPPED}`);
  try {
    const children = {
      engine: await bundleDownloadChild(dir),
      alone: await bundleAloneChild(dir),
      stack: await bundleStackChild(dir),
    };
    const childFile = children.engine;
    const results: SizeResult[] = [];
    for (const bytes of sizes) results.push(await measureSize(dir, children, bytes));
    const [small, large] = results.map((result) => summarize(result, GIB / md5Rate)) as [
      { ratio: number; peak: number },
      { ratio: number; peak: number },
    ];
    const growth = large.peak / small.peak - 1;
    console.log(
      `peak RSS from ${mib(sizes[0] ?? 0)} to ${mib(sizes[1] ?? 0)}: ${(growth * 100).toFixed(1)}% ` +
        `(target within 10%: ${Math.abs(growth) <= 0.1 ? 'met' : 'NOT met'}); load ${loadAverage()}`,
    );
    const above = results.map((result) =>
      peerTargets({ ...result, aria2: ARIA2_SKIPPED ? undefined : result.aria2 }, ARIA2_SKIPPED),
    );
    console.log(
      `engine peak RSS above its baseline from ${mib(sizes[0] ?? 0)} to ${mib(sizes[1] ?? 0)}: ` +
        `${mib(above[0] ?? 0)} then ${mib(above[1] ?? 0)} (${mib((above[1] ?? 0) - (above[0] ?? 0))} ` +
        `more; load ${loadAverage()})`,
    );
    await measureStacks({ dir, children, bytes: scaledSize(GIB), rounds: ROUNDS });
    await limitedCase(dir, childFile, Math.max(256 * MIB, scaledSize(GIB / 2)));
    console.log(`load average at start ${loadBefore}, at end ${loadAverage()}`);
    console.log(`ratio engine/curl: ${Math.min(small.ratio, large.ratio).toFixed(2)}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
