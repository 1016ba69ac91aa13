import { describe, expect, it } from 'vitest';
import { readErrorBody } from '../../../../../src/main/services/http/error-body';
import {
  codeForStatus,
  networkError,
  statusError,
} from '../../../../../src/main/services/http/http-errors';

const call = { operation: 'databases.list', params: { instanceName: 'sql-eu-prod-01' } };

describe('readErrorBody', () => {
  it('reads the platform envelope', () => {
    expect(
      readErrorBody(
        JSON.stringify({ code: 'DATA-BRIDGE-404', message: 'No such db', logId: 'L1' }),
      ),
    ).toEqual({ message: 'No such db', logId: 'L1' });
  });

  it('reads an ASP.NET problem document, preferring detail, then field errors', () => {
    expect(readErrorBody(JSON.stringify({ title: 'Bad', detail: 'Name is taken' }))).toEqual({
      message: 'Name is taken',
    });
    const withErrors = readErrorBody(
      JSON.stringify({
        title: 'One or more validation errors occurred.',
        status: 400,
        errors: { Name: ['Too long.'], Role: ['Unknown role.'] },
      }),
    );
    expect(withErrors.message).toBe('Name: Too long.');
    expect(withErrors.fieldErrors).toBe('Name: Too long.\nRole: Unknown role.');
  });

  it('reads plain text and JSON strings, and ignores HTML and empty bodies', () => {
    expect(readErrorBody('  serverName does not exist in the tenant.\n')).toEqual({
      message: 'serverName does not exist in the tenant.',
    });
    expect(readErrorBody('"quoted text"')).toEqual({ message: 'quoted text' });
    expect(readErrorBody('<html><body>Bad gateway</body></html>')).toEqual({});
    expect(readErrorBody('')).toEqual({});
  });
});

describe('status mapping', () => {
  it('maps statuses to the style guide codes', () => {
    const table: [number, string][] = [
      [400, 'VALIDATION'],
      [401, 'AUTH_REQUIRED'],
      [403, 'FORBIDDEN'],
      [404, 'NOT_FOUND'],
      [409, 'CONFLICT'],
      [410, 'GONE'],
      [429, 'RATE_LIMITED'],
      [500, 'UNAVAILABLE'],
      [503, 'UNAVAILABLE'],
      [422, 'VALIDATION'],
    ];
    for (const [status, code] of table) expect(codeForStatus(status)).toBe(code);
  });

  it('composes "Could not <action>: <service message>. <advice>" naming the operation', () => {
    const error = statusError(
      call,
      403,
      JSON.stringify({ code: 'DATA-BRIDGE-403', message: 'Role Consumer may not.', logId: 'L' }),
    );
    expect(error.toData()).toEqual({
      code: 'FORBIDDEN',
      message:
        'Could not list databases of sql-eu-prod-01: Role Consumer may not. Your role does not allow this; ask a tenant administrator.',
      operation: 'databases.list',
      status: 403,
      details: 'logId: L',
    });
  });

  it('says a 410 job is gone, and carries Retry-After of a 429', () => {
    const gone = statusError({ operation: 'jobs.getStatus', params: { jobId: 'j-1' } }, 410, '');
    expect(gone.code).toBe('GONE');
    expect(gone.message).toMatch(/no longer knows job j-1/);
    const limited = statusError(call, 429, 'slow down', 2000);
    expect(limited).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 2000 });
    expect(limited.message).toMatch(/try again in 2 s/);
  });

  it('maps a refused connection to NETWORK', () => {
    const error = networkError(call, Object.assign(new Error('x'), { code: 'ECONNREFUSED' }));
    expect(error).toMatchObject({ code: 'NETWORK', operation: 'databases.list' });
    expect(error.message).toMatch(
      /^Could not list databases of sql-eu-prod-01: the connection was refused/,
    );
  });
});
