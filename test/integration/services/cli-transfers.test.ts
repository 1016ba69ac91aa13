import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fileSafeName } from '../../../src/emulator/blobs/blob-types';
import { sha256File, writeSampleDatabaseFile } from '../../support/sample-files';
import { assembledPath, waitUntil } from '../../support/transfer-harness';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from './helpers/emulator-fixture';
import { spawnCli, type CliRun } from './helpers/run-cli';

/*
 * The CLI's transfer commands as a script runs them: a child process against the emulator
 * over real HTTP, the app's engine inside. Small files and 256 KiB parts keep each run short;
 * nothing here depends on timing but the point where a run is killed, and that point is taken
 * from the emulator's own request log (the emulator runs in this process, so a slow machine
 * slows the upload down with it).
 */

const KIB = 1024;
const PART = 256 * KIB;
const IN_FLIGHT = 2;
const INSTANCE = 'sql-eu-dev-01';
const TUNING = JSON.stringify({ partSize: PART, minPartSize: PART, singleStreamThreshold: PART });
const ENV = { DATABRIDGE_API_KEY: 'demo-admin-key', DATABRIDGE_TRANSFER_TUNING: TUNING };

let env: RecordingEmulator;
let root: string;
let counter = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cli-transfers-'));
  env = await startRecordingEmulator({ jobMs: 150, minPartSize: PART, dataDir: join(root, 'emu') });
});
afterEach(() => env.emulator.faults.reset());
afterAll(async () => {
  await env.close();
  await rm(root, { recursive: true, force: true });
});

/** The connection options and a data folder of its own for each test. */
function connection(): string[] {
  counter += 1;
  return ['--base-url', env.emulator.baseUrl, '--data-dir', join(root, `data-${counter}`)];
}

async function sample(bytes: number): Promise<{ path: string; sha: string; database: string }> {
  counter += 1;
  const path = join(root, `source-${counter}.bak`);
  const sha = await writeSampleDatabaseFile(path, 'bak', bytes, `cli-${counter}`);
  return { path, sha, database: `Cli_Import_${counter}` };
}

/** The JSON lines a --json run printed on stdout. */
function jsonLines(run: CliRun): Record<string, unknown>[] {
  return run.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Part numbers of the PUTs to pre-signed part URLs in `lines` of the emulator's log. */
function partPuts(lines: readonly string[]): number[] {
  return lines
    .map((line) => /^PUT \/_blobs\/uploads\/[^/]+\/parts\/(\d+) /.exec(line)?.[1])
    .filter((part): part is string => part !== undefined)
    .map(Number);
}

function expectNoSecret(run: CliRun): void {
  for (const text of [run.stdout, run.stderr]) {
    expect(text).not.toMatch(/_blobs|[?&](sig|signature)=|demo-admin-key/i);
  }
}

describe('npm run cli -- import', () => {
  it('uploads a file in parts, waits for the import job, and the service holds the same bytes', async () => {
    const file = await sample(2 * 1024 * KIB + 5 * KIB);
    const args = ['import', file.path, '--instanceName', INSTANCE, '--databaseName', file.database];
    const run = await spawnCli([...args, ...connection(), '--wait', '--json'], ENV).ended;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = jsonLines(run);
    const result = lines.at(-1);
    expect(result).toMatchObject({
      event: 'result',
      state: 'done',
      mode: 'multipart',
      parts: { total: 9 },
      jobStatus: 'Succeeded',
    });
    const progress = lines.filter((line) => line['event'] === 'progress');
    expect(progress.map((line) => line['state'])).toContain('uploading');
    expect(progress.at(-1)).toMatchObject({ totalBytes: 2 * 1024 * KIB + 5 * KIB });
    expectNoSecret(run);
    const sha = await sha256File(assembledPath(join(root, 'emu'), INSTANCE, file.database, 'bak'));
    expect(sha).toBe(file.sha);
    const { client, dispatcher } = apiKeyClient(env.emulator);
    const database = await client.call('databases.get', {
      pathParams: { instanceName: INSTANCE, databaseName: file.database },
    });
    await dispatcher.close();
    expect(database.status).toBe('Ready');
  }, 60_000);

  it('killed with SIGKILL mid-upload, resumes with the same arguments and sends again at most the parts in flight', async () => {
    const partCount = 32;
    const file = await sample(partCount * PART - 3 * KIB);
    const args = [
      'import',
      file.path,
      '--instanceName',
      INSTANCE,
      '--databaseName',
      file.database,
      '--parts-in-flight',
      String(IN_FLIGHT),
      '--wait',
      ...connection(),
    ];
    // Each part takes a little while, so the kill lands while parts are on the wire.
    env.emulator.faults.set({ latencyMs: 20 });
    const before = env.requests.length;
    const first = spawnCli(args, ENV);
    await waitUntil(
      () => partPuts(env.requests.slice(before)).length >= 8,
      45_000,
      'the first parts of the first run',
    );
    first.child.kill('SIGKILL');
    expect((await first.ended).signal).toBe('SIGKILL');

    const dataDir = args.at(-1) ?? '';
    const journals = join(dataDir, 'cli', 'transfers');
    const [name] = (await readdir(journals)).filter((file) => file.endsWith('.json'));
    const journal = JSON.parse(await readFile(join(journals, name ?? ''), 'utf8')) as {
      phase: string;
      parts: Record<string, string>;
    };
    expect(journal.phase).toBe('uploading');
    const journaled = Object.keys(journal.parts).map(Number);
    expect(journaled.length).toBeLessThan(partCount);

    const between = env.requests.length;
    const firstParts = new Set(partPuts(env.requests.slice(before, between)));
    const second = await spawnCli(args, ENV).ended;
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/Resuming the import started .* \(\d+ of 32 parts sent\)/);
    expectNoSecret(second);
    const secondParts = new Set(partPuts(env.requests.slice(between)));
    expect(secondParts.size).toBeLessThan(partCount);
    expect(journaled.filter((part) => secondParts.has(part))).toEqual([]);
    const resent = [...secondParts].filter((part) => firstParts.has(part));
    expect(resent.length).toBeLessThanOrEqual(IN_FLIGHT);
    expect(JSON.parse(second.stdout)).toMatchObject({ state: 'done', jobStatus: 'Succeeded' });
    const sha = await sha256File(assembledPath(join(root, 'emu'), INSTANCE, file.database, 'bak'));
    expect(sha).toBe(file.sha);
    expect(await readdir(journals)).toEqual([]);
  }, 90_000);
});

describe('npm run cli -- export', () => {
  it('runs the export job and downloads the file byte-identical into the folder', async () => {
    const to = join(root, `exports-${counter + 1}`);
    const args = ['export', '--instanceName', INSTANCE, '--databaseName', 'Dev_EDM_Sample'];
    const run = await spawnCli([...args, '--exportTo', '1', '--to', to, ...connection()], ENV)
      .ended;
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { state: string; jobId: string; files: string[] };
    expect(result.state).toBe('done');
    expect(result.files).toEqual([join(to, 'Dev_EDM_Sample.bak')]);
    expectNoSecret(run);
    const served = join(
      root,
      'emu',
      'exports',
      fileSafeName(result.jobId),
      `${fileSafeName('Dev_EDM_Sample')}.bak`,
    );
    expect(await sha256File(result.files[0] ?? '')).toBe(await sha256File(served));
  }, 60_000);
});

describe('npm run cli -- jobs wait', () => {
  it('follows a job that fails and exits with the failed-job code', async () => {
    env.emulator.faults.once('jobFail');
    const { client, dispatcher } = apiKeyClient(env.emulator);
    const started = await client.call('databases.shrink', {
      pathParams: { instanceName: 'sql-eu-prod-01', databaseName: 'tempdb' },
      body: {},
    });
    await dispatcher.close();
    const args = ['jobs', 'wait', '--instanceName', 'sql-eu-prod-01', '--jobId', started.jobId];
    const run = await spawnCli([...args, ...connection(), '--json'], ENV).ended;
    expect(run.code).toBe(5);
    expect(run.stderr).toMatch(
      new RegExp(`^error JOB_FAILED: Job ${started.jobId} .*failed on the service: .*disk space`),
    );
    expect(jsonLines(run).at(-1)).toMatchObject({
      event: 'error',
      code: 'JOB_FAILED',
      exitCode: 5,
    });
    // Asked again once it is over: the same answer, from one read of the job.
    const again = await spawnCli([...args, ...connection()], ENV).ended;
    expect(again.code).toBe(5);
    expect(again.stdout).toBe('');
  }, 60_000);

  it('says what is wrong with the command line before anything is sent (exit code 2)', async () => {
    const before = env.requests.length;
    const run = await spawnCli(['jobs', 'wait', '--instanceName', INSTANCE, ...connection()], ENV)
      .ended;
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('usage: --jobId is required.\n');
    expect(env.requests.length).toBe(before);
  }, 30_000);
});
