import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DownloadResult, DownloadTask } from './download-engine-child';

/*
 * What `npm run bench:download` runs: the bundled engine child (one export downloaded by the
 * app's engine in a process of its own) and `curl -o` of the same pre-signed URL, each with
 * its peak RSS.
 */

export const MIB = 1024 * 1024;
export const GIB = 1024 * MIB;
const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));

/** Resolves with the first IPC message of `type`; rejects when the child exits before. */
export function firstMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    child.on('message', (message: { type?: string }) => {
      if (message.type === type) resolve(message as T);
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before "${type}"`)));
  });
}

/**
 * The engine child bundled into one plain ESM file run by node without tsx, as the app runs
 * bundled; tsx's compiler caches would add tens of MiB to the RSS measured.
 */
export async function bundleDownloadChild(dir: string): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(dir, 'download-engine-child.mjs');
  await build({
    entryPoints: [here('./download-engine-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile,
    logLevel: 'error',
    // Bundled CommonJS dependencies (undici) call require(): give the ESM bundle one.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  return outfile;
}

/** Runs the engine child on `task`; throws unless the export ends done. */
export async function engineDownload(childFile: string, task: DownloadTask) {
  const child = fork(childFile, [JSON.stringify(task)], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const result = await firstMessage<DownloadResult>(child, 'result');
  await new Promise((resolve) => child.once('exit', resolve));
  if (result.state !== 'done')
    throw new Error(`engine export ended ${result.state}: ${result.error}`);
  return result;
}

/** One `curl -o` run: its wall time and peak RSS (VmHWM sampled every 20 ms). */
export interface CurlRun {
  seconds: number;
  peakRssBytes: number;
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
  const sampler = setInterval(() => {
    peak = Math.max(peak, highWater(curl.pid));
  }, 20);
  const code = await new Promise<number | null>((resolve) => curl.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`curl exited ${code}`);
  return { seconds: (performance.now() - started) / 1000, peakRssBytes: peak };
}

/** The load average (1, 5, 15 minutes) from /proc/loadavg, or n/a. */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
}

export const mibps = (bytesPerSecond: number): string =>
  `${(bytesPerSecond / MIB).toFixed(0)} MiB/s`;
export const mib = (bytes: number): string => `${(bytes / MIB).toFixed(1)} MiB`;
