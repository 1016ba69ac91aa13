import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AloneResult, AloneTask } from './download-alone-child';
import type { DownloadResult, DownloadTask } from './download-engine-child';
import type { StackResult, StackTask } from './download-stack-child';
import { bundleChild, cpuSecondsOf, firstMessage } from './upload-bench-kit';

/*
 * What `npm run bench:download` runs: the emulator in a child process, the bundled engine
 * child (one export downloaded by the app's engine in a process of its own) and `curl -o` of
 * the same pre-signed URL, each with its peak RSS.
 */

export { GIB, MIB, cpuSecondsOf, mib, mibps } from './upload-bench-kit';

/** Rounds of each measurement (BENCH_ROUNDS, default 3); each side keeps its best. */
export const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 3));
/** BENCH_SCALE (0..1) shrinks the files for a quick look. */
export const SCALE = Math.min(1, Math.max(0, Number(process.env['BENCH_SCALE'] ?? 1)));
/** `bytes` scaled by {@link SCALE}, in whole MiB, at least 16 MiB. */
export const scaledSize = (bytes: number): number =>
  Math.max(16 * 1024 * 1024, Math.floor((bytes * SCALE) / (1024 * 1024)) * 1024 * 1024);

/** What is exported: 42,000 MB in the demo seed, so its export is the emulator's cap. */
export const EXPORT_SOURCE = {
  instanceName: 'sql-eu-prod-01',
  databaseName: 'EDM_Portfolio_2025',
} as const;

/** The download engine child, bundled as the upload bench bundles its own. */
export function bundleDownloadChild(dir: string): Promise<string> {
  return bundleChild(dir, './download-engine-child.ts', 'download-engine-child');
}

/** The child of the engine's downloader alone (download-alone-child.ts), bundled. */
export function bundleAloneChild(dir: string): Promise<string> {
  return bundleChild(dir, './download-alone-child.ts', 'download-alone-child');
}

/** The HTTP stacks' child (download-stack-child.ts), bundled. */
export function bundleStackChild(dir: string): Promise<string> {
  return bundleChild(dir, './download-stack-child.ts', 'download-stack-child');
}

/**
 * Starts the emulator in a child process of its own (its CPU is read apart from the
 * client's), its export cap raised to `exportMib`; `paceMiBps` > 0 paces each download GET.
 */
export async function startEmulator(dir: string, exportMib: number, paceMiBps = 0) {
  const emulator = fork(
    fileURLToPath(new URL('../support/emulator-child.ts', import.meta.url)),
    [dir],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        DATABRIDGE_EMULATOR_MAX_EXPORT_MIB: String(exportMib),
        DATABRIDGE_EMULATOR_DOWNLOAD_CONNECTION_MIBPS: String(paceMiBps),
      },
    },
  );
  const { baseUrl } = await firstMessage<{ baseUrl: string }>(emulator, 'ready');
  return { emulator, baseUrl };
}

/** Closes the emulator started by {@link startEmulator} and waits for its exit. */
export async function stopEmulator(emulator: ChildProcess): Promise<void> {
  if (emulator.exitCode !== null) return;
  emulator.send({ type: 'close' });
  await new Promise((resolve) => emulator.once('exit', resolve));
}

/**
 * The MD5 (hex) of the file behind a pre-signed URL, from its ETag (a HEAD, which the
 * emulator lets through on a GET URL): what the other downloaders are asked to check.
 */
export async function md5OfUrl(url: string): Promise<string> {
  const answer = await fetch(url, { method: 'HEAD' });
  const etag = (answer.headers.get('etag') ?? '').replace(/"/g, '').trim().toLowerCase();
  if (!answer.ok || !/^[0-9a-f]{32}$/.test(etag))
    throw new Error(`HEAD of the export answered ${answer.status}, ETag "${etag}": no MD5`);
  return etag;
}

/**
 * Forks a bundled child on `task` and answers its 'result' message once it exited; its other
 * messages go to `onMessage`.
 */
async function runChild<R>(
  childFile: string,
  task: unknown,
  onMessage: (message: { type?: string }) => void = () => undefined,
): Promise<R> {
  const child = fork(childFile, [JSON.stringify(task)], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', onMessage);
  const result = await firstMessage<R>(child, 'result');
  await new Promise((resolve) => child.once('exit', resolve));
  return result;
}

/** Runs the downloader alone on `task` (a URL the export flow already fetched). */
export function aloneDownload(childFile: string, task: AloneTask): Promise<AloneResult> {
  return runChild<AloneResult>(childFile, task);
}

/** Runs one HTTP stack of download-stack-child.ts on `task`. */
export function stackDownload(childFile: string, task: StackTask): Promise<StackResult> {
  return runChild<StackResult>(childFile, task);
}

/**
 * Runs the engine child on `task`; throws unless the export ends done. `onDownloading` runs
 * when the child's download starts (after the export job), to read other processes' CPU then.
 */
export async function engineDownload(
  childFile: string,
  task: DownloadTask,
  onDownloading: () => void = () => undefined,
) {
  const result = await runChild<DownloadResult>(childFile, task, (message) => {
    if (message.type === 'downloading') onDownloading();
  });
  if (result.state !== 'done')
    throw new Error(`engine export ended ${result.state}: ${result.error}`);
  return result;
}

/** One `curl -o` run: its wall time, peak RSS (VmHWM) and CPU, sampled every 20 ms. */
export interface CurlRun {
  seconds: number;
  peakRssBytes: number;
  cpuSeconds: number;
}

function highWater(pid: number | undefined): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Downloads `url` into `file` with `curl -o`, as a user would from a shell. */
export async function curlDownload(url: string, file: string): Promise<CurlRun> {
  const started = performance.now();
  const curl = spawn('curl', ['--silent', '--show-error', '--fail', '-o', file, url], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let peak = 0;
  let cpu = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, highWater(curl.pid));
    cpu = Math.max(cpu, cpuSecondsOf(curl.pid) ?? 0);
  }, 20);
  const code = await new Promise<number | null>((resolve) => curl.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`curl exited ${code}`);
  return { seconds: (performance.now() - started) / 1000, peakRssBytes: peak, cpuSeconds: cpu };
}

/**
 * What a careful admin does by hand for the engine's guarantees: `curl -o`, then `md5sum` of
 * the file (the engine checks the MD5 ETag) and `sync` of it (the engine fsyncs before the
 * rename). Its wall time, from the start of curl to the end of the sync.
 */
export async function curlVerifiedDownload(url: string, file: string): Promise<number> {
  const started = performance.now();
  await curlDownload(url, file);
  for (const command of ['md5sum', 'sync']) {
    const run = spawnSync(command, [file], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (run.status !== 0) throw new Error(`${command} exited ${run.status}`);
  }
  return (performance.now() - started) / 1000;
}

/**
 * MD5 on one core of this machine, in bytes per second (256 MiB hashed in memory): the ceiling
 * of any download that checks an MD5 as the bytes arrive, whatever the network.
 */
export function md5BytesPerSecond(): number {
  const block = Buffer.alloc(16 * 1024 * 1024, 0x5a);
  const started = performance.now();
  const hash = createHash('md5');
  for (let i = 0; i < 16; i += 1) hash.update(block);
  hash.digest();
  return (16 * block.length) / ((performance.now() - started) / 1000);
}

/** The load average (1, 5, 15 minutes) from /proc/loadavg, or n/a. */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
}
