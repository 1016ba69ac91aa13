import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  INTERFACE_VERSION,
  catalogue,
  findOperation,
  isOperationId,
  matchOperations,
  operationById,
} from '../../../../src/shared/contract/catalogue';
import type {
  OperationInput,
  OperationOutput,
} from '../../../../src/shared/contract/operation-types';
import { buildPath, pathParamNames } from '../../../../src/shared/contract/paths';

/**
 * The interface's endpoint tables, copied by hand from service-interface.md: method, service,
 * path (exact casing) and success codes. The catalogue must hold exactly these.
 */
const INTERFACE_TABLE: readonly (readonly [string, 'api' | 'auth', string, readonly number[]])[] = [
  // Archives
  ['GET', 'api', '/v1/sql-instances/{instanceName}/Archives', [200]],
  ['GET', 'api', '/v1/sql-instances/{instanceName}/Archives/{archiveId}', [200]],
  ['DELETE', 'api', '/v1/sql-instances/{instanceName}/Archives/{archiveId}', [200, 204]],
  ['POST', 'api', '/v1/sql-instances/{instanceName}/Archives/{archiveId}/restore', [202]],
  // Cluster access control and security
  ['GET', 'api', '/v1/Cluster', [200]],
  ['GET', 'api', '/v1/Cluster/allowed-ips', [200]],
  ['PUT', 'api', '/v1/Cluster/allowed-ips', [200]],
  ['PATCH', 'api', '/v1/Cluster/allowed-ips', [200]],
  ['DELETE', 'api', '/v1/Cluster/allowed-ips/{ipAddress}', [200]],
  ['DELETE', 'api', '/v1/Cluster/allowed-ips/{cidrIpAddress}/{cidrIpPrefix}', [200]],
  ['PUT', 'api', '/v1/Cluster/server-security', [200]],
  ['GET', 'api', '/v1/Cluster/server-security', [200]],
  // Databases
  ['POST', 'api', '/v1/sql-instances/{instanceName}/Databases', [200]],
  ['GET', 'api', '/v1/sql-instances/{instanceName}/Databases', [200]],
  ['GET', 'api', '/v1/sql-instances/{instanceName}/Databases/{databaseName}', [200]],
  ['DELETE', 'api', '/v1/sql-instances/{instanceName}/Databases/{databaseName}', [200, 204]],
  ['PUT', 'api', '/v1/sql-instances/{instanceName}/Databases/{databaseName}', [200]],
  ['PATCH', 'api', '/v1/sql-instances/{instanceName}/Databases/{databaseName}', [204]],
  ['POST', 'api', '/v1/sql-instances/{instanceName}/Databases/{databaseName}/archive', [200]],
  [
    'PATCH',
    'api',
    '/v1/sql-instances/{instanceName}/Databases/{databaseName}/archives/{archiveId}',
    [200],
  ],
  ['POST', 'api', '/v1/sql-instances/{instanceName}/Databases/{databaseName}/export', [202]],
  ['GET', 'api', '/v1/sql-instances/{instanceName}/Databases/{databaseName}/import', [200]],
  ['POST', 'api', '/v1/sql-instances/{instanceName}/Databases/{databaseName}/import', [202]],
  ['POST', 'api', '/v1/sql-instances/{instanceName}/Databases/{databaseName}/move', [202]],
  ['POST', 'api', '/v1/sql-instances/{instanceName}/Databases/{databaseName}/rename', [202]],
  ['POST', 'api', '/v1/sql-instances/{instanceName}/Databases/{databaseName}/shrink', [202]],
  // Import upload (multipart)
  [
    'POST',
    'api',
    '/v1/sql-instances/{instanceName}/databases/{databaseName}/{fileExtension}/init-upload',
    [200],
  ],
  [
    'GET',
    'api',
    '/v1/sql-instances/{instanceName}/databases/{databaseName}/{fileExtension}/upload-part/{uploadId}/{partNumber}',
    [200],
  ],
  [
    'PUT',
    'api',
    '/v1/sql-instances/{instanceName}/databases/{databaseName}/{fileExtension}/upload-part/{uploadId}/{partNumber}',
    [200],
  ],
  [
    'POST',
    'api',
    '/v1/sql-instances/{instanceName}/databases/{databaseName}/{fileExtension}/complete-upload',
    [200],
  ],
  // Jobs
  ['GET', 'api', '/v1/Jobs/{jobId}', [200]],
  ['GET', 'api', '/v1/Jobs/{jobId}/details', [200]],
  ['GET', 'api', '/v1/sql-instances/{instanceName}/jobs', [200]],
  ['GET', 'api', '/v1/sql-instances/{instanceName}/jobs/{jobId}', [200]],
  // Sessions
  ['GET', 'api', '/v1/sql-instances/{instanceName}/sessions', [200]],
  ['GET', 'api', '/v1/sql-instances/{instanceName}/databases/{databaseName}/sessions', [200]],
  [
    'DELETE',
    'api',
    '/v1/sql-instances/{instanceName}/databases/{databaseName}/sessions/{spid}',
    [200, 204],
  ],
  ['DELETE', 'api', '/v1/sql-instances/{instanceName}/sessions/{spid}', [200, 204]],
  // Logins
  ['GET', 'api', '/v1/sql-instances/{instanceName}/Logins', [200]],
  ['POST', 'api', '/v1/sql-instances/{instanceName}/Logins', [202]],
  ['PATCH', 'api', '/v1/sql-instances/{instanceName}/Logins/{loginName}', [200]],
  ['DELETE', 'api', '/v1/sql-instances/{instanceName}/Logins/{loginName}', [200, 202, 204]],
  // Client IP
  ['GET', 'api', '/v1/MyIp', [200]],
  // Server instances
  ['GET', 'api', '/v1/sql-instances', [200]],
  ['GET', 'api', '/v1/sql-instances/{instanceName}', [200]],
  ['PATCH', 'api', '/v1/sql-instances/{instanceName}', [204]],
  ['GET', 'api', '/v1/sql-instances/{instanceName}/linked-servers', [200]],
  ['POST', 'api', '/v1/sql-instances/{instanceName}/linked-servers', [200]],
  ['DELETE', 'api', '/v1/sql-instances/{instanceName}/linked-servers/{linkedServerName}', [200]],
  // Token-issuing service (status codes not shown by the interface; 200 is ours)
  ['POST', 'auth', '/login/implicit', [200]],
  ['POST', 'auth', '/login/refresh', [200]],
];

const key = (method: string, service: string, path: string): string =>
  `${method} ${service} ${path}`;

/** Operations that start a job although they answer 200 (documented in their entries). */
const JOB_WITH_200 = ['databases.create', 'databases.archive'];

describe('catalogue', () => {
  it('holds 49 service operations and 2 token operations', () => {
    expect(INTERFACE_TABLE).toHaveLength(51);
    expect(catalogue).toHaveLength(51);
    expect(catalogue.filter((op) => op.service === 'api')).toHaveLength(49);
    expect(catalogue.filter((op) => op.service === 'auth')).toHaveLength(2);
    expect(INTERFACE_VERSION).toBe('2026.07.c');
  });

  it('has exactly the method, service and path pairs of the interface, with its success codes', () => {
    const expected = new Map(INTERFACE_TABLE.map(([m, s, p, codes]) => [key(m, s, p), codes]));
    const actual = new Map(
      catalogue.map((op) => [key(op.method, op.service, op.path), [...op.success]]),
    );
    expect(actual.size).toBe(catalogue.length);
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [k, codes] of expected) expect(actual.get(k), k).toEqual(codes);
  });

  it('has unique ids of the form group.verbNoun', () => {
    const ids = catalogue.map((op) => op.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of catalogue) {
      expect(op.id).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
      expect(op.id.startsWith(`${op.group}.`)).toBe(true);
      expect(op.summary.length).toBeGreaterThan(10);
    }
  });

  it('declares every path parameter of a template, and no other', () => {
    for (const op of catalogue) {
      const declared = Object.keys(op.pathParams.shape).sort();
      expect(declared, op.id).toEqual(pathParamNames(op.path).sort());
    }
  });

  it('marks startsJob exactly for the 202 operations and the documented 200 exceptions', () => {
    const starting = catalogue.filter((op) => op.startsJob).map((op) => op.id);
    const with202 = catalogue
      .filter((op) => (op.success as readonly number[]).includes(202))
      .map((op) => op.id);
    expect(starting.sort()).toEqual([...with202, ...JOB_WITH_200].sort());
    expect(with202.sort()).toEqual(
      [
        'archives.restore',
        'databases.export',
        'databases.import',
        'databases.move',
        'databases.rename',
        'databases.shrink',
        'logins.create',
        'logins.delete',
      ].sort(),
    );
  });

  it('requires x-platform-resource-group-id exactly on the two archive operations', () => {
    const withHeader = catalogue.filter((op) => op.headers !== undefined).map((op) => op.id);
    expect(withHeader.sort()).toEqual(['databases.archive', 'databases.updateArchive']);
    const headers = operationById('databases.archive').headers;
    expect(headers.safeParse({}).success).toBe(false);
    expect(headers.safeParse({ 'x-platform-resource-group-id': 'nope' }).success).toBe(false);
    const ok = { 'x-platform-resource-group-id': '3f2504e0-4f89-11d3-9a0c-0305e82c3301' };
    expect(headers.safeParse(ok).success).toBe(true);
  });

  it('answers 410 instead of 404 exactly for the job operations', () => {
    const gone = catalogue.filter((op) => op.notFoundStatus === 410).map((op) => op.id);
    expect(gone.sort()).toEqual(
      ['jobs.getByInstance', 'jobs.getDetails', 'jobs.getStatus', 'jobs.listByInstance'].sort(),
    );
  });

  it('models the odd answers: strings, move Location, delete login with and without body', () => {
    const strings = catalogue.filter((op) => op.response.kind === 'string').map((op) => op.id);
    expect(strings.sort()).toEqual(['jobs.getStatus', 'uploads.getPartUrl', 'uploads.putPart']);
    expect(operationById('databases.move').responseHeaders).toEqual(['Location']);
    expect(operationById('logins.delete').response).toMatchObject({ kind: 'json', emptyOn: [204] });
    expect(operationById('uploads.putPart').body).toEqual({ contentType: 'bytes' });
    for (const id of ['databases.updateSecurity', 'instances.updateSecurity'] as const) {
      const body = operationById(id).body;
      expect(body.schema.safeParse([]).success).toBe(false);
      const add = { operation: 'Add', targetProperty: 'groupId', value: 'g1' };
      expect(body.schema.safeParse([add]).success).toBe(true);
    }
  });

  it('marks the bodies the interface calls required as required', () => {
    for (const id of [
      'databases.pin',
      'databases.updateArchive',
      'linkedServers.create',
    ] as const) {
      expect(operationById(id).body).toMatchObject({ contentType: 'json', required: true });
    }
  });

  it('derives idempotency from the method, with documented exceptions', () => {
    const exceptions = new Set([
      'cluster.overwriteAllowedIps',
      'databases.updateArchive',
      'logins.updatePassword',
    ]);
    for (const op of catalogue) {
      const byMethod = ['GET', 'PUT', 'DELETE'].includes(op.method);
      expect(op.idempotent, op.id).toBe(exceptions.has(op.id) ? !byMethod : byMethod);
    }
  });

  it('gives roles from the permission table', () => {
    const allowed = (id: Parameters<typeof operationById>[0]) => [...operationById(id).roles];
    expect(allowed('databases.list').sort()).toEqual(['Admin', 'Consumer', 'Contributor']);
    expect(allowed('databases.create').sort()).toEqual(['Admin', 'Contributor']);
    expect(allowed('databases.move')).toEqual(['Admin']);
    expect(allowed('sessions.kill')).toEqual(['Admin']);
    expect(allowed('cluster.setServerSecurity')).toEqual(['Admin']);
    expect(allowed('linkedServers.list')).toEqual(['Admin']);
    for (const op of catalogue) expect(op.roles, op.id).toContain('Admin');
  });

  it('looks operations up by id and by request path', () => {
    expect(isOperationId('archives.list')).toBe(true);
    expect(isOperationId('archives.nope')).toBe(false);
    expect(() => operationById('nope' as 'archives.list')).toThrow(/Unknown operation/);
    for (const op of catalogue) {
      const params = Object.fromEntries(pathParamNames(op.path).map((n) => [n, `${n}-1`]));
      const found = findOperation(op.service, op.method.toLowerCase(), buildPath(op, params));
      expect(found?.operation.id, op.id).toBe(op.id);
    }
    const matches = matchOperations('api', '/v1/sql-instances/i1/databases/db1');
    expect(matches.map((m) => m.operation.method).sort()).toEqual([
      'DELETE',
      'GET',
      'PATCH',
      'PUT',
    ]);
    expect(findOperation('api', 'POST', '/v1/sql-instances/i1/databases/db1')).toBeUndefined();
    expect(findOperation('auth', 'GET', '/v1/MyIp')).toBeUndefined();
  });

  it('types inputs and outputs from the catalogue', () => {
    // Callers may give numbers as decimal text (the CLI); the schemas make the code of it.
    expectTypeOf<OperationInput<'databases.export'>['query']>().toEqualTypeOf<{
      exportTo: number | string;
      detachOnly?: boolean | string | undefined;
    }>();
    expectTypeOf<OperationInput<'instances.list'>>().toEqualTypeOf<Record<never, never>>();
    expectTypeOf<OperationOutput<'archives.delete'>>().toEqualTypeOf<undefined>();
    expectTypeOf<OperationOutput<'logins.delete'>>().toMatchTypeOf<{ jobId: string } | undefined>();
    expectTypeOf<OperationOutput<'jobs.getStatus'>>().toMatchTypeOf<string>();
    // A bytes body, an optional JSON body and a required query are enforced at compile time.
    const put: OperationInput<'uploads.putPart'> = {
      pathParams: {
        instanceName: 'i',
        databaseName: 'd',
        fileExtension: 'bak',
        uploadId: 'u',
        partNumber: 1,
      },
      body: new Uint8Array(1),
    };
    const archive: OperationInput<'databases.archive'> = {
      pathParams: { instanceName: 'i', databaseName: 'd' },
      headers: { 'x-platform-resource-group-id': '3f2504e0-4f89-11d3-9a0c-0305e82c3301' },
    };
    // @ts-expect-error exportTo is required
    const exportInput: OperationInput<'databases.export'> = {
      pathParams: { instanceName: 'i', databaseName: 'd' },
    };
    expect([put, archive, exportInput]).toHaveLength(3);
  });
});
