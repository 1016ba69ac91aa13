import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeSampleDatabaseFile } from '../support/sample-files';
import { MIB, databaseName, engineUpload, type Bench } from './upload-bench-kit';

/*
 * bench:upload (f): the bandwidth limit. One upload with the limit at 50 MiB/s, long enough
 * to measure the rate over 30 s after a settling second (the bucket starts with a quarter
 * second of burst): the bytes the engine let through between the two ends of the window, from
 * its own progress events, interpolated at the window's ends. Target: within 5% of the limit.
 */

const LIMIT_MIBPS = Number(process.env['BENCH_LIMIT_MIBPS'] ?? 50);
const WINDOW_S = Number(process.env['BENCH_LIMIT_WINDOW_S'] ?? 30);
const SETTLE_S = 1;

/** What the limited run measured. */
export interface LimitRun {
  readonly limitBytesPerSecond: number;
  readonly windowSeconds: number;
  readonly bytesPerSecond: number;
}

/** Bytes sent at `ms`, interpolated between the progress events around it. */
function bytesAt(sent: readonly [number, number][], ms: number): number {
  const after = sent.findIndex(([at]) => at >= ms);
  if (after <= 0) throw new Error(`no progress event around ${ms} ms`);
  const [t0, b0] = sent[after - 1] as [number, number];
  const [t1, b1] = sent[after] as [number, number];
  return t1 === t0 ? b1 : b0 + ((b1 - b0) * (ms - t0)) / (t1 - t0);
}

export async function measureLimit(bench: Bench): Promise<LimitRun> {
  const limit = LIMIT_MIBPS * MIB;
  // Enough bytes for the window, the settling and two seconds to spare.
  const size = Math.ceil((limit * (WINDOW_S + SETTLE_S + 2)) / MIB) * MIB;
  const source = join(bench.dir, 'limit.bak');
  await writeSampleDatabaseFile(source, 'bak', size, 'bench-limit');
  const run = await engineUpload(bench, {
    files: [{ sourcePath: source, databaseName: databaseName('BenchLimit') }],
    bandwidthMiBps: LIMIT_MIBPS,
  });
  await rm(source);
  const from = SETTLE_S * 1000;
  const to = from + WINDOW_S * 1000;
  const bytes = bytesAt(run.sent, to) - bytesAt(run.sent, from);
  return { limitBytesPerSecond: limit, windowSeconds: WINDOW_S, bytesPerSecond: bytes / WINDOW_S };
}
