import { describe, expect, it } from 'vitest';
import { cliAdvice, cliAdviceFor } from '../../../../../src/main/cli/output/advice';
import {
  guiAdvice,
  guiAdviceFor,
  networkError,
  statusError,
} from '../../../../../src/main/services/http/http-errors';

const origin = 'http://127.0.0.1:7420';
const listCall = {
  operation: 'instances.list',
  params: {},
  method: 'GET' as const,
  url: `${origin}/databridge/v1/sql-instances`,
};
const archiveCall = {
  operation: 'archives.get',
  params: { instanceName: 'sql-eu-prod-01', archiveId: '42' },
  method: 'GET' as const,
  url: `${origin}/databridge/v1/sql-instances/sql-eu-prod-01/archives/42`,
};

describe('cliAdvice', () => {
  it('reads a 404 of a list as a wrong base URL, with an example and the URL tried', () => {
    const call = { ...listCall, url: `${origin}/v1/sql-instances` };
    expect(cliAdvice('NOT_FOUND', call)).toBe(
      "Nothing answers at the URL tried, so the base URL is wrong: it must include the service's base path /databridge, e.g. --base-url http://127.0.0.1:7420/databridge (as `npm run emulator` prints it).\n" +
        `  tried: GET ${origin}/v1/sql-instances`,
    );
  });

  it('says the base URL is wrong for a list even when it has the base path', () => {
    expect(cliAdvice('NOT_FOUND', listCall)).toMatch(
      /^Nothing answers at the URL tried, so the base URL is wrong/,
    );
  });

  it('names the parameters of a missing resource and the list that shows what exists', () => {
    expect(cliAdvice('NOT_FOUND', archiveCall)).toBe(
      'Check --instanceName sql-eu-prod-01 --archiveId 42; `databridge archives list --instanceName sql-eu-prod-01` (with the same connection options) lists what exists.\n' +
        `  tried: GET ${archiveCall.url}`,
    );
    const databases = {
      operation: 'databases.list',
      params: { instanceName: 'nope' },
      method: 'GET' as const,
      url: `${origin}/databridge/v1/sql-instances/nope/Databases`,
    };
    expect(cliAdvice('NOT_FOUND', databases)).toMatch(/`databridge instances list`/);
  });

  it('points a missing resource behind a URL without the base path at the base URL', () => {
    const call = { ...archiveCall, url: `${origin}/v1/sql-instances/sql-eu-prod-01/archives/42` };
    expect(cliAdvice('NOT_FOUND', call)).toMatch(
      /base URL is wrong.*--base-url http:\/\/127\.0\.0\.1:7420\/databridge/,
    );
  });

  it('words sign-in, role, rate and network failures in flags', () => {
    expect(cliAdvice('AUTH_REQUIRED', listCall)).toMatch(
      /--api-key or DATABRIDGE_API_KEY, or --tenant\/--user\/--password/,
    );
    expect(cliAdvice('FORBIDDEN', archiveCall)).toMatch(
      /`databridge archives get --help` lists the roles/,
    );
    expect(cliAdvice('VALIDATION', archiveCall)).toMatch(
      /`databridge archives get --help` lists them/,
    );
    expect(cliAdvice('RATE_LIMITED', listCall, 2500)).toMatch(/run the command again in 3 s/);
    const network = cliAdvice('NETWORK', listCall);
    expect(network).toMatch(/`npm run emulator` is running/);
    expect(network).toMatch(/--proxy, or HTTPS_PROXY/);
    expect(network).toMatch(
      /\n {2}tried: GET http:\/\/127\.0\.0\.1:7420\/databridge\/v1\/sql-instances$/,
    );
  });

  it('names the flags of the kind of sign-in that was refused, and only those', () => {
    const key = cliAdviceFor('apiKey')('AUTH_REQUIRED', listCall);
    expect(key).toMatch(
      /^The service did not accept the API key: check --api-key or DATABRIDGE_API_KEY/,
    );
    expect(key).not.toMatch(/--tenant|--user|--password/);
    const token = cliAdviceFor('token')('AUTH_REQUIRED', listCall);
    expect(token).toMatch(
      /^The service did not accept the user's sign-in, even with a renewed access token: check --tenant, --user and --password \(or DATABRIDGE_PASSWORD\), that the password has not changed/,
    );
    expect(token).not.toMatch(/api-key|API key/i);
    expect(cliAdviceFor('token')('AUTH_EXPIRED', listCall)).toBe(token);
    // The token service's own calls name the body's fields, whatever the connection.
    const login = { operation: 'auth.loginImplicit', params: {} };
    expect(cliAdviceFor('apiKey')('AUTH_REQUIRED', login)).toBe(
      'Check the tenant, user name and password in --body.',
    );
  });

  it('leaves out the tried line when the call does not know its URL', () => {
    expect(cliAdvice('CONFLICT', { operation: 'databases.create', params: {} })).not.toContain(
      'tried',
    );
  });

  it('is what statusError and networkError use when given', () => {
    const error = statusError(
      listCall,
      404,
      'Nothing is served at /v1/sql-instances.',
      undefined,
      cliAdvice,
    );
    expect(error.message).toMatch(
      /^Could not list instances: Nothing is served at \/v1\/sql-instances\. Nothing answers/,
    );
    expect(error.message).not.toMatch(/refresh the list/);
    const refused = networkError(
      listCall,
      Object.assign(new Error('x'), { code: 'ECONNREFUSED' }),
      cliAdvice,
    );
    expect(refused.message).toMatch(
      /^Could not list instances: the connection was refused\. Check that the host/,
    );
  });
});

describe('the app names the sign-in of the connection', () => {
  it('asks a token sign-in for its user, password or token, never for an API key', () => {
    const token = statusError(listCall, 401, '', undefined, guiAdviceFor('token'));
    expect(token.message).toBe(
      'Could not list instances: the service answered HTTP 401. Sign in again with the user name and password of this connection: the service refused the access token even after renewing it (it may have expired, or the password or the user’s access may have changed).',
    );
    expect(token.message).not.toMatch(/API key/);
    expect(guiAdviceFor('apiKey')('AUTH_REQUIRED', listCall)).toMatch(
      /^Check the API key of this connection/,
    );
    // Only the 401 depends on the kind.
    expect(guiAdviceFor('token')('NOT_FOUND', listCall)).toBe(guiAdvice('NOT_FOUND', listCall));
  });
});

describe('the app keeps its advice', () => {
  it('words a 404 as before, without the URL, by default', () => {
    const error = statusError(listCall, 404, 'Nothing is served at /v1/sql-instances.');
    expect(error.message).toBe(
      'Could not list instances: Nothing is served at /v1/sql-instances. It may have been removed or renamed; refresh the list.',
    );
    expect(guiAdvice('NOT_FOUND', listCall)).toBe(
      'It may have been removed or renamed; refresh the list.',
    );
  });
});
