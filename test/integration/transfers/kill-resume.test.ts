import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../../src/emulator/server';
import type { TransferRecord } from '../../../src/shared/model/transfer';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';
import type { ChildTask } from '../../support/transfer-child';
import { assembledPath } from '../../support/transfer-rig';

/*
 * Kill and resume: the engine runs in a child process that is killed with SIGKILL at a random
 * point (after a random number of journaled parts, plus a random few milliseconds, so kills
 * land in every phase: before the first part, between parts, during complete-upload and the
 * import job). A new process resumes from the journal. Every run must end with a byte-identical
 * file, and the parts a resumed process sends again must fit in parts-in-flight × part size.
 */

const KIB = 1024;
const PART = 256 * KIB;
const IN_FLIGHT = 4;
const RUNS = 10;
const FILE_BYTES = 8 * 1024 * KIB + 5 * KIB;
const PART_COUNT = Math.ceil(FILE_BYTES / PART);
const INSTANCE = 'sql-eu-dev-01';
const CHILD_SOURCE = fileURLToPath(new URL('../../support/transfer-child.ts', import.meta.url));
/** The child bundled once (beforeAll): forked 20-odd times, it then starts without tsx's
 * compiling of every module, about a core-second each. */
let child: string;

let emulator: Emulator;
let root: string;
let emulatorDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'transfers-kill-'));
  emulatorDir = join(root, 'emulator');
  child = join(root, 'transfer-child.mjs');
  await build({
    entryPoints: [CHILD_SOURCE],
    outfile: child,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The CommonJS packages bundled in (undici) require Node's modules.
    banner: {
      // (Named apart: a bundled module may import createRequire itself, as quickjs-wasi does.)
      js: "import { createRequire as bannerRequire } from 'node:module'; const require = bannerRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  // A little latency makes each part take a few milliseconds, so kills land mid-part too.
  emulator = await startEmulator({
    seed: 'demo',
    dataDir: emulatorDir,
    jobMs: 300,
    minPartSize: PART,
    faults: { latencyMs: 3 },
  });
});

afterAll(async () => {
  await emulator.close();
  await rm(root, { recursive: true, force: true });
});

/** A seeded generator, so a failing run can be replayed from the seed in its name. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface ChildRun {
  child: ChildProcess;
  parts: number;
  ended: Promise<{ record?: TransferRecord; code: number | null; signal: NodeJS.Signals | null }>;
}

function startChild(task: ChildTask): ChildRun {
  const forked = fork(child, [JSON.stringify(task)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const run: ChildRun = {
    child: forked,
    parts: 0,
    ended: Promise.resolve({ code: null, signal: null }),
  };
  let record: TransferRecord | undefined;
  forked.on('message', (message: { type: string; record?: TransferRecord }) => {
    if (message.type === 'part') run.parts += 1;
    if (message.type === 'end') record = message.record;
  });
  run.ended = new Promise((resolve) =>
    forked.once('exit', (code, signal) => resolve({ record, code, signal })),
  );
  return run;
}

/** Kills `run` once it has journaled `parts` parts (or ended), after `extraMs` more. */
async function killAfter(run: ChildRun, parts: number, extraMs: number): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  let exited = false;
  void run.ended.then(() => (exited = true));
  while (!exited && run.parts < parts && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  if (extraMs > 0) await new Promise((resolve) => setTimeout(resolve, extraMs));
  if (exited) return false;
  run.child.kill('SIGKILL');
  await run.ended;
  return true;
}

/** Parts each process began, in order of the processes, from the shared part log. */
async function partsByProcess(log: string): Promise<Map<number, number>[]> {
  const lines = (await readFile(log, 'utf8').catch(() => '')).split('\n');
  const processes: Map<number, number>[] = [];
  for (const line of lines) {
    if (line === '---') processes.push(new Map());
    const match = /^start (\d+) (\d+)$/.exec(line);
    if (match) processes.at(-1)?.set(Number(match[1]), Number(match[2]));
  }
  return processes;
}

/** Where the journal of the (only) transfer in `dataDir` stood: phase and parts done. */
async function journalOf(dataDir: string): Promise<string> {
  const folder = join(dataDir, 'transfers');
  const names = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith('.json'));
  if (names.length === 0) return 'no journal yet';
  const journal = JSON.parse(await readFile(join(folder, names[0] ?? ''), 'utf8')) as {
    phase: string;
    parts: Record<string, string>;
  };
  return `${journal.phase} with ${Object.keys(journal.parts).length}/${PART_COUNT} parts journaled`;
}

describe('kill and resume', () => {
  it(`survives SIGKILL at random points in ${RUNS} runs, byte-identical, resending at most ${IN_FLIGHT} parts`, async () => {
    const random = mulberry32(20260721);
    const summary: string[] = [];
    let killedRuns = 0;
    // A run whose process finished before its kill point does not count: go on until RUNS were killed.
    for (let runIndex = 1; killedRuns < RUNS && runIndex <= RUNS + 5; runIndex += 1) {
      const dataDir = join(root, `app-${runIndex}`);
      const source = join(root, `source-${runIndex}.bak`);
      const partLog = join(root, `parts-${runIndex}.log`);
      const databaseName = `Killed_${runIndex}`;
      const sha = await writeSampleDatabaseFile(source, 'bak', FILE_BYTES, `kill-${runIndex}`);
      const common = {
        baseUrl: emulator.baseUrl,
        dataDir,
        partsInFlight: IN_FLIGHT,
        partSize: PART,
        partLog,
      };

      // First process: killed after a random number of journaled parts (0..all) + a few ms.
      await writeFile(partLog, '---\n');
      // A few extra draws land on "every part done": kills during complete-upload and the import.
      const killAt = Math.min(PART_COUNT, Math.floor(random() * (PART_COUNT + 4)));
      const first = startChild({
        ...common,
        mode: 'start',
        sourcePath: source,
        instanceName: INSTANCE,
        databaseName,
      });
      // After the last part, wait longer so that some kills land in complete-upload or the import.
      const extraMs = Math.floor(random() * (killAt === PART_COUNT ? 200 : 15));
      const killed = await killAfter(first, killAt, extraMs);
      const atKill = killed ? await journalOf(dataDir) : 'finished before the kill';
      if (killed) killedRuns += 1;

      // Then new processes resume from the journal until one finishes (a second kill in some runs).
      let final: TransferRecord | undefined;
      let resumes = 0;
      for (let attempt = 0; killed && attempt < 2; attempt += 1) {
        await writeFile(partLog, '---\n', { flag: 'a' });
        resumes += 1;
        const next = startChild({ ...common, mode: 'resume' });
        // Every fourth run kills the first resuming process too.
        const killAgain = attempt === 0 && runIndex % 4 === 0;
        if (
          killAgain &&
          (await killAfter(next, 1 + Math.floor(random() * 4), Math.floor(random() * 10)))
        ) {
          continue;
        }
        final = (await next.ended).record;
        break;
      }
      if (!killed) final = (await first.ended).record;

      expect(final?.error, `run ${runIndex}`).toBeUndefined();
      expect(final?.state, `run ${runIndex}`).toBe('done');
      expect(await sha256File(assembledPath(emulatorDir, INSTANCE, databaseName, 'bak'))).toBe(sha);

      // Parts a process sends again are those an earlier process had begun: at most N of them.
      const processes = await partsByProcess(partLog);
      const resentParts: number[] = [];
      for (let index = 1; index < processes.length; index += 1) {
        const earlier = new Set(processes.slice(0, index).flatMap((parts) => [...parts.keys()]));
        const resent = [...(processes[index] ?? new Map<number, number>())]
          .filter(([part]) => earlier.has(part))
          .reduce((sum, [, bytes]) => sum + bytes, 0);
        expect(resent, `run ${runIndex}, process ${index + 1}`).toBeLessThanOrEqual(
          IN_FLIGHT * PART,
        );
        resentParts.push(resent / PART);
      }
      summary.push(
        `run ${runIndex}: killed at ${atKill} (aimed after ${killAt}); ${resumes} resume(s); parts sent again: ${resentParts.join(', ') || '-'}`,
      );
    }
    console.log(summary.join('\n'));
    expect(killedRuns).toBe(RUNS);
  }, 240_000);
});
