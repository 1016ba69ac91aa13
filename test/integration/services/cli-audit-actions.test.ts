import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../../../src/shared/model/audit';
import { ENV, INSTANCE, KIB, useCliTransferSuite } from '../../support/cli/cli-transfer-kit';
import { runCli } from '../../support/cli/run-cli';

/*
 * `databridge audit list` as a record of user actions, through the built command against the
 * emulator: an import made with `databridge import` is one row, its three calls (the upload's
 * start and completion, the import) under it; JSON keeps every record of it, chain fields
 * included; CSV is a line per record, without the chain fields unless --chain says so.
 */

const suite = useCliTransferSuite('cli-audit-actions');

/** An import of a file in parts through the CLI, waited for; answers its data folder. */
async function imported(): Promise<{ dataDir: string; database: string }> {
  const file = await suite.sample(700 * KIB);
  const connection = suite.connection();
  const dataDir = connection[connection.indexOf('--data-dir') + 1] ?? '';
  const args = ['import', file.path, '--instanceName', INSTANCE, '--databaseName', file.database];
  const run = await runCli([...args, ...connection, '--wait'], ENV);
  expect(run.code).toBe(0);
  return { dataDir, database: file.database };
}

const list = (dataDir: string, ...args: string[]) =>
  runCli(['audit', 'list', '--data-dir', dataDir, ...args], { ...ENV, COLUMNS: '100' });

describe('databridge audit list, a row per user action', () => {
  it('lists an import through the CLI as one row with its three calls under it', async () => {
    const { dataDir, database } = await imported();
    const table = await list(dataDir, '--output', 'table');
    expect(table.code).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Time +Who +Action +Target +Outcome$/);
    const rows = lines.slice(1).filter((line) => /^\d{4}-/.test(line));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(
      new RegExp(`key [0-9a-f]{12} +import +${INSTANCE} / ${database} +Succeeded$`),
    );
    const calls = lines.slice(2).filter((line) => /^ {2}\S/.test(line));
    expect(
      calls.map((line) => /(uploads init|uploads complete|databases import)/.exec(line)?.[1]),
    ).toEqual(['uploads init', 'uploads complete', 'databases import']);
    expect(table.stdout).toMatch(/job Succeeded/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);

    const json = await list(dataDir, '--output', 'json');
    expect(json.code).toBe(0);
    const actions = JSON.parse(json.stdout) as {
      action: string;
      outcome: string;
      actionId: string;
      calls: AuditRecord[];
    }[];
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ action: 'import', outcome: 'succeeded', kind: 'import' });
    const records = actions[0]?.calls ?? [];
    expect(records.map((r) => (r.type === 'call' ? r.operation : r.type))).toEqual([
      'uploads.init',
      'uploads.complete',
      'databases.import',
      'jobEnded',
    ]);
    for (const record of records) {
      expect(record).toMatchObject({
        v: expect.any(Number) as unknown,
        hash: expect.any(String) as unknown,
      });
      if (record.type === 'call') expect(record.action?.id).toBe(actions[0]?.actionId);
    }
  }, 120_000);

  it('writes CSV a line per record, the chain fields only with --chain, no JSON in a cell', async () => {
    const { dataDir } = await imported();
    const csv = await list(dataDir, '--output', 'csv');
    expect(csv.code).toBe(0);
    const [header, ...lines] = csv.stdout.trimEnd().split('\r\n');
    expect(header?.split(',').slice(0, 7)).toEqual([
      'time',
      'who',
      'action',
      'actionTarget',
      'actionOutcome',
      'actionId',
      'record',
    ]);
    expect(header).not.toMatch(/\b(seq|prev|hash)\b/);
    expect(lines).toHaveLength(4);
    expect(csv.stdout).not.toMatch(/[{[]/);
    expect(lines[2]).toContain(',call,databases.import,');

    const chained = await list(dataDir, '--output', 'csv', '--chain');
    const [chainHeader, first] = chained.stdout.split('\r\n');
    expect(chainHeader?.split(',').slice(0, 5)).toEqual(['seq', 'v', 'prev', 'hash', 'time']);
    expect(first).toMatch(/^2,\d,[0-9a-f]{64},[0-9a-f]{64},/);
  }, 120_000);

  it('says how to read it in --help, and refuses an unknown option', async () => {
    const help = await runCli(['audit', 'list', '--help'], ENV);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('one\nuser action a row');
    expect(help.stdout).toContain('--chain');
    const refused = await runCli(['audit', 'list', '--calls'], ENV);
    expect(refused.code).toBe(2);
  });
});
