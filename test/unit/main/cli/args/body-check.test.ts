import { describe, expect, it } from 'vitest';
import { operationById } from '../../../../../src/shared/contract/catalogue';
import { isAppError } from '../../../../../src/shared/errors';
import { checkBody } from '../../../../../src/main/cli/args/body-check';

type Id = Parameters<typeof operationById>[0];

/** The VALIDATION message a body is refused with, or undefined when it passes. */
function problem(id: Id, input: Record<string, unknown>): string | undefined {
  try {
    checkBody(operationById(id), input);
    return undefined;
  } catch (error) {
    if (isAppError(error) && error.code === 'VALIDATION') return error.message;
    throw error;
  }
}

const DEV = { instanceName: 'sql-eu-dev-01' };
const DB = { ...DEV, databaseName: 'Sales' };

describe('checkBody', () => {
  it('names a missing field with the flag that gives it', () => {
    expect(problem('databases.create', { pathParams: DEV })).toBe(
      'The body field databaseName is required: give --databaseName TEXT.',
    );
    expect(problem('databases.pin', { pathParams: DB, body: {} })).toBe(
      'The body field pinned is required: give --pinned | --no-pinned.',
    );
    expect(
      problem('logins.create', { pathParams: DEV, body: { login: 'a', role: 'Consumer' } }),
    ).toMatch(/^The body field password is required: give it in --body \(a secret: /);
  });

  it('names the field and its flag of a value the schema refuses', () => {
    expect(problem('databases.create', { pathParams: DEV, body: { databaseName: 'a/b' } })).toBe(
      '--databaseName (body field databaseName): Database name may contain only letters, digits, _, -, : and spaces (at most 80 characters)',
    );
    expect(
      problem('cluster.addAllowedIp', {
        pathParams: {},
        body: { cidrEntry: { cidrBlock: '300.1.1.1', comment: '' } },
      }),
    ).toBe(
      '--cidrEntry (body field cidrEntry.cidrBlock): Enter an IPv4 or IPv6 address, or a CIDR range such as 203.0.113.0/24',
    );
    expect(
      problem('logins.create', {
        pathParams: DEV,
        body: { login: 'a', role: 'Consumer', password: '' },
      }),
    ).toBe('body field password (in --body): Password is required');
  });

  it('names a field the body does not take, and the field meant', () => {
    expect(problem('databases.create', { pathParams: DEV, body: { databseName: 'x' } })).toBe(
      '--body has a field databases.create does not take: databseName (did you mean databaseName?). Its fields: databaseName, groupIds, groupNames.',
    );
  });

  it('says how to give a body that has no fields to flag', () => {
    expect(problem('databases.updateSecurity', { pathParams: DB })).toBe(
      'databases.updateSecurity needs a body: give --body JSON or --body @FILE, [{operation: Add|Remove, targetProperty: groupId, value: text}, ...].',
    );
    expect(
      problem('databases.updateSecurity', {
        pathParams: DB,
        body: [{ operation: 'Add', targetProperty: 'groupId', value: '' }],
      }),
    ).toBe('--body at [0].value: Group id is required');
  });

  it('passes a good body, an optional body left out, and leaves bad parameters to the request', () => {
    expect(problem('databases.create', { pathParams: DEV, body: { databaseName: 'Sales' } })).toBe(
      undefined,
    );
    expect(problem('databases.shrink', { pathParams: DB })).toBe(undefined);
    // The request's own check names the path parameter first; the body is not looked at.
    expect(problem('databases.create', { pathParams: {}, body: {} })).toBe(undefined);
  });
});
