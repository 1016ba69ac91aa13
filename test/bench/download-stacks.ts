import { spawnSync } from 'node:child_process';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { StackFigures, StackResult } from './download-stack-child';
import { STACKS, type Stack } from './download-stack-sink';
import { median } from './median';
import {
  EXPORT_SOURCE,
  GIB,
  engineDownload,
  loadAverage,
  md5OfUrl,
  mib,
  mibps,
  stackDownload,
  startEmulator,
  stopEmulator,
} from './download-bench-kit';

/*
 * Which HTTP stack the download should run on: the engine's private client against undici's
 * request(), stream() and dispatch(), on one pre-signed URL, in the same rounds, each in a
 * process of its own writing through the same end (download-stack-child.ts). The order turns
 * each round, so no stack always fetches first. Each child downloads twice: the process's
 * first download (as the bench measures the engine, paying the JIT and the heap's growth
 * once) and a later one (what every further download costs). The decision, printed for both:
 * undici's cheapest path in CPU per GiB over the private client's; the private client stays
 * only above 1.10.
 */

/** Where the stacks run: the bundled children and the size of the export. */
export interface StacksSetup {
  dir: string;
  children: { engine: string; stack: string };
  bytes: number;
  rounds: number;
}

/** The stacks in the order of round `round` (1-based): each one place further. */
const orderOf = (round: number): Stack[] =>
  STACKS.map((_, i) => STACKS[(i + round - 1) % STACKS.length] as Stack);

async function oneRun(setup: StacksSetup, stack: Stack, url: string, md5: string) {
  const dest = join(setup.dir, `stack-${stack}.bak`);
  // The previous run's writes are flushed first: each pays for its own only.
  spawnSync('sync');
  // The child downloads twice (first, again), checking the MD5 each time.
  const run = await stackDownload(setup.children.stack, { stack, url, dest, md5 });
  if ((await stat(dest)).size !== setup.bytes) throw new Error(`${stack}: wrong file size`);
  await rm(dest);
  await rm(`${dest}.journal.json`, { force: true });
  return run;
}

/** A download's rate and CPU per GiB, for a round's line. */
function brief(run: StackFigures, bytes: number): string {
  return (
    `${mibps(bytes / run.seconds)} (CPU ${(run.cpuSeconds / (bytes / GIB)).toFixed(2)} s per ` +
    `GiB, peak RSS +${mib(run.peakAboveBaselineBytes)})`
  );
}

/** Runs the rounds on `url`; answers each stack's runs. */
async function stackRounds(setup: StacksSetup, url: string, md5: string) {
  const runs = new Map<Stack, StackResult[]>(STACKS.map((stack) => [stack, []]));
  for (let round = 1; round <= setup.rounds; round += 1) {
    for (const stack of orderOf(round)) {
      const run = await oneRun(setup, stack, url, md5);
      runs.get(stack)?.push(run);
      console.log(
        `  stacks ${mib(setup.bytes)} round ${round}: ${stack} first ${brief(run.first, setup.bytes)}, ` +
          `again ${brief(run.again, setup.bytes)}; load ${loadAverage()}`,
      );
    }
  }
  return runs;
}

/** One stack's figures: best rate, least CPU per GiB (the decision's), median CPU per GiB. */
function figures(runs: readonly StackFigures[], bytes: number) {
  const gib = bytes / GIB;
  return {
    rate: bytes / Math.min(...runs.map((run) => run.seconds)),
    cpu: Math.min(...runs.map((run) => run.cpuSeconds)) / gib,
    medianCpu: median(runs.map((run) => run.cpuSeconds)) / gib,
    peak: Math.max(...runs.map((run) => run.peakAboveBaselineBytes)),
  };
}

type Which = 'first' | 'again';
const WHICH: Record<Which, string> = {
  first: "the process's first download",
  again: 'a later download',
};

function report(runs: Map<Stack, StackResult[]>, bytes: number, which: Which): void {
  const pick = (stack: Stack) => (runs.get(stack) ?? []).map((run) => run[which]);
  const all = new Map(STACKS.map((stack) => [stack, figures(pick(stack), bytes)]));
  for (const [stack, f] of all) {
    console.log(
      `stacks ${mib(bytes)}, ${WHICH[which]}: ${stack} ${mibps(f.rate)} best, CPU ` +
        `${f.cpu.toFixed(2)} s per GiB (least; median ${f.medianCpu.toFixed(2)}), peak RSS ` +
        `+${mib(f.peak)}; load ${loadAverage()}`,
    );
  }
  const own = all.get('private');
  const undici = [...all].filter(([stack]) => stack !== 'private');
  if (!own || undici.length === 0) return;
  // undici's best path is its cheapest in CPU per GiB: the measure the decision is made on.
  const [bestStack, best] = undici.reduce((a, b) => (b[1].cpu < a[1].cpu ? b : a));
  const cpuRatio = best.cpu / own.cpu;
  console.log(
    `stacks ${mib(bytes)}, ${WHICH[which]}: undici's best path ${bestStack}() ` +
      `${best.cpu.toFixed(2)} s per GiB, private ${own.cpu.toFixed(2)}: ratio undici-best/private ` +
      `CPU per GiB ${cpuRatio.toFixed(2)}, MiB/s ${(best.rate / own.rate).toFixed(2)}, peak RSS ` +
      `+${mib(best.peak)} against +${mib(own.peak)} (the private client stays only above 1.10: ` +
      `${cpuRatio > 1.1 ? 'keep the private client' : 'move to undici'}); load ${loadAverage()}`,
  );
}

/**
 * The stack comparison on an export of `bytes`: an emulator of its own, the engine's export
 * flow once for the pre-signed URL (the first fetch of the file, which the stacks' are not),
 * then the rounds and the figures.
 */
export async function measureStacks(setup: StacksSetup): Promise<void> {
  const emulatorDir = join(setup.dir, 'emulator-stacks');
  const { emulator, baseUrl } = await startEmulator(emulatorDir, setup.bytes / (1024 * 1024));
  try {
    const folder = join(setup.dir, 'stacks-export');
    const run = await engineDownload(setup.children.engine, { baseUrl, ...EXPORT_SOURCE, folder });
    if ((await stat(run.file)).size !== setup.bytes) throw new Error('export of a wrong size');
    await rm(folder, { recursive: true, force: true });
    const md5 = await md5OfUrl(run.url);
    console.log(
      `HTTP stacks on one connection, ${mib(setup.bytes)}, ${setup.rounds} round(s), each into ` +
        `the engine's .part writer with MD5 per chunk and journal; load ${loadAverage()}`,
    );
    const runs = await stackRounds(setup, run.url, md5);
    report(runs, setup.bytes, 'first');
    report(runs, setup.bytes, 'again');
  } finally {
    await stopEmulator(emulator);
    await rm(emulatorDir, { recursive: true, force: true });
  }
}
