import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TransferRecord } from '../../src/shared/model/transfer';
import { PROFILE_ID, createEngine } from '../support/transfer-rig';
import { importFile } from '../support/import-file';

/*
 * The transfer engine alone in a process, for the upload bench: imports one file, or a batch
 * dropped at once, into the emulator at `baseUrl` and reports how long the upload phase took,
 * the process's peak RSS (sampled every 50 ms, and the kernel's own high-water mark), its CPU
 * time and the bytes sent over time. Argument 1: JSON {@link EngineTask}. Messages out:
 * { type: 'uploaded' } when the last part of the last file is stored, then
 * { type: 'result', ...EngineResult }.
 */

/** What the child uploads. */
export interface EngineTask {
  baseUrl: string;
  instanceName: string;
  /** Started together, in this order, as a drop of several files does. */
  files: { sourcePath: string; databaseName: string }[];
  partsInFlight: number;
  /** The queue's cap (the app's "Transfers at once"); no cap when absent. */
  transfersAtOnce?: number;
  /** The bandwidth limit in MiB/s; none when absent. */
  bandwidthMiBps?: number;
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
  /** Until every upload is completed (the service assembled its parts; the record leaves `completing`). */
  storedMs: number;
  /** Until the import job is done. */
  totalMs: number;
  peakRssBytes: number;
  /** RSS with the engine built and signed in, before the upload. */
  baselineRssBytes: number;
  /** CPU time (user + system) the process spent during the upload phase, in seconds. */
  uploadCpuSeconds: number;
  /** [ms since the start, bytes sent so far] at each progress event (every 250 ms). */
  sent: [number, number][];
}

const keepAlive = setInterval(() => undefined, 1000);
const task = JSON.parse(process.argv[2] ?? '{}') as EngineTask;
let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 50);

const MIB = 1024 * 1024;
const dataDir = await mkdtemp(join(tmpdir(), 'databridge-bench-engine-'));
const engine = await createEngine({
  baseUrl: task.baseUrl,
  dataDir,
  partsInFlight: task.partsInFlight,
  auth: { kind: 'apiKey', apiKey: 'demo-contributor-key' },
  ...(task.transfersAtOnce ? { transfersAtOnce: () => task.transfersAtOnce ?? 0 } : {}),
  ...(task.bandwidthMiBps ? { bandwidthLimitBytesPerSecond: task.bandwidthMiBps * MIB } : {}),
});
const baselineRss = process.memoryUsage.rss();
const cpuAtStart = process.cpuUsage();
let cpuAtUpload: NodeJS.CpuUsage | undefined;
let uploadedAt: number | undefined;
let storedAt: number | undefined;
const stored = new Set<string>();
const bytesDone = new Map<string, number>();
const uploaded = new Set<string>();
const sent: [number, number][] = [];
const started = performance.now();
engine.service.onDidChange((record) => {
  bytesDone.set(record.id, record.bytesDone);
  sent.push([performance.now() - started, [...bytesDone.values()].reduce((a, b) => a + b, 0)]);
  if (record.state !== 'uploading' && record.bytesDone === record.totalBytes)
    uploaded.add(record.id);
  if (uploadedAt === undefined && uploaded.size === task.files.length) {
    uploadedAt = performance.now();
    cpuAtUpload = process.cpuUsage(cpuAtStart);
    process.send?.({ type: 'uploaded' });
  }
  if (record.state === 'importing' || record.state === 'done') stored.add(record.id);
  if (storedAt === undefined && stored.size === task.files.length) storedAt = performance.now();
});
const records: TransferRecord[] = [];
for (const file of task.files) {
  records.push(
    await importFile(engine.service, {
      profileId: PROFILE_ID,
      instanceName: task.instanceName,
      databaseName: file.databaseName,
      sourcePath: file.sourcePath,
    }),
  );
}
const finals = await Promise.all(records.map((record) => engine.service.settled(record.id)));
const ended = performance.now();
clearInterval(sampler);
// maxRSS is in KiB: the kernel's high-water mark catches peaks between two samples.
peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
const failed = finals.find((final) => final.state !== 'done');
const first = finals[0] as TransferRecord;
const result: EngineResult = {
  state: failed?.state ?? 'done',
  ...(failed?.error ? { error: failed.error.message } : {}),
  bytes: finals.reduce((sum, final) => sum + final.totalBytes, 0),
  partSize: first.parts?.partSize ?? 0,
  partCount: finals.reduce((sum, final) => sum + (final.parts?.total ?? 0), 0),
  uploadMs: (uploadedAt ?? ended) - started,
  storedMs: (storedAt ?? ended) - started,
  totalMs: ended - started,
  peakRssBytes: peakRss,
  baselineRssBytes: baselineRss,
  uploadCpuSeconds: ((cpuAtUpload?.user ?? 0) + (cpuAtUpload?.system ?? 0)) / 1e6,
  sent,
};
process.send?.({ type: 'result', ...result });
await engine.close();
await rm(dataDir, { recursive: true, force: true });
clearInterval(keepAlive);
process.disconnect?.();
