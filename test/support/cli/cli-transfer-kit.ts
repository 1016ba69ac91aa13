import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { writeSampleDatabaseFile } from '../sample-files';
import { waitUntil } from '../transfer-rig';
import { startRecordingEmulator, type RecordingEmulator } from '../emulator-fixture';
import type { CliRun, SpawnedCli } from './run-cli';

/*
 * What the suites of the CLI's transfer commands share: an emulator in this process with a
 * request log, small parts (so that a few MiB make many of them), a data folder per run, and
 * ways to read what a --json run prints while it runs.
 */

export const KIB = 1024;
export const MIB = 1024 * KIB;
/** The part size of every run (DATABRIDGE_TRANSFER_TUNING) and the emulator's minimum. */
export const PART = 256 * KIB;
export const INSTANCE = 'sql-eu-dev-01';
const TUNING = JSON.stringify({ partSize: PART, minPartSize: PART, singleStreamThreshold: PART });
/** The environment of every run: the API key, small parts, and no proxy but `--proxy`'s. */
export const ENV = {
  DATABRIDGE_API_KEY: 'demo-admin-key',
  DATABRIDGE_TRANSFER_TUNING: TUNING,
  HTTP_PROXY: '',
  HTTPS_PROXY: '',
  NO_PROXY: '',
  http_proxy: '',
  https_proxy: '',
  no_proxy: '',
};

/** The suite's emulator and folders. */
export interface CliTransferSuite {
  readonly env: RecordingEmulator;
  readonly root: string;
  /** The emulator's data folder (assembled uploads, exported and archive files). */
  readonly emulatorDir: string;
  /** A number not handed out before in this suite. */
  next(): number;
  /** The connection options and a data folder of its own: `--base-url URL --data-dir DIR`. */
  connection(): string[];
  /** A sample .bak file of `bytes` and a database name for it. */
  sample(bytes: number): Promise<{ path: string; sha: string; database: string }>;
}

/** Registers the hooks of a suite (call it at the top level of a test file). */
export function useCliTransferSuite(prefix: string): CliTransferSuite {
  let env: RecordingEmulator | undefined;
  let root = '';
  let counter = 0;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), `${prefix}-`));
    env = await startRecordingEmulator({
      jobMs: 150,
      minPartSize: PART,
      dataDir: join(root, 'emu'),
    });
  });
  afterEach(() => env?.emulator.faults.reset());
  afterAll(async () => {
    await env?.close();
    await rm(root, { recursive: true, force: true });
  });
  const suite: CliTransferSuite = {
    get env() {
      if (!env) throw new Error('The CLI suite is used before its beforeAll ran.');
      return env;
    },
    get root() {
      return root;
    },
    get emulatorDir() {
      return join(root, 'emu');
    },
    next: () => (counter += 1),
    connection: () => [
      '--base-url',
      suite.env.emulator.baseUrl,
      '--data-dir',
      join(root, `data-${suite.next()}`),
    ],
    async sample(bytes) {
      const n = suite.next();
      const path = join(root, `source-${n}.bak`);
      const sha = await writeSampleDatabaseFile(path, 'bak', bytes, `cli-${n}`);
      return { path, sha, database: `Cli_Import_${n}` };
    },
  };
  return suite;
}

/** The complete JSON lines of a --json run's stdout (a line still being written is left out). */
export function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .slice(0, -1)
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * Waits until a --json run printed a line that `matches` and answers it; fails at once when
 * the run ends first. Polls what was printed: no fixed sleep, whatever the machine's load.
 */
export async function waitForJson(
  run: SpawnedCli,
  matches: (line: Record<string, unknown>) => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<Record<string, unknown>> {
  let found: Record<string, unknown> | undefined;
  await waitUntil(
    () => {
      const { stdout, stderr, closed } = run.output();
      found = jsonLines(stdout).find(matches);
      if (found || !closed) return found !== undefined;
      throw new Error(`The run ended before ${what}:\n${stderr}`);
    },
    timeoutMs,
    what,
  );
  return found ?? {};
}

/** A progress line's figure, e.g. `figure(line, 'parts', 'done')`; NaN when absent. */
export function figure(line: Record<string, unknown>, ...path: string[]): number {
  let value: unknown = line;
  for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'number' ? value : Number.NaN;
}

/** Nothing a run printed holds a pre-signed URL, a signature or the API key. */
export function expectNoSecret(run: CliRun): void {
  for (const text of [run.stdout, run.stderr]) {
    expect(text).not.toMatch(/_blobs|[?&](sig|signature)=|demo-admin-key/i);
  }
}

/** The journals left in a run's data folder (`--data-dir`), by file name. */
export async function journalsIn(dataDir: string): Promise<string[]> {
  const names = await readdir(join(dataDir, 'cli', 'transfers'));
  return names.filter((name) => name.endsWith('.json'));
}

/** The `--data-dir` of a command line. */
export function dataDirOf(args: readonly string[]): string {
  const at = args.indexOf('--data-dir');
  const dir = at < 0 ? undefined : args[at + 1];
  if (dir === undefined) throw new Error('The command line has no --data-dir.');
  return dir;
}
