import { cpus } from 'node:os';
import type { DownloadResult } from './download-engine-child';
import type { PeerRun } from './download-peers';
import { median } from './median';
import { GIB, MIB, loadAverage, mib, mibps, type CurlRun } from './download-bench-kit';

/*
 * bench:download's figures of one size, printed once its rounds are over: the engine against
 * curl -o (the targets), the same checks by hand, the downloader alone, and where the CPU went.
 */

/** The rounds of one size: every client's runs on the same export. */
export interface SizeResult {
  bytes: number;
  engine: DownloadResult[];
  curl: CurlRun[];
  /** Seconds of `curl -o`, `md5sum` and `sync` (the engine's checks, by hand). */
  verified: number[];
  /** The emulator's CPU seconds while it served each engine download, and each curl's. */
  servingEngine: number[];
  servingCurl: number[];
  /** Seconds of the downloader alone on the engine's URL, right after it; the emulator's CPU. */
  alone: number[];
  aloneCpu: number[];
  servingAlone: number[];
  /** The peers on the same URL: curl | tee | md5sum, and aria2c (absent where skipped). */
  piped: PeerRun[];
  aria2: PeerRun[];
}

/** The peers' figures of the last round, per GiB of `bytes`. */
export function peersLine(bytes: number, result: SizeResult): string {
  const figure = (run: PeerRun | undefined): string =>
    run
      ? `${mibps(bytes / run.seconds)} (CPU ${(run.cpuSeconds / (bytes / GIB)).toFixed(2)} s per GiB)`
      : 'n/a';
  const aria2 = result.aria2.length > 0 ? figure(result.aria2.at(-1)) : 'skipped';
  const engine = result.engine.at(-1);
  const engineCpu = engine ? (engine.downloadCpuSeconds / (bytes / GIB)).toFixed(2) : 'n/a';
  return (
    `curl | tee | md5sum ${figure(result.piped.at(-1))}, aria2c -x4 --checksum ${aria2}; ` +
    `engine CPU ${engineCpu} s per GiB`
  );
}

/**
 * Where the CPU went, per GiB (medians of the rounds): the emulator serving and the client, for
 * curl and for the engine, and how many of the machine's cores the pair kept busy. Then the
 * engine's CPU beyond curl's, split into the MD5 (`md5PerGib`, which curl -o does not compute)
 * and the rest (the writes through the thread pool, the flushes, the engine's own work), and
 * the rate the cores allow a download that hashes every byte, against curl's best (`curlRate`).
 */
function cpuBudget(result: SizeResult, md5PerGib: number, curlRate: number): void {
  const gib = result.bytes / GIB;
  const cores = cpus().length;
  const servingCurl = median(result.servingCurl) / gib;
  const curlCpu = median(result.curl.map((run) => run.cpuSeconds)) / gib;
  const servingEngine = median(result.servingEngine) / gib;
  const engineCpu = median(result.engine.map((run) => run.downloadCpuSeconds)) / gib;
  const curlBusy = (servingCurl + curlCpu) / (median(result.curl.map((run) => run.seconds)) / gib);
  const engineSeconds = median(result.engine.map((run) => run.downloadMs / 1000)) / gib;
  const engineBusy = (servingEngine + engineCpu) / engineSeconds;
  console.log(
    `${mib(result.bytes)}: CPU s per GiB (medians): emulator serving curl ${servingCurl.toFixed(2)} ` +
      `+ curl ${curlCpu.toFixed(2)}, ${curlBusy.toFixed(2)} of ${cores} cores busy; ` +
      `emulator serving the engine ${servingEngine.toFixed(2)} + engine ${engineCpu.toFixed(2)}, ` +
      `${engineBusy.toFixed(2)} cores busy; load ${loadAverage()}`,
  );
  const beyond = engineCpu - curlCpu;
  console.log(
    `${mib(result.bytes)}: engine CPU beyond curl's ${beyond.toFixed(2)} s per GiB: MD5 ` +
      `${md5PerGib.toFixed(2)}, the rest ${(beyond - md5PerGib).toFixed(2)}; load ${loadAverage()}`,
  );
  // CPU time is conserved: no client that hashes every byte, served from these same cores,
  // can go faster than the cores over (serving + curl's own work + MD5) per GiB.
  const bound = (cores / (servingCurl + curlCpu + md5PerGib)) * GIB;
  console.log(
    `${mib(result.bytes)}: from the CPU alone, a download that hashes every byte here runs at ` +
      `most ${mibps(bound)}: ${(bound / curlRate).toFixed(2)} of curl's best; load ${loadAverage()}`,
  );
}

/**
 * Prints the size's figures against curl -o (best rounds; the targets: at least 0.9 of curl,
 * peak RSS at most 64 MiB) and where the CPU went; answers the ratio and the peak RSS.
 */
export function summarize(result: SizeResult, md5PerGib: number): { ratio: number; peak: number } {
  const engineMs = Math.min(...result.engine.map((run) => run.downloadMs));
  const curlSeconds = Math.min(...result.curl.map((run) => run.seconds));
  const engineRate = result.bytes / (engineMs / 1000);
  const curlRate = result.bytes / curlSeconds;
  const peak = Math.max(...result.engine.map((run) => run.peakRssBytes));
  const curlPeak = Math.max(...result.curl.map((run) => run.peakRssBytes));
  const baseline = Math.max(...result.engine.map((run) => run.baselineRssBytes));
  const ratio = engineRate / curlRate;
  const verifiedRate = result.bytes / Math.min(...result.verified);
  const cpu = Math.min(...result.engine.map((run) => run.downloadCpuSeconds));
  console.log(
    `${mib(result.bytes)}: engine ${mibps(engineRate)} best, curl ${mibps(curlRate)} best, ` +
      `ratio ${ratio.toFixed(2)} (target >= 0.90: ${ratio >= 0.9 ? 'met' : 'NOT met'}); ` +
      `engine peak RSS ${mib(peak)} (baseline ${mib(baseline)}; target <= 64 MiB: ` +
      `${peak <= 64 * MIB ? 'met' : 'NOT met'}), curl peak RSS ${mib(curlPeak)}; load ${loadAverage()}`,
  );
  console.log(
    `${mib(result.bytes)}: the same checks by hand (curl -o, md5sum, sync) ${mibps(verifiedRate)} ` +
      `best: engine ratio ${(engineRate / verifiedRate).toFixed(2)}; engine CPU ` +
      `${(cpu / (result.bytes / GIB)).toFixed(2)} s per GiB (least of the rounds); load ${loadAverage()}`,
  );
  const aloneRate = result.bytes / Math.min(...result.alone);
  console.log(
    `${mib(result.bytes)}: the engine's downloader alone on the same URL, after the export ` +
      `flow's download (no job, service or journal; not the first fetch of the file, as curl's): ${mibps(aloneRate)} best, ${(aloneRate / curlRate).toFixed(2)} ` +
      `of curl (no target); CPU s per GiB (medians): the downloader ${(median(result.aloneCpu) / (result.bytes / GIB)).toFixed(2)}, ` +
      `the emulator serving it ${(median(result.servingAlone) / (result.bytes / GIB)).toFixed(2)}; load ${loadAverage()}`,
  );
  cpuBudget(result, md5PerGib, curlRate);
  return { ratio, peak };
}
