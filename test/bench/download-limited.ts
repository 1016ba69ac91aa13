import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloadResult } from './download-engine-child';
import { curlDownload, engineDownload, loadAverage, mib, mibps } from './download-bench-kit';

/*
 * bench:download's link that limits each connection (as a WAN link or an object store often
 * does): the emulator paces every download GET to `pace` bytes per second, and the engine
 * downloads the same export with one connection and with several (its byte ranges), beside
 * `curl -o` on its one connection. Parallel ranges are for this case: on loopback the CPU is
 * the limit, not one connection.
 */

/** Where the limited case runs: an emulator started with the pace, the engine child. */
export interface LimitedSetup {
  dir: string;
  childFile: string;
  baseUrl: string;
  emulatorDir: string;
  instanceName: string;
  databaseName: string;
  bytes: number;
  /** Bytes per second of each connection. */
  pace: number;
  rounds: number;
  connections: number;
}

async function engineRound(setup: LimitedSetup, connections: number): Promise<DownloadResult> {
  const folder = join(setup.dir, `limited-${connections}-${Date.now()}`);
  const run = await engineDownload(setup.childFile, {
    baseUrl: setup.baseUrl,
    instanceName: setup.instanceName,
    databaseName: setup.databaseName,
    folder,
    rangesInFlight: connections,
  });
  if ((await stat(run.file)).size !== setup.bytes) throw new Error('engine file has a wrong size');
  await rm(folder, { recursive: true, force: true });
  return run;
}

/** Runs the rounds (one stream, ranges, curl, in turn) and prints the rates and ratios. */
export async function measureLimited(setup: LimitedSetup): Promise<void> {
  const rate = (run: DownloadResult): number => setup.bytes / (run.downloadMs / 1000);
  const one: number[] = [];
  const many: number[] = [];
  const curl: number[] = [];
  const peaks: number[] = [];
  for (let round = 1; round <= setup.rounds; round += 1) {
    const single = await engineRound(setup, 1);
    const ranged = await engineRound(setup, setup.connections);
    const curlFile = join(setup.dir, 'limited-curl.bak');
    const byCurl = await curlDownload(ranged.url, curlFile);
    await rm(curlFile);
    for (const job of await readdir(join(setup.emulatorDir, 'exports')).catch(() => []))
      await rm(join(setup.emulatorDir, 'exports', job), { recursive: true, force: true });
    one.push(rate(single));
    many.push(rate(ranged));
    curl.push(setup.bytes / byCurl.seconds);
    peaks.push(ranged.peakRssBytes);
    console.log(
      `  limited ${mib(setup.bytes)} round ${round}: engine 1 connection ${mibps(rate(single))}, ` +
        `${setup.connections} connections ${mibps(rate(ranged))} (peak RSS ` +
        `${mib(ranged.peakRssBytes)}); curl ${mibps(setup.bytes / byCurl.seconds)}; load ${loadAverage()}`,
    );
  }
  const best = (rates: number[]): number => Math.max(...rates);
  console.log(
    `limited to ${mibps(setup.pace)} per connection, ${mib(setup.bytes)}: engine with ` +
      `${setup.connections} connections ${mibps(best(many))} best, with 1 ${mibps(best(one))}, ` +
      `curl ${mibps(best(curl))}: ${(best(many) / best(curl)).toFixed(2)} of curl, ` +
      `${(best(many) / best(one)).toFixed(2)} of one connection (the pace allows ` +
      `${setup.connections}x); engine with 1 connection ${(best(one) / best(curl)).toFixed(2)} ` +
      `of curl; peak RSS ${mib(Math.max(...peaks))}; load ${loadAverage()}`,
  );
}
