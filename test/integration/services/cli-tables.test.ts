import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../src/shared/contract/records/sessions';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from '../../support/emulator-fixture';
import { builtCommand, childEnv, runCli } from '../../support/cli/run-cli';
import { quoteArgument } from '../../../src/shared/cli/shell-quote';

/*
 * The tables of the built command as a person reads them, 100 characters wide (COLUMNS, as
 * in a pipe or a CI log), against the emulator's demo data: every row says what it is. And a
 * reader that stops early (`| head -1`), through a real shell pipe.
 */

let env: RecordingEmulator;
let dataDir: string;

beforeAll(async () => {
  // The large seed: 5,000 archives on sql-eu-prod-01, an answer far larger than a pipe holds.
  env = await startRecordingEmulator({ seed: 'large' });
  dataDir = await mkdtemp(join(tmpdir(), 'cli-tables-'));
}, 60_000);
afterAll(async () => {
  await env?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const KEY = { DATABRIDGE_API_KEY: 'demo-admin-key' };

/** `databridge ...args -o table` at COLUMNS=`columns`: its lines, and what it said on stderr. */
async function table(args: string[], columns = 100) {
  const run = await runCli(
    [...args, '-o', 'table', '--base-url', env.emulator.baseUrl, '--data-dir', dataDir],
    { ...KEY, COLUMNS: String(columns) },
  );
  expect(run.code, run.stderr).toBe(0);
  const lines = run.stdout.split('\n').slice(0, -1);
  for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
  return { lines, stderr: run.stderr };
}

/** The cells of a line of a table: its columns are two spaces or more apart. */
const cells = (line: string | undefined): string[] => (line ?? '').trim().split(/ {2,}/);

async function call<T>(id: string, instanceName: string): Promise<T> {
  const { client, dispatcher } = apiKeyClient(env.emulator);
  try {
    return (await client.call(id as 'databases.list', { pathParams: { instanceName } })) as T;
  } finally {
    await dispatcher.close();
  }
}

describe('every list names its rows at 100 columns', () => {
  it('databases list --all-instances shows the instance and the name of each database', async () => {
    const { lines, stderr } = await table(['databases', 'list', '--all-instances']);
    const [header, ...rows] = lines;
    expect(cells(header).slice(0, 2)).toEqual(['Instance', 'Name']);
    const dev = await call<{ name: string }[]>('databases.list', 'sql-eu-dev-01');
    for (const database of dev) {
      expect(
        rows.some((row) => row.startsWith('sql-eu-dev-01') && cells(row)[1] === database.name),
      ).toBe(true);
    }
    // What did not fit is named on stderr by the names --columns takes.
    expect(stderr).toMatch(
      /^Columns left out to fit 100 characters: .*\(-o wide shows every column/,
    );
  });

  it('sessions list --all-instances --blocking shows each session and the session blocking it', async () => {
    const { lines } = await table(['sessions', 'list', '--all-instances', '--blocking']);
    const [header, ...rows] = lines;
    expect(cells(header).slice(0, 3)).toEqual(['Instance', 'Session', 'Blocked by']);
    const sessions = await call<Session[]>('sessions.list', 'sql-eu-dev-01');
    const blocked = sessions.filter((session) => session.blockingSessionId > 0);
    expect(blocked.length).toBeGreaterThan(0);
    for (const session of blocked) {
      const shown = rows.map(cells).filter((row) => row[0] === 'sql-eu-dev-01');
      expect(shown).toContainEqual(
        expect.arrayContaining([String(session.sessionId), String(session.blockingSessionId)]),
      );
      const row = shown.find((cellsOf) => cellsOf[1] === String(session.sessionId));
      expect(row?.[2]).toBe(String(session.blockingSessionId));
    }
  });

  it('jobs list shows the id jobs wait needs, also at 60 columns', async () => {
    const jobs = await call<{ id: string }[]>('jobs.listByInstance', 'sql-eu-prod-01');
    expect(jobs.length).toBeGreaterThan(0);
    for (const width of [100, 60]) {
      const { lines } = await table(['jobs', 'list', '--instanceName', 'sql-eu-prod-01'], width);
      expect(cells(lines[0])[0]).toBe('Job id');
      expect(lines.slice(1).map((line) => cells(line)[0])).toEqual(jobs.map((job) => job.id));
    }
  });

  it('--columns chooses, -o wide shows every column, and a wrong name is refused unsent', async () => {
    const chosen = await table(['instances', 'list', '--columns', 'free,status']);
    expect(cells(chosen.lines[0])).toEqual(['Name', 'Free', 'Status']);
    expect(chosen.stderr).toBe('');
    const wide = await runCli(
      [
        'instances',
        'list',
        '-o',
        'wide',
        '--base-url',
        env.emulator.baseUrl,
        '--data-dir',
        dataDir,
      ],
      { ...KEY, COLUMNS: '60' },
    );
    expect(cells(wide.stdout.split('\n')[0])).toEqual([
      'Name',
      'Status',
      'Size',
      'Used',
      'Free',
      'Databases (max)',
      'Pinned (max)',
      'Endpoint',
      'Internal endpoint',
      'UID',
    ]);
    const before = env.requests.length;
    const wrong = await runCli(
      ['instances', 'list', '--columns', 'fre', '--base-url', env.emulator.baseUrl],
      KEY,
    );
    expect(wrong).toMatchObject({ code: 2, stdout: '' });
    expect(wrong.stderr).toMatch(
      /^usage: --columns: "fre" is not a column of instances list\. Did you mean "free"\?/,
    );
    expect(env.requests.length).toBe(before);
  });
});

/** Runs `script` in bash with pipefail; answers its stdout, stderr and exit code. */
function bash(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-o', 'pipefail', '-c', script],
      { env: childEnv(KEY), timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe('a reader that stops early: databridge … | head -1', () => {
  it("ends quietly, with the shell's code for a closed pipe (141) under pipefail", async () => {
    const command = [process.execPath, builtCommand(), 'archives', 'list']
      .concat(['--instanceName', 'sql-eu-prod-01', '--base-url', env.emulator.baseUrl])
      .concat(['--data-dir', dataDir])
      .map((word) => quoteArgument(word, 'posix'))
      .join(' ');
    // The whole answer (5,000 archives as JSON) is megabytes: far more than a pipe holds, so
    // the command is still writing when head has read its line and gone.
    const whole = await bash(`${command} | wc -c`);
    expect(whole.code).toBe(0);
    expect(Number(whole.stdout.trim())).toBeGreaterThan(1024 * 1024);
    const cut = await bash(`${command} | head -1`);
    expect(cut.stdout).toBe('[\n');
    expect(cut.stderr).toBe('');
    expect(cut.code).toBe(141);
  });
});
