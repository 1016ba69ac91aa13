import { describe, expect, it } from 'vitest';
import { operationById } from '../../../../src/shared/contract/catalogue';
import {
  ExportQuerySchema,
  ListArchivesQuerySchema,
  ListDatabasesQuerySchema,
  ImportQuerySchema,
  PrepareImportQuerySchema,
  parseSort,
} from '../../../../src/shared/contract/query';
import {
  buildPath,
  jobIdFromLocation,
  matchPath,
  serviceBaseUrl,
} from '../../../../src/shared/contract/paths';

const fromUrl = (query: string): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(query));

describe('query schemas', () => {
  it('default list archives to the whole first page sorted by newest', () => {
    expect(ListArchivesQuerySchema.parse({})).toEqual({
      sort: 'createDate DESC',
      limit: 5000,
      offset: 0,
    });
  });

  it('coerce query strings and keep the bounds of limit and offset (a page number)', () => {
    expect(ListArchivesQuerySchema.parse(fromUrl('limit=100&offset=2'))).toMatchObject({
      limit: 100,
      offset: 2,
    });
    expect(ListArchivesQuerySchema.parse({ limit: 1, offset: 2_147_483_647 })).toMatchObject({
      limit: 1,
    });
    for (const bad of [
      'limit=0',
      'limit=5001',
      'limit=2.5',
      'limit=ten',
      'offset=-1',
      'offset=2147483648',
    ]) {
      expect(ListArchivesQuerySchema.safeParse(fromUrl(bad)).success, bad).toBe(false);
    }
    const result = ListArchivesQuerySchema.safeParse(fromUrl('limit=5001'));
    expect(result.error?.issues[0]?.message).toBe('limit must be at most 5000');
  });

  it('validate sort against the sortable properties', () => {
    const ok = ListArchivesQuerySchema.safeParse({ sort: 'name asc, sizeInMb DESC' });
    expect(ok.success).toBe(true);
    expect(parseSort('name asc, SIZEINMB desc', ['name', 'sizeInMb'])).toEqual({
      terms: [
        { property: 'name', direction: 'ASC' },
        { property: 'sizeInMb', direction: 'DESC' },
      ],
    });
    for (const bad of ['name', 'owner ASC', 'name UP', 'name ASC,', 'name ASC extra']) {
      expect(ListArchivesQuerySchema.safeParse({ sort: bad }).success, bad).toBe(false);
    }
    expect(ListDatabasesQuerySchema.safeParse({ sort: 'databases DESC' }).success).toBe(true);
    expect(ListDatabasesQuerySchema.safeParse({ sort: 'createDate DESC' }).success).toBe(false);
  });

  it('read booleans as booleans or as text, with false as default', () => {
    expect(ListDatabasesQuerySchema.parse({})).toEqual({ adminAccess: false });
    expect(ListDatabasesQuerySchema.parse(fromUrl('adminAccess=true')).adminAccess).toBe(true);
    expect(ListDatabasesQuerySchema.parse(fromUrl('adminAccess=False')).adminAccess).toBe(false);
    const bad = ListDatabasesQuerySchema.safeParse(fromUrl('adminAccess=maybe'));
    expect(bad.error?.issues[0]?.message).toBe('adminAccess must be true or false');
  });

  it('require exportTo on export and allow detachOnly only for MDF', () => {
    expect(ExportQuerySchema.parse(fromUrl('exportTo=2'))).toEqual({
      exportTo: 2,
      detachOnly: false,
    });
    expect(ExportQuerySchema.parse({ exportTo: 0, detachOnly: true })).toEqual({
      exportTo: 0,
      detachOnly: true,
    });
    expect(ExportQuerySchema.safeParse({}).error?.issues[0]?.message).toBe(
      'exportTo must be 0 (MDF), 1 (BAK) or 2 (DACPAC)',
    );
    expect(ExportQuerySchema.safeParse(fromUrl('exportTo=3')).success).toBe(false);
    const detached = ExportQuerySchema.safeParse(fromUrl('exportTo=1&detachOnly=true'));
    expect(detached.error?.issues[0]?.message).toMatch(/detachOnly is valid only/);
  });

  it('require importFrom on prepare import only', () => {
    expect(PrepareImportQuerySchema.safeParse({}).success).toBe(false);
    expect(PrepareImportQuerySchema.parse(fromUrl('importFrom=1'))).toEqual({ importFrom: 1 });
    expect(ImportQuerySchema.parse({})).toEqual({});
    expect(ImportQuerySchema.safeParse({ importFrom: 5 }).success).toBe(false);
  });
});

describe('path parameters', () => {
  it('check part numbers, file extensions and the import name pattern', () => {
    const part = operationById('uploads.getPartUrl').pathParams;
    const base = { instanceName: 'i', databaseName: 'd', fileExtension: 'bak', uploadId: 'u' };
    expect(part.parse({ ...base, partNumber: '10000' }).partNumber).toBe(10_000);
    expect(part.safeParse({ ...base, partNumber: '0' }).success).toBe(false);
    expect(part.safeParse({ ...base, partNumber: '10001' }).success).toBe(false);
    expect(part.safeParse({ ...base, partNumber: '1', fileExtension: 'zip' }).success).toBe(false);
    const init = operationById('uploads.init').pathParams;
    expect(
      init.safeParse({ instanceName: 'i', databaseName: 'a b', fileExtension: 'mdf' }).success,
    ).toBe(false);
    const prepare = operationById('databases.prepareImport').pathParams;
    expect(prepare.safeParse({ instanceName: 'i', databaseName: 'a:b' }).success).toBe(false);
    expect(prepare.safeParse({ instanceName: 'i', databaseName: 'a_b-1' }).success).toBe(true);
  });

  it('default the CIDR prefix to 32 and accept spids as numbers or text', () => {
    const range = operationById('cluster.deleteAllowedRange').pathParams;
    expect(range.parse({ cidrIpAddress: '10.0.0.0' })).toEqual({
      cidrIpAddress: '10.0.0.0',
      cidrIpPrefix: 32,
    });
    expect(range.safeParse({ cidrIpAddress: '10.0.0.0', cidrIpPrefix: '129' }).success).toBe(false);
    const kill = operationById('sessions.kill').pathParams;
    expect(kill.parse({ instanceName: 'i', spid: 57 })).toEqual({ instanceName: 'i', spid: '57' });
    expect(kill.safeParse({ instanceName: 'i', spid: 'x' }).success).toBe(false);
  });
});

describe('paths', () => {
  it('build paths with every parameter encoded', () => {
    const op = operationById('databases.get');
    expect(buildPath(op, { instanceName: 'sql 1', databaseName: 'a/b?c#d' })).toBe(
      '/v1/sql-instances/sql%201/Databases/a%2Fb%3Fc%23d',
    );
    const part = operationById('uploads.putPart');
    expect(
      buildPath(part, {
        instanceName: 'i',
        databaseName: 'd',
        fileExtension: 'bak',
        uploadId: 'u',
        partNumber: 7,
      }),
    ).toBe('/v1/sql-instances/i/databases/d/bak/upload-part/u/7');
    expect(() => buildPath(op, { instanceName: 'i' })).toThrow(/databaseName/);
  });

  it('match paths case-insensitively and decode parameters', () => {
    const template = '/v1/sql-instances/{instanceName}/Databases/{databaseName}';
    expect(matchPath(template, '/V1/SQL-INSTANCES/sql%201/databases/a%2Fb')).toEqual({
      instanceName: 'sql 1',
      databaseName: 'a/b',
    });
    expect(matchPath(template, '/v1/sql-instances/i/Databases/d/')).toEqual({
      instanceName: 'i',
      databaseName: 'd',
    });
    expect(matchPath(template, '/v1/sql-instances/i/Databases')).toBeNull();
    expect(matchPath(template, '/v1/sql-instances/i/Archives/d')).toBeNull();
    expect(matchPath(template, '/v1/sql-instances/i/Databases/%E0%A4%A')).toBeNull();
    expect(matchPath(template, '/v1/sql-instances//Databases/d')).toBeNull();
    expect(matchPath('/v1/MyIp', '/v1/myip')).toEqual({});
  });

  it('build base addresses and read the job id of a move', () => {
    expect(serviceBaseUrl('api', 'https://eu.example.com/')).toBe(
      'https://eu.example.com/databridge',
    );
    expect(serviceBaseUrl('auth', 'https://eu.example.com')).toBe(
      'https://eu.example.com/sml/auth/v1',
    );
    expect(jobIdFromLocation('https://h/databridge/v1/Jobs/abc-123')).toBe('abc-123');
    expect(jobIdFromLocation('/databridge/v1/Jobs/a%20b/')).toBe('a b');
    expect(jobIdFromLocation('')).toBeUndefined();
  });
});
