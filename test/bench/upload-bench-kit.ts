import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import type { EngineResult, EngineTask } from './upload-engine-child';

/*
 * What the parts of `npm run bench:upload` share: the bundled engine child, the emulator's
 * CPU reading, and one engine run in a process of its own.
 */

export const MIB = 1024 * 1024;
export const GIB = 1024 * MIB;
export const IN_FLIGHT = Number(process.env['BENCH_PARTS_IN_FLIGHT'] ?? 4);
export const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 5));
export const INSTANCE = 'sql-eu-dev-01';
export const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url));
export const mibps = (bytesPerSecond: number): string =>
  `${(bytesPerSecond / MIB).toFixed(0)} MiB/s`;
export const mib = (bytes: number): string => `${(bytes / MIB).toFixed(1)} MiB`;

/** The bench's fixed context: the bundled engine child and the emulator. */
export interface Bench {
  childFile: string;
  baseUrl: string;
  emulatorPid: number | undefined;
  dir: string;
}

/** One engine run, with how busy the emulator was while it sent. */
export type EngineRun = EngineResult & { emulatorBusy: string };

/** What one engine process is asked to do (the rest comes from the bench). */
export interface EngineJob {
  files: EngineTask['files'];
  transfersAtOnce?: number;
  bandwidthMiBps?: number;
  /** Another bundle of the child (the MD5-in-a-worker variant); the bench's own otherwise. */
  childFile?: string;
}

export function firstMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    child.on('message', (message: { type?: string }) => {
      if (message.type === type) resolve(message as T);
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before "${type}"`)));
  });
}

/**
 * A bench child (`entry`, beside this file) bundled into one plain ESM file and run by node
 * without tsx, as the app runs it bundled (electron-vite); tsx's compiler caches would add
 * ~60 MiB to the RSS measured. `plugins` swap modules for an experiment (upload-md5-worker.ts).
 */
export async function bundleChild(
  dir: string,
  entry: string,
  name: string,
  plugins: Plugin[] = [],
): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(dir, `${name}.mjs`);
  await build({
    entryPoints: [here(entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile,
    logLevel: 'error',
    plugins,
    // Bundled CommonJS dependencies (undici) call require(): give the ESM bundle one.
    banner: {
      js: "import { createRequire as bannerRequire } from 'node:module'; const require = bannerRequire(import.meta.url);",
    },
  });
  return outfile;
}

/** The upload engine child, bundled (see {@link bundleChild}). */
export function bundleEngineChild(
  dir: string,
  name = 'upload-engine-child',
  plugins: Plugin[] = [],
): Promise<string> {
  return bundleChild(dir, './upload-engine-child.ts', name, plugins);
}

/**
 * Runs `rounds` rounds of two measurements, the order alternating (odd rounds `a` first), so
 * neither side always runs on a warmer or a dirtier machine.
 */
export async function alternate(
  rounds: number,
  a: (round: number) => Promise<void>,
  b: (round: number) => Promise<void>,
): Promise<void> {
  for (let round = 1; round <= rounds; round += 1) {
    if (round % 2 === 1) await a(round).then(() => b(round));
    else await b(round).then(() => a(round));
  }
}

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU seconds (user + system) a process has used so far, from /proc; undefined elsewhere. */
export function cpuSecondsOf(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return undefined;
  }
}

/** How busy the emulator was over `seconds` since `before` (its CPU seconds then), as "NN%". */
export function busy(
  emulatorPid: number | undefined,
  before: number | undefined,
  seconds: number,
): string {
  const after = cpuSecondsOf(emulatorPid);
  if (before === undefined || after === undefined) return 'n/a';
  return `${Math.round(((after - before) / seconds) * 100)}%`;
}

/** Flushes dirty pages, so that a measurement does not pay for the previous one's writes. */
export function settleDisk(): void {
  spawnSync('sync');
}

/** Runs the engine in a process of its own on `job`; throws unless every import ends done. */
export async function engineUpload(bench: Bench, job: EngineJob): Promise<EngineRun> {
  const { childFile = bench.childFile, ...rest } = job;
  const task: EngineTask = {
    baseUrl: bench.baseUrl,
    instanceName: INSTANCE,
    partsInFlight: IN_FLIGHT,
    ...rest,
  };
  settleDisk();
  const child = fork(childFile, [JSON.stringify(task)], {
    // Not this process's flags: they would load tsx into the engine child as well.
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const cpuBefore = cpuSecondsOf(bench.emulatorPid);
  let emulatorBusy = 'n/a';
  const started = performance.now();
  child.on('message', (message: { type?: string }) => {
    if (message.type === 'uploaded') {
      emulatorBusy = busy(bench.emulatorPid, cpuBefore, (performance.now() - started) / 1000);
    }
  });
  const result = await firstMessage<EngineResult>(child, 'result');
  await new Promise((resolve) => child.once('exit', resolve));
  if (result.state !== 'done')
    throw new Error(`engine upload ended ${result.state}: ${result.error ?? ''}`);
  return { ...result, emulatorBusy };
}

/** The upload phase's rate of a run, in bytes per second. */
export const uploadRate = (run: EngineResult): number => run.bytes / (run.uploadMs / 1000);

/** The engine's CPU seconds per GiB sent in a run. */
export const cpuPerGib = (run: EngineResult): number => run.uploadCpuSeconds / (run.bytes / GIB);

/** A unique database name for a run. */
export const databaseName = (prefix: string): string =>
  `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;

/** The run whose `time` (default: the upload phase) was the shortest. */
export const fastestRun = <T extends EngineResult>(
  runs: readonly T[],
  time: 'uploadMs' | 'storedMs' | 'totalMs' = 'uploadMs',
): T => runs.reduce((x, y) => (y[time] < x[time] ? y : x));

/**
 * Deletes the files the emulator stored for completed uploads (`<emulator dir>/files`): every
 * run uploads under a new name, and the (a)/(b) rounds, run twice, would otherwise fill the
 * disk. Called between rounds, once the uploads it deletes are over.
 */
export async function clearStored(bench: Bench): Promise<void> {
  await rm(join(bench.dir, 'emulator', 'files'), { recursive: true, force: true });
}
