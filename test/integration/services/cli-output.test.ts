import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../../src/main/cli/commands/runner';
import { MemorySecretStore } from '../../../src/main/services/secrets/secret-store';
import { formatDateTime } from '../../../src/shared/format/times';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from '../../support/emulator-fixture';
import { spawnCli } from '../../support/cli/run-cli';

/*
 * `--output` and `--query` against the emulator, through the runner in this process: what a
 * person sees on a terminal, and what a script gets from a pipe.
 */

let env: RecordingEmulator;
let dataDir: string;

beforeAll(async () => {
  env = await startRecordingEmulator();
  dataDir = await mkdtemp(join(tmpdir(), 'cli-output-'));
});
afterAll(async () => {
  await env?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function run(argv: string[], screen: Partial<CliIo> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli([...argv, '--base-url', env.emulator.baseUrl, '--data-dir', dataDir], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { DATABRIDGE_API_KEY: 'demo-admin-key' },
    secretStore: () => new MemorySecretStore(),
    ...screen,
  });
  return { code, stdout, stderr };
}

const terminal = { stdoutIsTty: true, columns: 100 };

describe('databridge --output', () => {
  it('prints JSON into a pipe and a table fitted to a terminal', async () => {
    const piped = await run(['instances', 'list']);
    expect(piped.code).toBe(0);
    const instances = JSON.parse(piped.stdout) as { name: string }[];
    expect(instances.map((i) => i.name)).toEqual([
      'sql-eu-prod-01',
      'sql-eu-dev-01',
      'sql-eu-test-01',
    ]);
    const table = await run(['instances', 'list'], terminal);
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^Name +Status +Size +Used +Free +/);
    expect(lines[1]).toMatch(/^sql-eu-prod-01 .* [\d.]+ [TG]iB/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
  });

  it('prints one record as fields and values, times as the app writes them', async () => {
    const { client, dispatcher } = apiKeyClient(env.emulator);
    const [first] = await client.call('databases.list', {
      pathParams: { instanceName: 'sql-eu-prod-01' },
    });
    await dispatcher.close();
    if (!first) throw new Error('the emulator has no database on sql-eu-prod-01');
    const args = [
      'databases',
      'get',
      '--instanceName',
      'sql-eu-prod-01',
      '--databaseName',
      first.name,
    ];
    const shown = await run([...args, '-o', 'table'], terminal);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^name +${first.name}$`, 'm'));
    expect(shown.stdout).toMatch(
      new RegExp(`^createdAt +${formatDateTime(first.createdAt)}$`, 'm'),
    );
    expect(shown.stdout).toMatch(/^sizeInMb +[\d.]+ [KMGT]?i?B$/m);
  });

  it('prints raw values for spreadsheets after --query, and JSON lines', async () => {
    const csv = await run(
      [
        'instances',
        'list',
        '-o',
        'csv',
        '--query',
        '[].{name: name, totalMiB: totalDiskSpaceInMb}',
      ],
      terminal,
    );
    expect(csv.code).toBe(0);
    const [header, ...rows] = csv.stdout.split('\r\n');
    expect(header).toBe('name,totalMiB');
    expect(rows.at(-1)).toBe('');
    expect(rows.slice(0, -1).map((row) => row.split(',')[0])).toEqual([
      'sql-eu-prod-01',
      'sql-eu-dev-01',
      'sql-eu-test-01',
    ]);
    for (const row of rows.slice(0, -1)) expect(row).toMatch(/^[\w-]+,\d+(\.\d+)?$/);
    const jsonl = await run(['instances', 'list', '--output=jsonl', '--query', '[].name']);
    expect(jsonl.stdout).toBe('"sql-eu-prod-01"\n"sql-eu-dev-01"\n"sql-eu-test-01"\n');
  });

  it('refuses a bad format or query before anything is sent', async () => {
    const before = env.requests.length;
    const format = await run(['instances', 'list', '-o', 'xml']);
    expect(format).toMatchObject({ code: 2, stdout: '' });
    expect(format.stderr).toMatch(
      /^usage: --output must be one of table, wide, json, jsonl, tsv, csv;/,
    );
    const query = await run(['instances', 'list', '--query', 'sort_by(@, &name']);
    expect(query).toMatchObject({ code: 2, stdout: '' });
    expect(query.stderr).toMatch(
      /^usage: --query "sort_by\(@, &name" is not a JMESPath expression/,
    );
    expect(env.requests.length).toBe(before);
  });

  it('exits 1 when the query fails on the answer: the request was sent (2 is for before)', async () => {
    const before = env.requests.length;
    // abs() of a list: valid JMESPath, which only the answer can show wrong.
    const failed = await run(['instances', 'list', '--query', 'abs(@)']);
    expect(failed).toMatchObject({ code: 1, stdout: '' });
    expect(failed.stderr).toMatch(
      /^error QUERY_FAILED: --query "abs\(@\)" could not be applied to the answer \(the command itself ran\): /,
    );
    expect(env.requests.length).toBeGreaterThan(before);
    const sent = env.requests.length;
    const invalid = await run([
      'jobs',
      'wait',
      '--instanceName',
      'x',
      '--jobId',
      'j',
      '--query',
      '[',
    ]);
    expect(invalid).toMatchObject({ code: 2, stdout: '' });
    expect(invalid.stderr).toMatch(/^usage: --query "\[" is not a JMESPath expression/);
    expect(env.requests.length).toBe(sent);
  });

  it('exits 1 when the query fails on the records of audit list', async () => {
    let stdout = '';
    let stderr = '';
    const code = await runCli(['audit', 'list', '--data-dir', dataDir, '--query', 'abs(@)'], {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      env: {},
      secretStore: () => new MemorySecretStore(),
    });
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toMatch(/^error QUERY_FAILED: --query "abs\(@\)" could not be applied/);
  });

  it('prints the result of jobs wait the same way, its progress on stderr', async () => {
    const { client, dispatcher } = apiKeyClient(env.emulator);
    const started = await client.call('databases.shrink', {
      pathParams: { instanceName: 'sql-eu-prod-01', databaseName: 'tempdb' },
      body: {},
    });
    await dispatcher.close();
    const args = ['jobs', 'wait', '--instanceName', 'sql-eu-prod-01', '--jobId', started.jobId];
    const waited = await run([...args, '-o', 'tsv', '--query', '{jobId: jobId, status: status}']);
    expect(waited.code).toBe(0);
    expect(waited.stdout).toBe(`jobId\tstatus\n${started.jobId}\tSucceeded\n`);
    expect(waited.stderr).not.toBe('');
  }, 30_000);
});

describe('a reader that stops early (databridge … | head -1)', () => {
  for (const [what, args] of [
    ['an answer of the service', ['instances', 'list', '--base-url', 'EMULATOR']],
    ['the help, printed before anything is loaded', ['--help']],
  ] as const) {
    it(`ends quietly, with the shell's code for a closed pipe: ${what}`, async () => {
      const argv = args.map((arg) => (arg === 'EMULATOR' ? env.emulator.baseUrl : arg));
      const run = spawnCli([...argv, '--data-dir', dataDir], {
        DATABRIDGE_API_KEY: 'demo-admin-key',
      });
      // The pipe is closed before the command writes to it: every write of it fails (EPIPE).
      run.child.stdout?.destroy();
      const ended = await run.ended;
      expect(ended.stderr).not.toMatch(/EPIPE|Error|at /);
      // 128 + SIGPIPE, as a shell reports a program whose reader went away.
      expect(ended.code).toBe(141);
    });
  }
});
