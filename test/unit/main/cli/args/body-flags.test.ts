import { describe, expect, it } from 'vitest';
import { operationById } from '../../../../../src/shared/contract/catalogue';
import { UsageError, parseCliArgs } from '../../../../../src/main/cli/args/operation-args';
import { bodyOfFlags, mergeBody } from '../../../../../src/main/cli/args/body-flags';

/** The body the flags of a command line give (`databridge ...argv`). */
function bodyOf(argv: string[]): Record<string, unknown> {
  const command = parseCliArgs(argv);
  if (command.kind !== 'run') throw new Error(`not a run: ${command.kind}`);
  return bodyOfFlags(command.operation, command.bodyFlags ?? {});
}

/** The message `run` is refused with as a usage error. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

const CREATE = ['databases', 'create', '--instanceName', 'sql-eu-dev-01'];
const PIN = ['databases', 'pin', '--instanceName', 'i', '--databaseName', 'd'];

describe('body fields as flags', () => {
  it('gives each field its flag: text, lists, booleans, names, JSON', () => {
    expect(bodyOf([...CREATE, '--databaseName', 'Sales'])).toEqual({ databaseName: 'Sales' });
    expect(
      bodyOf([...CREATE, '--groupIds', 'a,b', '--groupIds', 'c', '--groupNames=["x y"]']),
    ).toEqual({
      groupIds: ['a', 'b', 'c'],
      groupNames: ['x y'],
    });
    expect(bodyOf([...PIN, '--pinned'])).toEqual({ pinned: true });
    expect(bodyOf([...PIN, '--no-pinned', '--pinExpiration', 'null'])).toEqual({
      pinned: false,
      pinExpiration: null,
    });
    expect(bodyOf(['logins', 'create', '--instanceName', 'i', '--role', 'CONSUMER'])).toEqual({
      role: 'Consumer',
    });
    expect(
      bodyOf(['cluster', 'addAllowedIp', '--cidrEntry', '{"cidrBlock":"10.0.0.1","comment":""}']),
    ).toEqual({ cidrEntry: { cidrBlock: '10.0.0.1', comment: '' } });
    // Nothing given: no field, not an empty value.
    expect(bodyOf(CREATE)).toEqual({});
  });

  it('refuses a flag value its field cannot take, naming the flag', () => {
    expect(refusal(() => bodyOf([...PIN, '--pinned', '--no-pinned']))).toBe(
      'Give --pinned or --no-pinned, not both.',
    );
    expect(
      refusal(() => bodyOf(['logins', 'create', '--instanceName', 'i', '--role', 'contribtor'])),
    ).toBe(
      '--role must be one of Consumer, Contributor; got "contribtor". Did you mean "Contributor"?',
    );
    expect(refusal(() => bodyOf(['cluster', 'addAllowedIp', '--cidrEntry', '{cidrBlock:1}']))).toBe(
      '--cidrEntry takes JSON such as {cidrBlock: text, comment: text}; "{cidrBlock:1}" is not valid JSON.',
    );
    expect(refusal(() => bodyOf([...CREATE, '--groupIds', '[1']))).toMatch(
      /^--groupIds takes JSON such as/,
    );
    expect(refusal(() => bodyOf([...PIN, '--pinned=yes']))).toMatch(
      /^Option '--pinned' does not take an argument\. Parameters of databases\.pin: /,
    );
  });

  it('names the flag meant for a misspelt one, with the operation’s own', () => {
    expect(refusal(() => bodyOf([...CREATE, '--databseName', 'x']))).toBe(
      'Unknown option --databseName. Did you mean --databaseName? Parameters of databases.create: --instanceName, --databaseName, --groupIds, --groupNames.',
    );
  });

  it('takes no flag for a secret field: --password stays the sign-in option', () => {
    const command = parseCliArgs(['logins', 'create', '--instanceName', 'i', '--password', 'p']);
    expect(command).toMatchObject({ kind: 'run', options: { password: 'p' } });
    expect(
      command.kind === 'run' && bodyOfFlags(command.operation, command.bodyFlags ?? {}),
    ).toEqual({});
  });
});

describe('mergeBody', () => {
  it('adds the flags to --body, and takes either alone', () => {
    expect(mergeBody({ role: 'Consumer' }, { password: 'p' })).toEqual({
      password: 'p',
      role: 'Consumer',
    });
    expect(mergeBody({}, [1])).toEqual([1]);
    expect(mergeBody({ name: 'x' }, undefined)).toEqual({ name: 'x' });
    expect(mergeBody({}, undefined)).toBeUndefined();
  });

  it('refuses a field given both ways, and flags added to a body that is not an object', () => {
    expect(refusal(() => mergeBody({ databaseName: 'a' }, { databaseName: 'b' }))).toBe(
      'The body field databaseName is given twice, in --body and as --databaseName: give it one way.',
    );
    expect(refusal(() => mergeBody({ name: 'a' }, ['x']))).toMatch(
      /^--body is not a JSON object, so --name cannot be added to it/,
    );
  });

  it('leaves the operation without flags as it was', () => {
    expect(bodyOfFlags(operationById('databases.drop'), {})).toEqual({});
  });
});
