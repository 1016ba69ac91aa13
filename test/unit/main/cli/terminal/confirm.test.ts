import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationById } from '../../../../../src/shared/contract/catalogue';
import { UsageError } from '../../../../../src/main/cli/args/operation-args';
import { confirmOnTerminal } from '../../../../../src/main/cli/terminal/confirm';
import { runCli, type CliIo } from '../../../../../src/main/cli/commands/runner';
import type { ServiceClient } from '../../../../../src/main/services/http/service-client';
import { MemorySecretStore } from '../../../../../src/main/services/secrets/secret-store';
import {
  apiKeyClient,
  startRecordingEmulator,
  type RecordingEmulator,
} from '../../../../support/emulator-fixture';

/*
 * Confirming a destructive call: the questions asked on a terminal (answered here by the test),
 * the refusal from a script, and the refusals that come before it (the machine policy, a
 * read-only run), against the emulator.
 */

const DEV = 'sql-eu-dev-01';
const drop = (databaseName: string) => [
  ...['databases', 'drop', '--instanceName', DEV, '--databaseName', databaseName],
];

let recording: RecordingEmulator;
let root: string;
beforeAll(async () => {
  recording = await startRecordingEmulator({ jobMs: 50 });
  root = await mkdtemp(join(tmpdir(), 'cli-confirm-'));
});
afterAll(async () => {
  await recording.close();
  await rm(root, { recursive: true, force: true });
});

/** Runs the command line against the emulator, on a terminal when `answers` are given. */
async function run(argv: string[], answers?: string[], extra: Partial<CliIo> = {}) {
  let stdout = '';
  let stderr = '';
  const asked: string[] = [];
  const terminal = answers
    ? {
        isTty: true,
        stdinIsTty: true,
        ask: (question: string) => {
          asked.push(question);
          return Promise.resolve(answers.shift());
        },
      }
    : {};
  const code = await runCli(
    [...argv, '--base-url', recording.emulator.baseUrl, '--data-dir', root, '-o', 'json'],
    {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      env: { DATABRIDGE_API_KEY: 'demo-admin-key', DATABRIDGE_POLICY_DIR: join(root, 'none') },
      secretStore: () => new MemorySecretStore(),
      ...terminal,
      ...extra,
    },
  );
  return { code, stdout, stderr, asked };
}

async function databaseExists(name: string): Promise<boolean> {
  const { client, dispatcher } = apiKeyClient(recording.emulator);
  try {
    const list = await client.call('databases.list', { pathParams: { instanceName: DEV } });
    return list.some((db) => db.name === name);
  } finally {
    await dispatcher.close();
  }
}

describe('a drop on a terminal', () => {
  it('asks for the database name and drops it when it is typed', async () => {
    const dropped = await run(drop('Modeler_Test_01'), ['Modeler_Test_01']);
    expect(dropped.asked).toEqual([
      'Drop database Modeler_Test_01 (1.47 GiB) on sql-eu-dev-01? The service keeps an archive of it.\nType the database name to drop it: ',
    ]);
    expect(dropped.code).toBe(0);
    expect(await databaseExists('Modeler_Test_01')).toBe(false);
  });

  it('keeps the database when another name is typed (exit 2, nothing sent)', async () => {
    const kept = await run(drop('Modeler_Test_02'), ['modeler_test_02']);
    expect(kept.code).toBe(2);
    expect(kept.stderr).toBe(
      'usage: Not sent: database Modeler_Test_02 was not dropped ("modeler_test_02" is not its name). Run the command again and type Modeler_Test_02 to drop it.\n',
    );
    expect(await databaseExists('Modeler_Test_02')).toBe(true);
  });

  it('asks nothing with --yes', async () => {
    const dropped = await run([...drop('QA_Regression'), '--yes'], []);
    expect(dropped).toMatchObject({ code: 0, asked: [] });
    expect(await databaseExists('QA_Regression')).toBe(false);
  });
});

describe('a destructive call from a script', () => {
  it('is refused without --yes, saying to add it, with nothing sent', async () => {
    const before = recording.requests.length;
    const refused = await run(drop('Perf_Baseline'));
    expect(recording.requests.length).toBe(before);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^usage: Not sent: "drop database Perf_Baseline on sql-eu-dev-01" .*Add --yes to confirm it from a script\.\n$/,
    );
    expect(await databaseExists('Perf_Baseline')).toBe(true);
    // A terminal on stderr alone is not someone to ask: stdin may be a file.
    const half = await run(drop('Perf_Baseline'), undefined, { isTty: true, stdinIsTty: false });
    expect(half.code).toBe(2);
  });

  it('is refused by a read-only run and by the machine policy first, as before', async () => {
    const readOnly = await run([...drop('Perf_Baseline'), '--read-only']);
    expect(readOnly.code).toBe(3);
    expect(readOnly.stderr).toMatch(/^error FORBIDDEN: Not sent: .*--read-only was given/);
    const policy = join(root, 'policy');
    await mkdir(policy);
    await writeFile(
      join(policy, 'policy.json'),
      JSON.stringify({ version: 1, allowDestructive: false }),
    );
    const refused = await run(drop('Perf_Baseline'), undefined, {
      env: { DATABRIDGE_API_KEY: 'demo-admin-key', DATABRIDGE_POLICY_DIR: policy },
    });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/your organisation's policy allows no changes/);
    expect(await databaseExists('Perf_Baseline')).toBe(true);
  });
});

describe('confirmOnTerminal', () => {
  /** A client that answers the database read with `sizeInMb`, recording what it was asked. */
  function client(sizeInMb: number, reads: unknown[]): ServiceClient {
    const call = (id: string, input: unknown) => {
      reads.push({ id, input });
      return Promise.resolve({ name: 'Empty_One', sizeInMb, pinned: false });
    };
    return { call } as unknown as ServiceClient;
  }
  const op = operationById('databases.drop');
  const input = { pathParams: { instanceName: DEV, databaseName: 'empty_one' } };

  it('confirms an empty database with y/N, after reading it by its name', async () => {
    const reads: unknown[] = [];
    const asked: string[] = [];
    const ask = (question: string) => (asked.push(question), Promise.resolve('y'));
    await confirmOnTerminal(op, input, { kind: 'ask', typeName: true }, client(0, reads), ask);
    expect(reads).toEqual([{ id: 'databases.get', input }]);
    expect(asked).toEqual(['Drop database empty_one on sql-eu-dev-01? [y/N] ']);
    const no = () => Promise.resolve('n');
    await expect(
      confirmOnTerminal(op, input, { kind: 'ask', typeName: true }, client(0, []), no),
    ).rejects.toThrow(UsageError);
  });

  it('reads nothing and asks nothing when the call is sent as it is', async () => {
    const reads: unknown[] = [];
    const ask = () => Promise.reject(new Error('asked'));
    await confirmOnTerminal(op, input, { kind: 'send' }, client(16, reads), ask);
    expect(reads).toEqual([]);
  });
});
