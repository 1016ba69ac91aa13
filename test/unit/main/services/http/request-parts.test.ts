import { describe, expect, it } from 'vitest';
import { operationById } from '../../../../../src/shared/contract/catalogue';
import {
  prepareRequest,
  serialiseQuery,
} from '../../../../../src/main/services/http/request-parts';

describe('prepareRequest', () => {
  it('encodes path parameters so a name cannot change the resource addressed', () => {
    const prepared = prepareRequest(operationById('databases.get'), {
      pathParams: { instanceName: 'sql-eu-prod-01', databaseName: 'a/b?c#d e' },
    });
    expect(prepared.pathAndQuery).toBe(
      '/v1/sql-instances/sql-eu-prod-01/Databases/a%2Fb%3Fc%23d%20e',
    );
    // A URL drops "." and ".." segments: `Databases/..` would address the instance itself.
    for (const databaseName of ['.', '..']) {
      expect(() =>
        prepareRequest(operationById('databases.updateSecurity'), {
          pathParams: { instanceName: 'sql-eu-prod-01', databaseName },
          body: { groupIds: [] },
        }),
      ).toThrow(
        expect.objectContaining({
          code: 'VALIDATION',
          message: expect.stringMatching(/databaseName cannot be "\." or "\.\."/) as unknown,
        }),
      );
    }
  });

  it('serialises only the query the caller gave, after validating it', () => {
    const op = operationById('archives.list');
    const prepared = prepareRequest(op, {
      pathParams: { instanceName: 'i' },
      query: { sort: 'name ASC', limit: 10, filter: undefined },
    });
    expect(prepared.pathAndQuery).toBe('/v1/sql-instances/i/Archives?sort=name+ASC&limit=10');
    expect(() =>
      prepareRequest(op, { pathParams: { instanceName: 'i' }, query: { limit: 0 } }),
    ).toThrow(expect.objectContaining({ code: 'VALIDATION', operation: 'archives.list' }));
  });

  it("builds path, query and body from the schemas' output, never from the raw text", () => {
    const list = prepareRequest(operationById('archives.list'), {
      pathParams: { instanceName: 'i' },
      query: { limit: '007', offset: '+1', sort: 'NAME asc', filter: 'name = "a"' },
    });
    expect(list.pathAndQuery).toBe(
      '/v1/sql-instances/i/Archives?limit=7&offset=1&sort=name+ASC&filter=name+%3D+%22a%22',
    );
    const exported = prepareRequest(operationById('databases.export'), {
      pathParams: { instanceName: 'i', databaseName: 'd' },
      query: { exportTo: '00', detachOnly: 'TRUE' },
    });
    expect(exported.pathAndQuery).toMatch(/\/export\?exportTo=0&detachOnly=true$/);
    const range = prepareRequest(operationById('cluster.deleteAllowedRange'), {
      pathParams: { cidrIpAddress: '10.0.0.0', cidrIpPrefix: '08' },
    });
    expect(range.pathAndQuery).toBe('/v1/Cluster/allowed-ips/10.0.0.0/8');
    const archived = prepareRequest(operationById('databases.archive'), {
      pathParams: { instanceName: 'i', databaseName: 'd' },
      headers: { 'x-platform-resource-group-id': '3f2504e0-4f89-11d3-9a0c-0305e82c3301' },
      body: { expirationDate: '2026-01-02T03:04:05+02:00' },
    });
    expect(archived.body).toBe('{"expirationDate":"2026-01-02T01:04:05.000"}');
    expect(() =>
      prepareRequest(operationById('archives.list'), {
        pathParams: { instanceName: 'i' },
        query: { limit: '1e3' },
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'VALIDATION',
        message: 'limit must be a whole number written in decimal digits, such as 100',
      }),
    );
  });

  it('validates JSON bodies and sends them as application/json', () => {
    const op = operationById('logins.create');
    const prepared = prepareRequest(op, {
      pathParams: { instanceName: 'i' },
      body: { login: 'bob', password: 'pw', role: 'Consumer' },
    });
    expect(prepared.headers['content-type']).toBe('application/json');
    expect(JSON.parse(prepared.body as string)).toEqual({
      login: 'bob',
      password: 'pw',
      role: 'Consumer',
    });
    expect(() =>
      prepareRequest(op, {
        pathParams: { instanceName: 'i' },
        body: { login: 'bob', role: 'Admin' },
      }),
    ).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });

  it('sends no body when an optional one is absent, and requires the part bytes', () => {
    const shrink = prepareRequest(operationById('databases.shrink'), {
      pathParams: { instanceName: 'i', databaseName: 'd' },
    });
    expect(shrink.body).toBeUndefined();
    expect(() =>
      prepareRequest(operationById('uploads.putPart'), {
        pathParams: {
          instanceName: 'i',
          databaseName: 'd',
          fileExtension: 'bak',
          uploadId: 'u',
          partNumber: 1,
        },
      }),
    ).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });

  it('checks required headers', () => {
    expect(() =>
      prepareRequest(operationById('databases.archive'), {
        pathParams: { instanceName: 'i', databaseName: 'd' },
        headers: { 'x-platform-resource-group-id': 'not-a-guid' },
      }),
    ).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });

  it('leaves out undefined and null query values', () => {
    expect(serialiseQuery({ a: undefined, b: null })).toBe('');
    expect(serialiseQuery({ adminAccess: true })).toBe('?adminAccess=true');
  });
});
