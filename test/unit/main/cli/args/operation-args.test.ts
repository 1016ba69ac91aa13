import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../../../src/shared/contract/catalogue';
import { UsageError, parseCliArgs } from '../../../../../src/main/cli/args/operation-args';
import { helpText } from '../../../../../src/main/cli/help/command-help';

describe('parseCliArgs', () => {
  it('reads "group operation" and "group.operation" with parameters by name', () => {
    const spaced = parseCliArgs([
      'databases',
      'list',
      '--instanceName',
      'sql-eu-prod-01',
      '--sort',
      'name ASC',
      '--base-url',
      'http://127.0.0.1:1/databridge',
      '--verbose',
    ]);
    expect(spaced).toMatchObject({
      kind: 'run',
      operation: { id: 'databases.list' },
      params: { instanceName: 'sql-eu-prod-01', sort: 'name ASC' },
      options: { 'base-url': 'http://127.0.0.1:1/databridge', verbose: true },
    });
    const dotted = parseCliArgs([
      '--api-key',
      'k',
      'databases.archive',
      '--x-platform-resource-group-id=g',
    ]);
    expect(dotted).toMatchObject({
      operation: { id: 'databases.archive' },
      params: { 'x-platform-resource-group-id': 'g' },
      options: { 'api-key': 'k' },
    });
  });

  it('reaches every operation of the catalogue by its id', () => {
    for (const op of catalogue) {
      const [group, name] = op.id.split('.');
      expect(parseCliArgs([group ?? '', name ?? ''])).toMatchObject({ operation: { id: op.id } });
    }
  });

  it('answers help, and usage errors for unknown operations and options', () => {
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseCliArgs(['jobs', 'getStatus', '--help'])).toMatchObject({ kind: 'operationHelp' });
    expect(() => parseCliArgs([])).toThrow(UsageError);
    expect(() => parseCliArgs(['databases', 'nope'])).toThrow(/Unknown operation/);
    expect(() => parseCliArgs(['jobs', 'getStatus', '--instanceName', 'x'])).toThrow(
      /Unknown option --instanceName. Parameters of jobs.getStatus: --jobId/,
    );
  });

  it('answers a group alone with its operations, and a typo with the nearest operation', () => {
    const group = parseCliArgs(['Databases', '--help']);
    expect(group).toMatchObject({ kind: 'groupHelp', group: 'databases' });
    const ids = group.kind === 'groupHelp' ? group.operations.map((op) => op.id) : [];
    expect(ids).toEqual(
      catalogue.filter((op) => op.id.startsWith('databases.')).map((op) => op.id),
    );
    expect(() => parseCliArgs(['databases'])).toThrow(
      /^"databases" needs an operation: create, list, .*See "databridge databases --help"\.$/,
    );
    for (const [typo, meant] of [
      [['instances', 'lst'], 'instances list'],
      [['instancs', 'list'], 'instances list'],
      [['sessions', 'kil'], 'sessions kill'],
      [['jobs', 'lis'], 'jobs list'],
      [['databases.lst'], 'databases list'],
    ] as const) {
      expect(() => parseCliArgs([...typo]), typo.join(' ')).toThrow(`Did you mean "${meant}"?`);
    }
    // Nothing near: no guess.
    expect(() => parseCliArgs(['xx', 'yy'])).toThrow(/^Unknown operation "xx yy"\. See --help/);
  });

  it('takes --wait and --no-wait where a job starts, --yes where something is removed', () => {
    const rename = ['databases', 'rename', '--instanceName', 'i', '--databaseName', 'd'];
    expect(parseCliArgs([...rename, '--name', 'e', '--wait'])).toMatchObject({
      options: { wait: true },
      bodyFlags: { name: 'e' },
    });
    expect(parseCliArgs([...rename, '--no-wait'])).toMatchObject({ options: { 'no-wait': true } });
    expect(() => parseCliArgs([...rename, '--wait', '--no-wait'])).toThrow(
      'Give --wait or --no-wait, not both.',
    );
    expect(() => parseCliArgs(['databases', 'list', '--instanceName', 'i', '--wait'])).toThrow(
      '--wait: databases.list starts no background job, so there is nothing to wait for.',
    );
    const drop = ['databases', 'drop', '--instanceName', 'i', '--databaseName', 'd'];
    expect(parseCliArgs([...drop, '--yes'])).toMatchObject({ options: { yes: true } });
    expect(() => parseCliArgs([...rename, '--yes'])).toThrow(
      '--yes confirms an operation that removes something; databases.rename is not one: leave --yes out.',
    );
    // A flag before the command words is not read as taking them as its value.
    expect(parseCliArgs(['--yes', ...drop])).toMatchObject({ operation: { id: 'databases.drop' } });
  });

  it('lists all 51 operations in --help', () => {
    const text = helpText();
    expect(catalogue).toHaveLength(51);
    for (const op of catalogue) expect(text).toContain(op.id);
  });
});
