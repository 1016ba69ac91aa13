import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { missingTool } from '../../support/system-tools';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from '../../support/emulator-fixture';
import { runCli, runCliOnTerminal } from '../../support/cli/run-cli';

/*
 * Operations as a person writes them at a terminal, through the built command against the
 * emulator: body fields as flags, --wait following the job to its end and exiting as it ended,
 * and a drop that is confirmed (by typing the name on a terminal) or refused (from a script
 * without --yes).
 */

const DEV = 'sql-eu-dev-01';
const ENV = { DATABRIDGE_API_KEY: 'demo-admin-key' };
/** Why the terminal tests cannot run here, or undefined. */
const NO_TERMINAL = missingTool(
  'script',
  ['--version'],
  'util-linux brings it; it gives the command a terminal',
);

let env: RecordingEmulator;
let root: string;
let count = 0;

beforeAll(async () => {
  env = await startRecordingEmulator({ jobMs: 150 });
  root = await mkdtemp(join(tmpdir(), 'cli-operations-'));
});
afterEach(() => env.emulator.faults.reset());
afterAll(async () => {
  await env.close();
  await rm(root, { recursive: true, force: true });
});

/** The connection of a run, with a data folder of its own. */
function connection(): string[] {
  count += 1;
  return ['--base-url', env.emulator.baseUrl, '--data-dir', join(root, `data-${count}`)];
}

/** The names of the databases of the dev instance. */
async function databases(): Promise<string[]> {
  const { client, dispatcher } = apiKeyClient(env.emulator);
  try {
    const list = await client.call('databases.list', { pathParams: { instanceName: DEV } });
    return list.map((db) => db.name);
  } finally {
    await dispatcher.close();
  }
}

/** Creates a database through the command line and waits for its job. */
async function created(name: string): Promise<void> {
  const run = await runCli(
    [
      'databases',
      'create',
      '--instanceName',
      DEV,
      '--databaseName',
      name,
      '--wait',
      ...connection(),
    ],
    ENV,
  );
  expect(run.code, run.stderr).toBe(0);
}

describe('body fields as flags', { timeout: 60_000 }, () => {
  it('creates a database from flags and follows its job with --wait', async () => {
    const run = await runCli(
      [
        ...['databases', 'create', '--instanceName', DEV, '--databaseName', 'Ops_Created'],
        ...['--groupIds', 'g-1,g-2', '--wait', ...connection()],
      ],
      ENV,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      type: 'CREATE_DATABASE',
      status: 'Succeeded',
      phase: 'succeeded',
    });
    expect(run.stderr).toMatch(/^Started job \S+; following it to its end/);
    expect(await databases()).toContain('Ops_Created');
  });

  it('answers the job id at once without --wait, as before', async () => {
    const run = await runCli(
      [
        'databases',
        'create',
        '--instanceName',
        DEV,
        '--databaseName',
        'Ops_NoWait',
        ...connection(),
      ],
      ENV,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(Object.keys(JSON.parse(run.stdout) as object)).toEqual(['jobId']);
  });

  it('refuses a wrong body naming the field and its flag, sending nothing', async () => {
    const before = env.requests.length;
    const run = await runCli(
      ['databases', 'create', '--instanceName', DEV, '--databaseName', 'Bad/Name', ...connection()],
      ENV,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'error VALIDATION: --databaseName (body field databaseName): Database name may contain only letters, digits, _, -, : and spaces (at most 80 characters)\n',
    );
    const twice = await runCli(
      [
        ...['databases', 'create', '--instanceName', DEV, '--databaseName', 'A'],
        ...['--body', '{"databaseName":"B"}', ...connection()],
      ],
      ENV,
    );
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('databaseName is given twice, in --body and as --databaseName');
    expect(env.requests.length).toBe(before);
  });
});

describe('--wait on a job', { timeout: 90_000 }, () => {
  it('renames a database and exits 0 when the job succeeded', async () => {
    await created('Ops_Rename');
    const run = await runCli(
      [
        ...['databases', 'rename', '--instanceName', DEV, '--databaseName', 'Ops_Rename'],
        ...['--name', 'Ops_Renamed', '--wait', ...connection()],
      ],
      ENV,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ type: 'RENAME_DATABASE', status: 'Succeeded' });
    const names = await databases();
    expect(names).toContain('Ops_Renamed');
    expect(names).not.toContain('Ops_Rename');
  });

  it('exits 5 when the job failed, saying why', async () => {
    await created('Ops_Fails');
    env.emulator.faults.once('jobFail');
    const run = await runCli(
      [
        ...['databases', 'rename', '--instanceName', DEV, '--databaseName', 'Ops_Fails'],
        ...['--name', 'Ops_Never', '--wait', ...connection()],
      ],
      ENV,
    );
    expect(run.code).toBe(5);
    expect(run.stderr).toMatch(
      /^error JOB_FAILED: Job \S+ \(RENAME_DATABASE\) failed on the service: /m,
    );
    expect(run.stdout).toBe('');
    expect(await databases()).toContain('Ops_Fails');
  });

  it('exports a database, its job followed to the end (0), or failed (5)', async () => {
    const exportArgs = [
      'databases',
      'export',
      '--instanceName',
      DEV,
      '--databaseName',
      'Dev_EDM_Sample',
    ];
    const done = await runCli([...exportArgs, '--exportTo', 'bak', '--wait', ...connection()], ENV);
    expect(done.code, done.stderr).toBe(0);
    const job = JSON.parse(done.stdout) as Record<string, unknown>;
    expect(job).toMatchObject({ type: 'EXPORT_DATABASE', status: 'Succeeded' });
    // The job's download links are pre-signed: never printed.
    expect(job).not.toHaveProperty('downloadUris');
    env.emulator.faults.once('jobFail');
    const failed = await runCli(
      [...exportArgs, '--exportTo', 'bak', '--wait', ...connection()],
      ENV,
    );
    expect(failed.code).toBe(5);
  });
});

describe('databases drop', { timeout: 90_000 }, () => {
  it('is refused from a script without --yes, saying to add it; with --yes it drops', async () => {
    await created('Ops_Scripted');
    const drop = ['databases', 'drop', '--instanceName', DEV, '--databaseName', 'Ops_Scripted'];
    const before = env.requests.length;
    const refused = await runCli([...drop, ...connection()], ENV, 'Ops_Scripted\n');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^usage: Not sent: "drop database Ops_Scripted on sql-eu-dev-01" .* Add --yes to confirm it from a script\.\n$/,
    );
    expect(env.requests.length).toBe(before);
    expect(await databases()).toContain('Ops_Scripted');
    const dropped = await runCli([...drop, '--yes', ...connection()], ENV);
    expect(dropped.code, dropped.stderr).toBe(0);
    expect(await databases()).not.toContain('Ops_Scripted');
  });

  it('on a terminal, drops the database once its name is typed', async (context) => {
    if (NO_TERMINAL) context.skip(NO_TERMINAL);
    await created('Ops_Typed');
    const run = await runCliOnTerminal(
      ['databases', 'drop', '--instanceName', DEV, '--databaseName', 'Ops_Typed', ...connection()],
      ENV,
      [{ when: 'Type the database name to drop it:', type: 'Ops_Typed' }],
    );
    expect(run.code, run.screen).toBe(0);
    expect(run.screen).toContain('Drop database Ops_Typed (16.0 MiB) on sql-eu-dev-01?');
    expect(await databases()).not.toContain('Ops_Typed');
  });

  it('on a terminal, keeps the database when another name is typed (exit 2)', async (context) => {
    if (NO_TERMINAL) context.skip(NO_TERMINAL);
    await created('Ops_Kept');
    const run = await runCliOnTerminal(
      ['databases', 'drop', '--instanceName', DEV, '--databaseName', 'Ops_Kept', ...connection()],
      ENV,
      [{ when: 'Type the database name to drop it:', type: 'ops_kept' }],
    );
    expect(run.code, run.screen).toBe(2);
    expect(run.screen).toContain(
      'Not sent: database Ops_Kept was not dropped ("ops_kept" is not its name)',
    );
    expect(await databases()).toContain('Ops_Kept');
  });
});
