/*
 * npm run bench:cli — how soon `databridge` answers, against real peers measured in the same
 * run. The command is built fresh (scripts/build-cli.mjs, as `npm run build` does) into a
 * temporary folder and its entry run by plain node, without tsx. Three commands, each run
 * four ways:
 *  help     `databridge --help`; peers: `npm run cli -- --help` (the way the command line
 *           ran before it was bundled: npm, then tsx compiling TypeScript) and `node -e ""`
 *           (Node's own start-up, the floor of any command written for Node);
 *  invalid  `databridge databases create` with a body the schemas refuse, answered before any
 *           request; peers: `npm run cli -- ...` and `curl` sending the same request to the
 *           emulator, which refuses it too;
 *  list     `databridge instances list`, one real request; peers: `npm run cli` and `curl`.
 * The emulator runs in a child process (its CPU is not the client's). Every command runs
 * BENCH_ROUNDS times (default 10) after one warm-up round that also checks its exit code, the
 * commands in turn within a round, so that a slow moment of a shared machine falls on all of
 * them alike; each keeps its best and median wall time. The warm-up run also fills Node's
 * compile cache, which the command's entry turns on: the figures are those of every run after
 * the first. Target: median under 250 ms for help and for the invalid call.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildCli } from '../../scripts/build-cli.mjs';
import { ChildEmulator } from '../support/child-emulator';
import { median } from './median';
import { loadLine } from './upload-burner';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 10);
const TARGET_MS = 250;
const KEY = 'demo-admin-key';
const INSTANCE = 'sql-eu-prod-01';
/** A body databases.create refuses: the new database's name is missing. */
const BAD_BODY = '{"groupIds":["g1"]}';

interface Command {
  readonly label: string;
  readonly file: string;
  readonly args: readonly string[];
  /** The exit code a correct run ends with (curl: with -f, 22 for an HTTP error). */
  readonly exitCode: number;
}

interface Case {
  readonly name: 'help' | 'invalid' | 'list';
  readonly ours: Command;
  readonly peers: readonly Command[];
}

/** Runs a command to its end; answers its wall time in ms and exit code. */
function timed(command: Command): Promise<{ ms: number; code: number | null; stderr: string }> {
  const started = performance.now();
  const child = spawn(command.file, [...command.args], {
    env: { ...process.env, DATABRIDGE_API_KEY: KEY },
    stdio: ['ignore', 'ignore', 'pipe'],
    shell: process.platform === 'win32' && command.file === 'npm',
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ ms: performance.now() - started, code, stderr }));
  });
}

function cases(bundle: string, baseUrl: string): Case[] {
  const node = (label: string, ...args: string[]): Command => ({
    label,
    file: process.execPath,
    args,
    exitCode: 0,
  });
  const npm = (args: string[], exitCode: number): Command => ({
    label: `npm run cli -- ${args[0]} ${args[1] ?? ''}`.trim(),
    file: 'npm',
    args: ['run', 'cli', '--', ...args],
    exitCode,
  });
  const curl = (label: string, args: string[], exitCode: number): Command => ({
    label,
    file: 'curl',
    args: ['-sf', '-o', '/dev/null', '-H', `authorization: ${KEY}`, ...args],
    exitCode,
  });
  const create = ['databases', 'create', '--instanceName', INSTANCE, '--body', BAD_BODY];
  const list = ['instances', 'list'];
  const createUrl = `${baseUrl}/v1/sql-instances/${INSTANCE}/Databases`;
  return [
    {
      name: 'help',
      ours: node('databridge --help', bundle, '--help'),
      peers: [npm(['--help'], 0), node('node -e ""', '-e', '')],
    },
    {
      name: 'invalid',
      ours: {
        ...node('databridge databases create', bundle, ...create, '--base-url', baseUrl),
        exitCode: 2,
      },
      peers: [
        npm([...create, '--base-url', baseUrl], 2),
        curl(
          'curl POST .../Databases',
          ['-X', 'POST', '-H', 'content-type: application/json', '--data', BAD_BODY, createUrl],
          22,
        ),
      ],
    },
    {
      name: 'list',
      ours: node('databridge instances list', bundle, ...list, '--base-url', baseUrl),
      peers: [
        npm([...list, '--base-url', baseUrl], 0),
        curl('curl GET .../sql-instances', [`${baseUrl}/v1/sql-instances`], 0),
      ],
    },
  ];
}

const ms = (value: number): string => `${value.toFixed(0).padStart(6)} ms`;

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'databridge-cli-bench-'));
  const started = await ChildEmulator.start(join(dir, 'emulator'));
  try {
    const { entry, main, run, deps } = await buildCli({ outDir: join(dir, 'cli') });
    let size = 0;
    for (const file of [main, run, deps]) size += (await stat(file)).size;
    const all = cases(entry, started.baseUrl);
    const commands = all.flatMap((c) => [c.ours, ...c.peers]);
    console.log(
      `cli bench: ${ROUNDS} rounds, node ${process.version}, bundles ${(size / 1024).toFixed(0)} KiB; load average ${loadLine()}`,
    );
    for (const command of commands) {
      const warm = await timed(command);
      if (warm.code !== command.exitCode) {
        throw new Error(
          `${command.label} ended ${warm.code}, not ${command.exitCode}: ${warm.stderr}`,
        );
      }
    }
    const times = new Map<Command, number[]>(commands.map((c) => [c, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      // The order turns each round: no command always runs right after the slowest one.
      const order = commands.map((_, i) => commands[(i + round) % commands.length] as Command);
      for (const command of order) times.get(command)?.push((await timed(command)).ms);
    }
    report(all, times);
  } finally {
    await started.emulator.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function report(all: readonly Case[], times: ReadonlyMap<Command, number[]>): void {
  const best = (c: Command): number => Math.min(...(times.get(c) ?? []));
  const mid = (c: Command): number => median(times.get(c) ?? []);
  console.log(`\n${'command'.padEnd(34)}     best    median`);
  for (const c of all) {
    console.log(c.name);
    for (const command of [c.ours, ...c.peers]) {
      console.log(`  ${command.label.padEnd(32)}${ms(best(command))}${ms(mid(command))}`);
    }
    const ratios = c.peers.map((peer) => `${(mid(c.ours) / mid(peer)).toFixed(2)}x ${peer.label}`);
    console.log(`  median of ${c.ours.label} = ${ratios.join(', ')}`);
  }
  console.log('');
  for (const c of all.filter((x) => x.name !== 'list')) {
    const figure = mid(c.ours);
    const verdict = figure < TARGET_MS ? 'met' : 'NOT met';
    console.log(
      `target: ${c.ours.label} median under ${TARGET_MS} ms: ${verdict} (${figure.toFixed(0)} ms)`,
    );
  }
  console.log(`load average after: ${loadLine()}`);
}

await main();
