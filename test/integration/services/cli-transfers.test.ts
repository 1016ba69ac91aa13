import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileSafeName } from '../../../src/emulator/blobs/blob-types';
import { sha256File } from '../../support/sample-files';
import { assembledPath } from '../../support/transfer-rig';
import {
  ENV,
  INSTANCE,
  KIB,
  PART,
  dataDirOf,
  expectNoSecret,
  figure,
  journalsIn,
  jsonLines,
  useCliTransferSuite,
  waitForJson,
} from '../../support/cli/cli-transfer-kit';
import { apiKeyClient } from '../../support/emulator-fixture';
import { spawnCli } from '../../support/cli/run-cli';

/*
 * The CLI's transfer commands as a script runs them: a child process against the emulator
 * over real HTTP, the app's engine inside. Small files and 256 KiB parts keep each run short;
 * nothing here depends on timing but the point where a run is killed, and that point is an
 * event the run printed (parts done in its --json lines), so a slow machine only makes it
 * come later.
 */

const IN_FLIGHT = 2;
const PART_COUNT = 32;
/**
 * Where the import is killed: after this many parts done, 1 to 20 of 32, at random unless
 * CLI_KILL_AFTER says (it is in the test's name, to run a failure again).
 */
const KILL_AFTER = Number(process.env['CLI_KILL_AFTER']) || 1 + Math.floor(Math.random() * 20);

const suite = useCliTransferSuite('cli-transfers');
const connection = (): string[] => suite.connection();

/** Part numbers of the PUTs to pre-signed part URLs in `lines` of the emulator's log. */
function partPuts(lines: readonly string[]): number[] {
  return lines
    .map((line) => /^PUT \/_blobs\/uploads\/[^/]+\/parts\/(\d+) /.exec(line)?.[1])
    .filter((part): part is string => part !== undefined)
    .map(Number);
}

describe('npm run cli -- import', () => {
  it('uploads a file in parts, waits for the import job, and the service holds the same bytes', async () => {
    const file = await suite.sample(2 * 1024 * KIB + 5 * KIB);
    const args = ['import', file.path, '--instanceName', INSTANCE, '--databaseName', file.database];
    const run = await spawnCli([...args, ...connection(), '--wait', '--json'], ENV).ended;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
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
    const sha = await sha256File(assembledPath(suite.emulatorDir, INSTANCE, file.database, 'bak'));
    expect(sha).toBe(file.sha);
    const { client, dispatcher } = apiKeyClient(suite.env.emulator);
    const database = await client.call('databases.get', {
      pathParams: { instanceName: INSTANCE, databaseName: file.database },
    });
    await dispatcher.close();
    expect(database.status).toBe('Ready');
  }, 60_000);

  it(`killed with SIGKILL once ${KILL_AFTER} of ${PART_COUNT} parts are done (CLI_KILL_AFTER=${KILL_AFTER} repeats it), resumes with the same arguments and sends again at most the parts in flight`, async () => {
    const file = await suite.sample(PART_COUNT * PART - 3 * KIB);
    const args = [
      ...['import', file.path, '--instanceName', INSTANCE, '--databaseName', file.database],
      ...['--parts-in-flight', String(IN_FLIGHT), '--wait', '--json', ...connection()],
    ];
    // Each part takes a while, so the kill lands while parts are on the wire, and the parts
    // done move by a few between two progress lines (one per 250 ms at most).
    suite.env.emulator.faults.set({ latencyMs: 120 });
    const before = suite.env.requests.length;
    const first = spawnCli(args, ENV);
    const seen = await waitForJson(
      first,
      (line) => figure(line, 'parts', 'done') >= KILL_AFTER,
      `${KILL_AFTER} parts done`,
    );
    first.child.kill('SIGKILL');
    expect((await first.ended).signal).toBe('SIGKILL');
    expect(seen).toMatchObject({ state: 'uploading', parts: { total: PART_COUNT } });

    const dataDir = dataDirOf(args);
    const [name] = await journalsIn(dataDir);
    const journal = JSON.parse(
      await readFile(join(dataDir, 'cli', 'transfers', name ?? ''), 'utf8'),
    ) as { phase: string; parts: Record<string, string> };
    expect(journal.phase).toBe('uploading');
    const journaled = Object.keys(journal.parts).map(Number);
    expect(journaled.length).toBeLessThan(PART_COUNT);

    const between = suite.env.requests.length;
    const firstParts = new Set(partPuts(suite.env.requests.slice(before, between)));
    const second = await spawnCli(args, ENV).ended;
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(
      new RegExp(
        `^Resuming the import started .* \\(${journaled.length} of 32 parts sent\\)\\.\\n$`,
      ),
    );
    expectNoSecret(second);
    const secondParts = new Set(partPuts(suite.env.requests.slice(between)));
    expect(secondParts.size).toBeLessThan(PART_COUNT);
    expect(journaled.filter((part) => secondParts.has(part))).toEqual([]);
    const resent = [...secondParts].filter((part) => firstParts.has(part));
    expect(resent.length).toBeLessThanOrEqual(IN_FLIGHT);
    expect(jsonLines(second.stdout).at(-1)).toMatchObject({
      event: 'result',
      state: 'done',
      jobStatus: 'Succeeded',
    });
    const sha = await sha256File(assembledPath(suite.emulatorDir, INSTANCE, file.database, 'bak'));
    expect(sha).toBe(file.sha);
    expect(await journalsIn(dataDir)).toEqual([]);
  }, 120_000);
});

describe('npm run cli -- export', () => {
  it('runs the export job and downloads the file byte-identical into the folder', async () => {
    const to = join(suite.root, `exports-${suite.next()}`);
    const args = ['export', '--instanceName', INSTANCE, '--databaseName', 'Dev_EDM_Sample'];
    const run = await spawnCli([...args, '--exportTo', '1', '--to', to, ...connection()], ENV)
      .ended;
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { state: string; jobId: string; files: string[] };
    expect(result.state).toBe('done');
    expect(result.files).toEqual([join(to, 'Dev_EDM_Sample.bak')]);
    expectNoSecret(run);
    const served = join(
      suite.emulatorDir,
      'exports',
      fileSafeName(result.jobId),
      `${fileSafeName('Dev_EDM_Sample')}.bak`,
    );
    expect(await sha256File(result.files[0] ?? '')).toBe(await sha256File(served));
  }, 60_000);
});

describe('npm run cli -- jobs wait', () => {
  it('follows a job that fails and exits with the failed-job code', async () => {
    suite.env.emulator.faults.once('jobFail');
    const { client, dispatcher } = apiKeyClient(suite.env.emulator);
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
    expect(jsonLines(run.stdout).at(-1)).toMatchObject({
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
    const before = suite.env.requests.length;
    const run = await spawnCli(['jobs', 'wait', '--instanceName', INSTANCE, ...connection()], ENV)
      .ended;
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('usage: --jobId is required.\n');
    expect(suite.env.requests.length).toBe(before);
  }, 30_000);
});
