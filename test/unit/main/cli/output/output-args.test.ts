import { describe, expect, it } from 'vitest';
import { QueryFailedError, UsageError } from '../../../../../src/main/cli/args/operation-args';
import {
  outputFormatOf,
  outputSettingsOf,
  takeOutputArgs,
  withTableOf,
} from '../../../../../src/main/cli/output/output-args';

/** The message of the UsageError `run` throws (rejects). */
async function refusal(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

describe('takeOutputArgs', () => {
  it('takes every spelling of --output and --query off the command line', () => {
    expect(takeOutputArgs(['databases', 'list', '-o', 'csv', '--instanceName', 'i'])).toEqual({
      argv: ['databases', 'list', '--instanceName', 'i'],
      format: 'csv',
    });
    expect(takeOutputArgs(['--output=tsv', 'a', '-ojsonl', '--query', '[].name'])).toEqual({
      argv: ['a'],
      format: 'jsonl',
      query: '[].name',
    });
    expect(takeOutputArgs(['a', '--query=length(@)', '--output', 'table'])).toEqual({
      argv: ['a'],
      format: 'table',
      query: 'length(@)',
    });
  });

  it('leaves other options, and everything after --, alone', () => {
    const argv = ['import', 'x.bak', '--outputs', 'y', '--', '-o', 'csv'];
    expect(takeOutputArgs(argv)).toEqual({ argv });
  });

  it('refuses an option without its value', async () => {
    expect(await refusal(() => takeOutputArgs(['a', '-o']))).toBe(
      '-o needs a format: table, wide, json, jsonl, tsv, csv.',
    );
    expect(await refusal(() => takeOutputArgs(['a', '--query']))).toMatch(/^--query needs/);
  });
});

describe('outputFormatOf', () => {
  it('defaults to a table on a terminal and to JSON in a pipe', () => {
    expect(outputFormatOf(undefined, { stdoutIsTty: true })).toBe('table');
    expect(outputFormatOf(undefined, { stdoutIsTty: false })).toBe('json');
    expect(outputFormatOf(undefined, {})).toBe('json');
    expect(outputFormatOf('CSV', { stdoutIsTty: true })).toBe('csv');
  });

  it('refuses a format it does not know, naming the allowed ones', async () => {
    expect(await refusal(() => outputFormatOf('yaml', {}))).toBe(
      '--output must be one of table, wide, json, jsonl, tsv, csv; got "yaml".',
    );
  });
});

describe('outputSettingsOf', () => {
  it('fits tables to the terminal, 100 characters when it says nothing', async () => {
    expect(await outputSettingsOf({ argv: [] }, { stdoutIsTty: true, columns: 132 })).toEqual({
      format: 'table',
      width: 132,
      given: false,
    });
    const piped = await outputSettingsOf({ argv: [], format: 'table' }, {});
    expect(piped).toEqual({ format: 'table', width: 100, given: true });
  });

  it('compiles the query, which then picks from the answer', async () => {
    const settings = await outputSettingsOf({ argv: [], query: "[?status=='Online'].name" }, {});
    expect(settings.given).toBe(true);
    const answer = [
      { name: 'a', status: 'Online' },
      { name: 'b', status: 'Offline' },
    ];
    expect(settings.query?.(answer)).toEqual(['a']);
  });

  it('refuses a query that is not JMESPath, or calls a function that does not exist', async () => {
    expect(await refusal(() => outputSettingsOf({ argv: [], query: 'foo[' }, {}))).toMatch(
      /^--query "foo\[" is not a JMESPath expression: .+ \(e\.g\. --query /,
    );
    expect(await refusal(() => outputSettingsOf({ argv: [], query: '[].nope(name)' }, {}))).toBe(
      '--query "[].nope(name)" calls an unknown function: nope().',
    );
  });

  it('says so when the query cannot be applied to the answer', async () => {
    const settings = await outputSettingsOf({ argv: [], query: 'length(@)' }, {});
    expect(settings.query?.([1, 2])).toBe(2);
    expect(() => settings.query?.(5)).toThrow(QueryFailedError);
    expect(() => settings.query?.(5)).toThrow(
      /^--query "length\(@\)" could not be applied to the answer \(the command itself ran\): /,
    );
  });
});

describe('--columns', () => {
  it('is taken off the command line like --output, and asks for a table even in a pipe', async () => {
    const taken = takeOutputArgs(['databases', 'list', '--columns', 'size, status', '-o', 'wide']);
    expect(taken).toEqual({ argv: ['databases', 'list'], columns: 'size, status', format: 'wide' });
    const piped = await outputSettingsOf({ argv: [], columns: 'size,status' }, {});
    expect(piped).toMatchObject({ format: 'table', given: true, columnNames: ['size', 'status'] });
  });

  it('refuses a format without columns, and an empty list', async () => {
    expect(
      await refusal(() => outputSettingsOf({ argv: [], columns: 'a', format: 'csv' }, {})),
    ).toBe(
      '--columns chooses the columns of a table (-o table or -o wide), not of csv; pick the fields of csv with --query.',
    );
    expect(await refusal(() => outputSettingsOf({ argv: [], columns: ' , ' }, {}))).toBe(
      '--columns needs column names, e.g. --columns name,size.',
    );
  });

  it("is matched to the listed resource's columns before anything is sent", async () => {
    const settings = await outputSettingsOf({ argv: [], columns: 'blocked-by,login' }, {});
    const sessions = withTableOf(settings, 'sessions.list');
    expect(sessions.resource?.command).toBe('sessions list');
    expect(sessions.chosen?.map((column) => column.field)).toEqual([
      'blockingSessionId',
      'loginName',
    ]);
    expect(await refusal(() => withTableOf(settings, 'instances.list'))).toMatch(
      /^--columns: "blocked-by" is not a column of instances list\. Its columns: name, status, /,
    );
    expect(await refusal(() => withTableOf(settings, 'databases.get'))).toMatch(
      /^--columns works with the lists that have columns: databases list, instances list, jobs list, /,
    );
    expect(await refusal(() => withTableOf(settings, undefined))).toMatch(/^--columns works with/);
  });

  it('leaves the settings of a command without a list as they are', async () => {
    const settings = await outputSettingsOf({ argv: [] }, { stdoutIsTty: true });
    expect(withTableOf(settings, undefined)).toBe(settings);
    expect(withTableOf(settings, 'jobs.listByInstance').resource?.command).toBe('jobs list');
  });
});
