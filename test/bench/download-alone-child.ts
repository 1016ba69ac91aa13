import { Agent } from 'undici';
import { directRoute } from '../../src/main/services/http/direct-route';
import { RangeDownloader } from '../../src/main/services/transfers/download/range-downloader';

/*
 * The download bench's other engine child: the engine's downloader alone (direct GET, 4
 * connections at most, the MD5 checked against the ETag, the `.part` renamed into place), on a
 * URL the export flow already downloaded, without the export job, the transfer service, its
 * journal or its events. Argument 1: JSON {@link AloneTask}. Message out: { type: 'result',
 * ...AloneResult }.
 */

/** What the child downloads, and where. */
export interface AloneTask {
  url: string;
  dest: string;
}

/** What the child measured. */
export interface AloneResult {
  seconds: number;
  cpuSeconds: number;
}

const task = JSON.parse(process.argv[2] ?? '{}') as AloneTask;
const downloader = new RangeDownloader({
  dispatcher: new Agent(),
  route: directRoute({ env: {} }),
  rangesInFlight: () => 4,
});
const started = performance.now();
const cpu = process.cpuUsage();
await downloader.download({
  url: task.url,
  state: { remoteName: 'bench', dest: task.dest, bytesWritten: 0, done: false },
  refreshUrl: () => Promise.reject(new Error('The bench URL expired')),
  signal: new AbortController().signal,
});
const used = process.cpuUsage(cpu);
const result: AloneResult = {
  seconds: (performance.now() - started) / 1000,
  cpuSeconds: (used.user + used.system) / 1e6,
};
process.send?.({ type: 'result', ...result });
process.disconnect?.();
