import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TransferRecord } from '../../src/shared/model/transfer';
import { PROFILE_ID, createEngine } from '../support/transfer-harness';

/*
 * The transfer engine alone in a process, for the upload bench: imports one file into the
 * emulator at `baseUrl` and reports how long the upload phase took and the process's peak
 * RSS (sampled every 50 ms, and the kernel's own high-water mark). Argument 1: JSON
 * {@link EngineTask}. Messages out: { type: 'uploaded' } when the last part is stored, then
 * { type: 'result', ...EngineResult }.
 */

/** What the child uploads. */
export interface EngineTask {
  baseUrl: string;
  sourcePath: string;
  instanceName: string;
  databaseName: string;
  partsInFlight: number;
}

/** What the child measured. */
export interface EngineResult {
  state: string;
  error?: string;
  bytes: number;
  partSize: number;
  partCount: number;
  /** From startImport until every part is uploaded (the record leaves `uploading`). */
  uploadMs: number;
  /** Until the import job is done. */
  totalMs: number;
  peakRssBytes: number;
  /** RSS with the engine built and signed in, before the upload. */
  baselineRssBytes: number;
  /** CPU time (user + system) the process spent during the upload phase, in seconds. */
  uploadCpuSeconds: number;
}

const keepAlive = setInterval(() => undefined, 1000);
const task = JSON.parse(process.argv[2] ?? '{}') as EngineTask;
let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 50);

const dataDir = await mkdtemp(join(tmpdir(), 'databridge-bench-engine-'));
const engine = await createEngine({
  baseUrl: task.baseUrl,
  dataDir,
  partsInFlight: task.partsInFlight,
  auth: { kind: 'apiKey', apiKey: 'demo-contributor-key' },
});
const baselineRss = process.memoryUsage.rss();
const cpuAtStart = process.cpuUsage();
let cpuAtUpload: NodeJS.CpuUsage | undefined;
let uploadedAt: number | undefined;
engine.service.onDidChange((record) => {
  if (
    uploadedAt === undefined &&
    record.state !== 'uploading' &&
    record.bytesDone === record.totalBytes
  ) {
    uploadedAt = performance.now();
    cpuAtUpload = process.cpuUsage(cpuAtStart);
    process.send?.({ type: 'uploaded' });
  }
});
const started = performance.now();
const record = await engine.service.startImport({
  profileId: PROFILE_ID,
  instanceName: task.instanceName,
  databaseName: task.databaseName,
  sourcePath: task.sourcePath,
});
const final: TransferRecord = await engine.service.settled(record.id);
const ended = performance.now();
clearInterval(sampler);
// maxRSS is in KiB: the kernel's high-water mark catches peaks between two samples.
peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
const result: EngineResult = {
  state: final.state,
  ...(final.error ? { error: final.error.message } : {}),
  bytes: final.totalBytes,
  partSize: final.parts?.partSize ?? 0,
  partCount: final.parts?.total ?? 0,
  uploadMs: (uploadedAt ?? ended) - started,
  totalMs: ended - started,
  peakRssBytes: peakRss,
  baselineRssBytes: baselineRss,
  uploadCpuSeconds: ((cpuAtUpload?.user ?? 0) + (cpuAtUpload?.system ?? 0)) / 1e6,
};
process.send?.({ type: 'result', ...result });
await engine.close();
await rm(dataDir, { recursive: true, force: true });
clearInterval(keepAlive);
process.disconnect?.();
