import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { PROFILE_ID, createEngine } from '../support/transfer-rig';

/*
 * The transfer engine alone in a process, for the download bench: exports one database from
 * the emulator at `baseUrl` into `folder` (the app's export flow: job, then the resumable
 * download) and reports how long the download phase took, the process's peak RSS (sampled
 * every 50 ms, and the kernel's high-water mark) and the pre-signed URL it downloaded, for
 * curl to fetch the same bytes. Argument 1: JSON {@link DownloadTask}. Messages out:
 * { type: 'downloading' } when the download starts, { type: 'result', ...DownloadResult }.
 */

/** What the child downloads. */
export interface DownloadTask {
  baseUrl: string;
  instanceName: string;
  databaseName: string;
  folder: string;
  /** Connections of the download (default: the engine's). */
  rangesInFlight?: number;
}

/** What the child measured. */
export interface DownloadResult {
  state: string;
  error?: string;
  bytes: number;
  /** From the record entering `downloading` until done. */
  downloadMs: number;
  peakRssBytes: number;
  /** The RSS once the engine is built, before its first request (the export job's). */
  baselineRssBytes: number;
  downloadCpuSeconds: number;
  /** What the RSS held at its highest sample: V8's heap, and memory outside it (buffers). */
  peakComposition: { heapBytes: number; externalBytes: number; arrayBufferBytes: number };
  /** The pre-signed URL of the file (the last GET to a storage host). */
  url: string;
  file: string;
}

const keepAlive = setInterval(() => undefined, 1000);
const task = JSON.parse(process.argv[2] ?? '{}') as DownloadTask;
let peakRss = process.memoryUsage.rss();
let peakComposition = { heapBytes: 0, externalBytes: 0, arrayBufferBytes: 0 };
const sampler = setInterval(() => {
  const rss = process.memoryUsage.rss();
  if (rss <= peakRss) return;
  peakRss = rss;
  const usage = process.memoryUsage();
  peakComposition = {
    heapBytes: usage.heapTotal,
    externalBytes: usage.external,
    arrayBufferBytes: usage.arrayBuffers,
  };
}, 50);

let url = '';
// Undici's requests (the fallback) show their URL to an interceptor, direct GETs to the hook.
const captureUrl: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
  if (opts.method === 'GET') url = `${String(opts.origin)}${opts.path}`;
  return dispatch(opts, handler);
};
const captureDirectUrl = (_origin: string, _headers: unknown, direct?: string): void => {
  if (direct !== undefined) url = direct;
};
const dataDir = await mkdtemp(join(tmpdir(), 'databridge-bench-download-'));
await mkdir(task.folder, { recursive: true });
const engine = await createEngine({
  baseUrl: task.baseUrl,
  dataDir,
  auth: { kind: 'apiKey', apiKey: 'demo-admin-key' },
  presignedInterceptors: [captureUrl],
  onPresignedRequest: captureDirectUrl,
  // BENCH_ENGINE=undici measures the fallback path (undici's body stream) for comparison.
  directDownloads: process.env['BENCH_ENGINE'] !== 'undici',
  ...(task.rangesInFlight === undefined ? {} : { rangesInFlight: task.rangesInFlight }),
  // BENCH_SEGMENT_MIB: the size of the segments of a download in ranges (default 64 MiB).
  ...(process.env['BENCH_SEGMENT_MIB']
    ? { downloadSegmentBytes: Number(process.env['BENCH_SEGMENT_MIB']) * 1024 * 1024 }
    : {}),
});
// Before the first request: what the download's memory is counted above.
const baselineRss = process.memoryUsage.rss();
let downloadStart: { at: number; cpu: NodeJS.CpuUsage } | undefined;
engine.service.onDidChange((record) => {
  if (downloadStart === undefined && record.state === 'downloading') {
    downloadStart = { at: performance.now(), cpu: process.cpuUsage() };
    // The export job's own memory (small) is not the download's: the peak counts from here.
    peakRss = process.memoryUsage.rss();
    // The bench reads the emulator's CPU from here: what serving this download costs it.
    process.send?.({ type: 'downloading' });
  }
});
const record = await engine.service.startExport({
  profileId: PROFILE_ID,
  instanceName: task.instanceName,
  databaseName: task.databaseName,
  exportTo: 1,
  destinationFolder: task.folder,
});
const final = await engine.service.settled(record.id);
const ended = performance.now();
const cpu = process.cpuUsage(downloadStart?.cpu);
clearInterval(sampler);
// maxRSS is in KiB: the kernel's high-water mark catches peaks between two samples.
peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
const result: DownloadResult = {
  state: final.state,
  ...(final.error ? { error: final.error.message } : {}),
  bytes: final.totalBytes,
  downloadMs: ended - (downloadStart?.at ?? ended),
  peakRssBytes: peakRss,
  baselineRssBytes: baselineRss,
  downloadCpuSeconds: (cpu.user + cpu.system) / 1e6,
  peakComposition,
  url,
  file: final.files?.[0] ?? '',
};
process.send?.({ type: 'result', ...result });
await engine.close();
await rm(dataDir, { recursive: true, force: true });
clearInterval(keepAlive);
process.disconnect?.();
