import type { CurlRun } from './upload-curl';
import {
  GIB,
  IN_FLIGHT,
  MIB,
  ROUNDS,
  cpuPerGib,
  fastestRun,
  mib,
  mibps,
  uploadRate,
  type EngineRun,
} from './upload-bench-kit';
import { median } from './median';
import type { LimitRun } from './upload-limit';
import type { WorkerRun } from './upload-md5-worker';
import { BATCH_FILES, TRANSFERS_AT_ONCE, type QueueRun } from './upload-queue';
import type { CloneRun } from './upload-clone';
import type { IdentityRun } from './upload-identity';
import type { VerifyRun } from './upload-verify';

/* What bench:upload prints at its end: one line per measurement, the targets, the ratio. */

/** A curl round with how busy the emulator was. */
export type CurlMeasured = CurlRun & { emulatorBusy: string };

/** The (a) and (b) rounds under one condition of the machine. */
interface ThroughputRounds {
  engine: EngineRun[];
  curl: CurlMeasured[];
}

/** Everything one run of the bench measured. */
export interface UploadFigures {
  /** The other core idle. */
  idle: ThroughputRounds;
  /** The other core kept busy by a burner. */
  busy: ThroughputRounds;
  /** The run of each size with the median peak RSS. */
  small: EngineRun;
  large: EngineRun;
  /** Every peak RSS measured, per size (small, large). */
  peaks: number[][];
  verify: VerifyRun;
  /** The source file's change checks of one upload of the large file. */
  identity: IdentityRun;
  /** The clone of the large file an upload reads where the file system clones. */
  clone: CloneRun;
  queue: QueueRun;
  limit: LimitRun;
  md5: WorkerRun;
  /** The load averages when the bench started and ended. */
  load: { before: string; after: string };
}

const met = (ok: boolean): string => (ok ? 'met' : 'NOT met');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const cpu = (run: EngineRun): string => `${cpuPerGib(run).toFixed(2)} CPU s/GiB`;

const range = (values: number[]): string =>
  `${Math.min(...values).toFixed(2)} to ${Math.max(...values).toFixed(2)}`;

/** The ratio of the best engine round to the best curl round, and the engine's median CPU. */
interface ThroughputResult {
  ratio: number;
  engineCpu: number;
}

function throughputLines(rounds: ThroughputRounds, core: 'idle' | 'busy'): ThroughputResult {
  const best = fastestRun(rounds.engine);
  const bestCurl = rounds.curl.reduce((x, y) => (y.seconds < x.seconds ? y : x));
  const cpus = rounds.engine.map(cpuPerGib);
  const curlCpus = rounds.curl.map(
    (run) => run.cpuSeconds / ((run.bytesPerSecond * run.seconds) / GIB),
  );
  const tag = core === 'idle' ? '' : "'";
  console.log(
    `(a${tag}) engine, other core ${core}, ${mib(best.bytes)} in ${best.partCount} parts of ${mib(best.partSize)}: upload ` +
      `${seconds(best.uploadMs)} = ${mibps(uploadRate(best))} (best of ${ROUNDS}; whole import ` +
      `${seconds(best.totalMs)}); engine CPU ${median(cpus).toFixed(2)} s per GiB (median of ` +
      `${cpus.length}, ${range(cpus)})`,
  );
  console.log(
    `(b${tag}) curl -T ×${IN_FLIGHT}, other core ${core}, the same ${bestCurl.plan.partCount} parts: ` +
      `${bestCurl.seconds.toFixed(2)} s = ${mibps(bestCurl.bytesPerSecond)} (best of ${ROUNDS}); ` +
      `curl+dd CPU ${median(curlCpus).toFixed(2)} s per GiB (median of ${curlCpus.length}, ${range(curlCpus)})`,
  );
  return { ratio: uploadRate(best) / bestCurl.bytesPerSecond, engineCpu: median(cpus) };
}

function memoryLines(f: UploadFigures): boolean {
  const { small, large, peaks, verify } = f;
  const peak = Math.max(small.peakRssBytes, large.peakRssBytes);
  const spread =
    Math.abs(large.peakRssBytes - small.peakRssBytes) /
    Math.min(small.peakRssBytes, large.peakRssBytes);
  const all = (index: number): string => (peaks[index] ?? []).map(mib).join(', ');
  console.log(
    `(c) engine peak RSS, median of ${peaks[0]?.length ?? 0} alternating rounds: ${mib(small.bytes)} file → ` +
      `${mib(small.peakRssBytes)} (${all(0)}), ${mib(large.bytes)} file → ${mib(large.peakRssBytes)} ` +
      `(${all(1)}); spread ${(spread * 100).toFixed(1)}%; ${mib(small.baselineRssBytes)} before the upload`,
  );
  console.log(
    `(d) all ${verify.parts} sent parts of the ${mib(large.bytes)} file read again and hashed (what every ` +
      `multipart upload now does before it is completed, and a resume before it sends): ` +
      `${seconds(verify.ms)} = ${mibps(verify.bytes / (verify.ms / 1000))}, ` +
      `${(verify.ms / large.uploadMs).toFixed(2)} of the time the engine took to send it, that read included (no target)`,
  );
  identityLine(f);
  cloneLine(f);
  return peak <= 200 * MIB && spread <= 0.1;
}

/** The clone an upload of the large file reads, where it could be made; else why not. */
function cloneLine({ large, verify, clone }: UploadFigures): void {
  if (!clone.cloned) {
    console.log(
      `(d) clone of the ${mib(large.bytes)} file: not possible in ${clone.dir} (${clone.code}; ` +
        `the attempt took ${clone.attemptMs.toFixed(2)} ms): an upload there reads the file itself, ` +
        `with the read again before completing measured above (no target; TMPDIR on a Btrfs or ` +
        `an XFS measures the clone)`,
    );
    return;
  }
  const { read } = clone;
  console.log(
    `(d) clone of the ${mib(large.bytes)} file: made in ${clone.cloneMs.toFixed(1)} ms, removed in ` +
      `${clone.removeMs.toFixed(1)} ms; its ${read.parts} parts read from the clone and hashed ` +
      `(its pages are not the file's in the page cache): ${seconds(read.ms)} = ` +
      `${mibps(read.bytes / (read.ms / 1000))}, against ${seconds(verify.ms)} from the file ` +
      `itself above; an upload reading a clone leaves out the read again before completing ` +
      `(no target)`,
  );
}

/** The change checks an upload of the large file makes, against the time it took to send. */
function identityLine({ large, identity }: UploadFigures): void {
  const share = (ms: number): string => `${((ms / large.uploadMs) * 100).toFixed(3)}%`;
  console.log(
    `(d) change checks of one upload of the ${mib(large.bytes)} file (${identity.stats} stats of ` +
      `its change time, size and inode: before, after each part, before completing; median of ` +
      `${identity.rounds}): ${identity.wallMs.toFixed(2)} ms wall = ${share(identity.wallMs)}, ` +
      `${identity.cpuMs.toFixed(2)} ms CPU = ${share(identity.cpuMs)} of the time the engine took ` +
      `to send it (no target); a file that moved adds a re-read of the parts sent, as above`,
  );
}

function queueLine({ single, batch, stored, whole }: QueueRun): { ratio: number; rss: number } {
  type Run = QueueRun['single'];
  const rate = (run: Run, ms: number): number => run.bytes / (ms / 1000);
  const versus = (batchRun: Run, singleRun: Run, time: 'storedMs' | 'totalMs') => {
    const ratio = rate(batchRun, batchRun[time]) / rate(singleRun, singleRun[time]);
    const text =
      `${seconds(batchRun[time])} (${mibps(rate(batchRun, batchRun[time]))}) against one ` +
      `${mib(singleRun.bytes)} file ${seconds(singleRun[time])} (${mibps(rate(singleRun, singleRun[time]))}): ${ratio.toFixed(2)}`;
    return { ratio, text };
  };
  const target = versus(stored.batch, stored.single, 'storedMs');
  const rss = batch.peakRssBytes / single.peakRssBytes;
  console.log(
    `(e) ${BATCH_FILES} files of ${mib(batch.bytes / BATCH_FILES)} dropped at once, ${TRANSFERS_AT_ONCE} running, ` +
      `until the service stored every file (sent and assembled): ${target.text}; ` +
      `peak RSS ${mib(batch.peakRssBytes)} against ${mib(single.peakRssBytes)}: ${rss.toFixed(2)}×`,
  );
  // Until the last part is sent, the emulator has assembled most of the batch's files on the
  // same cores, and none of the single file's (after its uploads): unequal work, no target.
  console.log(
    `(e) no target: until the last part is sent ${mibps(uploadRate(batch))} against ` +
      `${mibps(uploadRate(single))}: ${(uploadRate(batch) / uploadRate(single)).toFixed(2)} (the batch's ` +
      `time includes the emulator assembling its first files, the single file's not); until every ` +
      `database is imported ${versus(whole.batch, whole.single, 'totalMs').text}`,
  );
  return { ratio: target.ratio, rss };
}

function limitLine(limit: LimitRun): number {
  const off = limit.bytesPerSecond / limit.limitBytesPerSecond - 1;
  console.log(
    `(f) bandwidth limit ${mibps(limit.limitBytesPerSecond)}: ${(limit.bytesPerSecond / MIB).toFixed(1)} MiB/s over ` +
      `${limit.windowSeconds} s (${(off * 100).toFixed(1)}% off the limit)`,
  );
  return Math.abs(off);
}

function md5Line({ inline, worker, cores }: WorkerRun): void {
  console.log(
    `(g) MD5 on a worker thread (${cores} cores): ${mibps(uploadRate(worker))}, ${cpu(worker)}; on the event ` +
      `loop: ${mibps(uploadRate(inline))}, ${cpu(inline)}: worker/event loop ${(uploadRate(worker) / uploadRate(inline)).toFixed(2)} (best of each)`,
  );
}

export function report(f: UploadFigures): void {
  const idle = throughputLines(f.idle, 'idle');
  const busy = throughputLines(f.busy, 'busy');
  const rssOk = memoryLines(f);
  const queue = queueLine(f.queue);
  const limitOff = limitLine(f.limit);
  md5Line(f.md5);
  console.log(
    `targets: ratio ≥ 0.95 with the other core idle ${met(idle.ratio >= 0.95)}, ≥ 0.90 with it busy ` +
      `${met(busy.ratio >= 0.9)}; engine CPU ≤ 2.5 s per GiB ${met(idle.engineCpu <= 2.5)}; ` +
      `peak RSS ≤ 200 MiB and within 10% ${met(rssOk)}; ` +
      `queue ≥ 0.90 ${met(queue.ratio >= 0.9)} with peak RSS ≤ 2× ${met(queue.rss <= 2)}; ` +
      `limit within 5% ${met(limitOff <= 0.05)}`,
  );
  console.log(`load average: ${f.load.before} at the start, ${f.load.after} at the end`);
  console.log(
    `ratio a/b: ${idle.ratio.toFixed(2)} with the other core idle, ${busy.ratio.toFixed(2)} with it busy`,
  );
}
