import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as archives from '../../../../src/shared/contract/records/archives';
import * as auth from '../../../../src/shared/contract/records/auth';
import * as cluster from '../../../../src/shared/contract/records/cluster';
import * as common from '../../../../src/shared/contract/records/common';
import * as databases from '../../../../src/shared/contract/records/databases';
import * as instances from '../../../../src/shared/contract/records/instances';
import * as jobs from '../../../../src/shared/contract/records/jobs';
import * as logins from '../../../../src/shared/contract/records/logins';
import * as sessions from '../../../../src/shared/contract/records/sessions';
import * as uploads from '../../../../src/shared/contract/records/uploads';

const exported: Record<string, unknown> = {
  ...archives,
  ...auth,
  ...cluster,
  ...common,
  ...databases,
  ...instances,
  ...jobs,
  ...logins,
  ...sessions,
  ...uploads,
};

/** Every record the interface and records.md name. */
const RECORD_NAMES = [
  'ArchivesDetail',
  'ArchivesResponse',
  'ArchiveRequest',
  'ArchivePatch',
  'AddCidrRequest',
  'JobDetails',
  'Cluster',
  'CidrEntry',
  'UpdateCidrRequest',
  'SetClusterSecurityRequest',
  'ServerSecurity',
  'CreateDatabaseRequest',
  'CreateDatabaseResponse',
  'Database',
  'PinOrUnpinRequest',
  'GroupOperation',
  'ArchiveDatabaseResponse',
  'RestoreArchiveRequest',
  'ImportDatabaseRequest',
  'ImportDatabaseResponse',
  'ImportDatabasePrepareResponse',
  'ExportDatabaseResponse',
  'MoveDatabaseRequest',
  'RenameDatabaseRequest',
  'ShrinkDatabaseRequest',
  'JobIdResponse',
  'InitUploadResponse',
  'CompleteUploadRequest',
  'JobSummary',
  'JobDetail',
  'Session',
  'Login',
  'CreateLoginRequest',
  'CreateLoginResponse',
  'UpdateLoginRequest',
  'DeleteLoginResponse',
  'GetMyIpResponse',
  'SqlInstance',
  'LinkedServerRequest',
  'LinkedServerResponse',
  'ErrorBody',
  'TokenLoginRequest',
  'TokenRefreshRequest',
  'TokenResponse',
] as const;

const database = {
  name: 'sales',
  status: 'Ready',
  error: null,
  sizeInMb: 120,
  createdAt: '2026-01-02T03:04:05.000Z',
  pinned: false,
  pinExpiration: null,
  databaseSchema: 'Edm',
  databaseVersion: '12.1',
  lastIndexUpdate: null,
  registered: true,
  exposureSetId: null,
  owner: 'alice',
  secured: false,
  groups: [{ groupId: 'g1', groupName: 'Readers', colour: 'blue' }],
};

describe('record schemas', () => {
  it('exist for every record the interface names', () => {
    const missing = RECORD_NAMES.filter(
      (name) => !(exported[`${name}Schema`] instanceof z.ZodType),
    );
    expect(missing).toEqual([]);
  });

  it('keep unknown fields of responses, also nested', () => {
    const parsed = databases.DatabaseSchema.parse({ ...database, tier: 'gold' });
    expect(parsed).toMatchObject({ tier: 'gold', groups: [{ colour: 'blue' }] });
    const sqlInstance = instances.SqlInstanceSchema.parse({
      name: 'i1',
      uid: 'u',
      endpoint: 'e',
      internalEndpoint: 'ie',
      status: 'Online',
      totalDiskSpaceInMb: 1,
      availableDiskSpaceInMb: 1,
      usedDiskSpaceInMb: 0,
      databaseLimit: 10,
      pinnedDatabaseLimit: 2,
      region: 'EU',
    });
    expect(sqlInstance).toHaveProperty('region', 'EU');
  });

  it('accept null and missing values where the interface marks a field nullable', () => {
    const detail = {
      archiveId: null,
      serverName: null,
      name: null,
      databaseType: null,
      sizeInMb: 3,
      createDate: '2026-01-01T00:00:00Z',
      expiryDate: '2026-02-01T00:00:00Z',
      createdBy: null,
      downloadUris: null,
      thumbprint: 't',
    };
    expect(archives.ArchivesDetailSchema.safeParse(detail).success).toBe(true);
    const { archiveId: _a, createdBy: _c, ...withoutNullables } = detail;
    expect(archives.ArchivesDetailSchema.safeParse(withoutNullables).success).toBe(true);
    expect(jobs.JobDetailsSchema.parse({ error: null })).toEqual({ error: null });
  });

  it('treat [ours] fields as optional and public fields as required', () => {
    const row = { archiveId: 'a1', serverName: 's', name: 'n', sizeInMb: 1, createDate: 'x' };
    expect(archives.ArchivesResponseSchema.safeParse(row).success).toBe(true);
    const { createDate: _d, ...withoutDate } = row;
    expect(archives.ArchivesResponseSchema.safeParse(withoutDate).success).toBe(false);
    expect(databases.ArchiveDatabaseResponseSchema.safeParse({ jobId: 'j' }).success).toBe(true);
    expect(instances.LinkedServerResponseSchema.safeParse({}).success).toBe(true);
    const { owner: _o, ...noOwner } = database;
    expect(databases.DatabaseSchema.safeParse(noOwner).success).toBe(false);
  });

  it('accept status values the service may add, but still check their type', () => {
    expect(databases.DatabaseSchema.parse({ ...database, status: 'Hibernating' }).status).toBe(
      'Hibernating',
    );
    expect(databases.DatabaseSchema.safeParse({ ...database, status: 7 }).success).toBe(false);
    const summary = {
      id: 'j1',
      type: 'FUTURE_JOB',
      status: 'Paused',
      resourceName: 'db',
      resourceType: 'Cube',
      createTime: '2026-01-01T00:00:00Z',
      endTime: null,
      owner: 'bob',
    };
    expect(jobs.JobSummarySchema.safeParse(summary).success).toBe(true);
    const detail = jobs.JobDetailSchema.parse({ ...summary, progress: 40, queue: 'q1' });
    expect(detail).toMatchObject({ progress: 40, queue: 'q1' });
  });

  it('do not coerce dates: timestamps stay strings', () => {
    const parsed = databases.DatabaseSchema.parse(database);
    expect(parsed.createdAt).toBe('2026-01-02T03:04:05.000Z');
    expect(databases.DatabaseSchema.safeParse({ ...database, createdAt: new Date() }).success).toBe(
      false,
    );
  });

  it('read the platform error envelope', () => {
    const body = { code: 'DATA-BRIDGE-404', message: 'Not found', logId: 'l1' };
    expect(common.ErrorBodySchema.parse(body)).toEqual(body);
    expect(
      common.ProblemDocumentSchema.safeParse({ title: 'Bad', errors: { name: ['x'] } }).success,
    ).toBe(true);
  });
});
