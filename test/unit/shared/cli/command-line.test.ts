import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { operationById, type OperationId } from '../../../../src/shared/contract/catalogue';
import {
  commandLine,
  formatCommandLine,
  secretPlaceholder,
  type CommandRequest,
  type OperationCallInput,
} from '../../../../src/shared/cli/command-line';
import { parameterNames, parseCliArgs } from '../../../../src/main/cli/args/operation-args';
import { parseTransferArgs } from '../../../../src/main/cli/args/transfer-args';

/** The words a real bash hands the program for `text` (the command's, without `databridge`). */
function bashWords(text: string): string[] {
  const script = `databridge() { printf '%s\\0' "$@"; }\n${text}`;
  const out = execFileSync('bash', ['-c', script], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

/** The input the CLI builds from a parsed command line (as commands/runner.ts does). */
function inputOf(argv: readonly string[]): { id: string; input: OperationCallInput } {
  const command = parseCliArgs(argv);
  if (command.kind !== 'run') throw new Error(`not a run: ${command.kind}`);
  const { operation, params, options } = command;
  const names = parameterNames(operation);
  const pick = (list: string[]) =>
    Object.fromEntries(list.filter((n) => n in params).map((n) => [n, params[n]]));
  const input: Record<string, unknown> = { pathParams: pick(names.path) };
  if (names.query.length) input['query'] = pick(names.query);
  if (names.headers.length) input['headers'] = pick(names.headers);
  if (options.body !== undefined) input['body'] = JSON.parse(options.body) as unknown;
  return { id: operation.id, input };
}

/** The input after the operation's schemas, as the service would be sent it. */
function canonical(id: OperationId, input: OperationCallInput): Record<string, unknown> {
  const op = operationById(id);
  const parsed: Record<string, unknown> = { pathParams: op.pathParams.parse(input.pathParams) };
  if (op.query) parsed['query'] = op.query.parse(input.query ?? {});
  if (op.headers) parsed['headers'] = op.headers.parse(input.headers);
  if (op.body?.contentType === 'json' && input.body !== undefined) {
    parsed['body'] = op.body.schema.parse(input.body);
  }
  return parsed;
}

const DB = { instanceName: 'sql-eu-prod-01', databaseName: 'Finance_Ledger' };
const GROUP = { 'x-platform-resource-group-id': '0d9c3f6e-1b2a-4c5d-8e7f-9a0b1c2d3e4f' };

/** Dialog requests, as the dialogs send them, that round-trip exactly. */
const ROUND_TRIPS: readonly { id: OperationId; input: OperationCallInput }[] = [
  {
    id: 'databases.create',
    input: {
      pathParams: { instanceName: 'i' },
      body: { databaseName: 'Sales_2027', groupNames: ["O'Brien & Co", 'Finance'] },
    },
  },
  { id: 'databases.rename', input: { pathParams: DB, body: { name: 'Ledger_2027' } } },
  { id: 'databases.move', input: { pathParams: DB, body: { serverName: 'sql-eu-dev-01' } } },
  { id: 'databases.shrink', input: { pathParams: DB, body: { truncateLogsOnly: true } } },
  {
    id: 'databases.archive',
    input: { pathParams: DB, headers: GROUP, body: { expirationDate: '2027-01-31T00:00:00Z' } },
  },
  { id: 'databases.archive', input: { pathParams: DB, headers: GROUP, body: {} } },
  {
    id: 'databases.drop',
    input: { pathParams: { instanceName: 'i', databaseName: '-starts-with-dash' } },
  },
  {
    id: 'databases.pin',
    input: { pathParams: DB, body: { pinned: true, pinExpiration: '2027-01-31T18:00:00+01:00' } },
  },
  {
    id: 'databases.list',
    input: { pathParams: { instanceName: 'i' }, query: { sort: 'name ASC', adminAccess: true } },
  },
  {
    id: 'archives.restore',
    input: {
      pathParams: { instanceName: 'i', archiveId: 'a 1 $HOME `x`' },
      body: { databaseName: 'Restored' },
    },
  },
  { id: 'logins.delete', input: { pathParams: { instanceName: 'i', loginName: 'app_reader' } } },
];

describe('commandLine', () => {
  it('names the operation by its words and every parameter by its catalogue name', () => {
    const line = commandLine({
      operationId: 'databases.rename',
      input: { pathParams: DB, body: { name: 'New' } },
      profile: 'Prod EU',
    });
    expect(line.argv).toEqual([
      'databases',
      'rename',
      '--instanceName',
      'sql-eu-prod-01',
      '--databaseName',
      'Finance_Ledger',
      '--body',
      '{"name":"New"}',
      '--profile',
      'Prod EU',
    ]);
    expect(formatCommandLine(line, 'posix')).toBe(
      `databridge databases rename --instanceName sql-eu-prod-01 --databaseName Finance_Ledger --body '{"name":"New"}' --profile 'Prod EU'`,
    );
  });

  it.each(ROUND_TRIPS)('round-trips $id through bash and the CLI parser', ({ id, input }) => {
    const text = formatCommandLine(commandLine({ operationId: id, input }), 'posix');
    const words = bashWords(text);
    const back = inputOf(words);
    expect(back.id).toBe(id);
    expect(canonical(id, back.input)).toEqual(canonical(id, input));
  });

  it('never copies a password: a placeholder and a note instead', () => {
    const secret = 'S3cret!pass';
    const request: CommandRequest = {
      operationId: 'logins.create',
      input: {
        pathParams: { instanceName: 'i' },
        body: { login: 'app', password: secret, role: 'Consumer' },
      },
    };
    const line = commandLine(request);
    for (const shell of ['posix', 'powershell'] as const) {
      const text = formatCommandLine(line, shell);
      expect(text).not.toContain(secret);
      expect(text).toContain(secretPlaceholder('password'));
      expect(text.split('\n')[0]).toMatch(/^# The password is not copied/);
    }
    // The rest of the body still parses back as the dialog sent it.
    const back = inputOf(bashWords(formatCommandLine(line, 'posix')));
    expect(back.input.body).toEqual({ login: 'app', password: '<password>', role: 'Consumer' });
    const update = commandLine({
      operationId: 'logins.updatePassword',
      input: { pathParams: { instanceName: 'i', loginName: 'app' }, body: { password: secret } },
    });
    expect(update.argv.join(' ')).not.toContain(secret);
    expect(update.notes).toHaveLength(1);
  });

  it('quotes for PowerShell: single quotes doubled, and the version a JSON body needs', () => {
    const text = formatCommandLine(
      commandLine({
        operationId: 'databases.create',
        input: { pathParams: { instanceName: 'i' }, body: { databaseName: "O'Brien" } },
        profile: 'a,b @c',
      }),
      'powershell',
    );
    expect(text).toBe(
      [
        '# Needs PowerShell 7.3 or newer: Windows PowerShell drops the quotes of the JSON.',
        `databridge databases create --instanceName i --body '{"databaseName":"O''Brien"}' --profile 'a,b @c'`,
      ].join('\n'),
    );
    const plain = commandLine({ operationId: 'databases.drop', input: { pathParams: DB } });
    expect(formatCommandLine(plain, 'powershell')).toBe(
      'databridge databases drop --instanceName sql-eu-prod-01 --databaseName Finance_Ledger',
    );
  });

  it('writes an export as the CLI export transfer, its type by name', () => {
    const line = commandLine({
      operationId: 'databases.export',
      input: { pathParams: DB, query: { exportTo: 0, detachOnly: true } },
      destinationFolder: '/home/ana/My Exports',
    });
    expect(line.argv).toEqual([
      'export',
      '--instanceName',
      'sql-eu-prod-01',
      '--databaseName',
      'Finance_Ledger',
      '--exportTo',
      'mdf',
      '--detachOnly',
      '--to',
      '/home/ana/My Exports',
    ]);
    const bak = commandLine({
      operationId: 'databases.export',
      input: { pathParams: DB, query: { exportTo: 1, detachOnly: false } },
      destinationFolder: 'out',
    });
    expect(bak.argv).toContain('bak');
    expect(bak.argv).not.toContain('--detachOnly');
  });

  it('round-trips an export through the CLI export command', () => {
    const line = commandLine({
      operationId: 'databases.export',
      input: { pathParams: DB, query: { exportTo: 2, detachOnly: false } },
      destinationFolder: '/tmp/exports',
    });
    const parsed = parseTransferArgs('export', bashWords(formatCommandLine(line, 'posix')));
    expect(parsed).toMatchObject({
      kind: 'export',
      ...DB,
      exportTo: 2,
      detachOnly: false,
      destinationFolder: '/tmp/exports',
    });
  });
});
