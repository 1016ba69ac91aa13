import { describe, expect, it } from 'vitest';
import { QueryFailedError, UsageError } from '../../../../../src/main/cli/cli-args';
import {
  outputFormatOf,
  outputSettingsOf,
  takeOutputArgs,
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
      '-o needs a format: table, json, jsonl, tsv, csv.',
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
      '--output must be one of table, json, jsonl, tsv, csv; got "yaml".',
    );
  });
});

describe('outputSettingsOf', () => {
  it('fits tables to the terminal, 100 characters when it says nothing', async () => {
    expect(await outputSettingsOf({ argv: [] }, { stdoutIsTty: true, columns: 132 })).toEqual({
      format: 'table',
      columns: 132,
      given: false,
    });
    const piped = await outputSettingsOf({ argv: [], format: 'table' }, {});
    expect(piped).toEqual({ format: 'table', columns: 100, given: true });
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
