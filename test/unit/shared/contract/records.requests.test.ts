import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ImportDatabaseNameSchema } from '../../../../src/shared/contract/primitives';
import * as archives from '../../../../src/shared/contract/records/archives';
import * as auth from '../../../../src/shared/contract/records/auth';
import * as cluster from '../../../../src/shared/contract/records/cluster';
import * as databases from '../../../../src/shared/contract/records/databases';
import * as instances from '../../../../src/shared/contract/records/instances';
import * as logins from '../../../../src/shared/contract/records/logins';
import * as uploads from '../../../../src/shared/contract/records/uploads';

/** The first issue message of a failed parse. */
function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('request schemas', () => {
  const nameMessage =
    'Database name may contain only letters, digits, _, -, : and spaces (at most 80 characters)';

  it('accept good database names and reject bad ones with a readable message', () => {
    const create = databases.CreateDatabaseRequestSchema;
    expect(create.safeParse({ databaseName: 'Sales 2026: Q1_a-b' }).success).toBe(true);
    expect(firstMessage(create, { databaseName: 'bad/name' })).toBe(nameMessage);
    expect(firstMessage(create, { databaseName: 'x'.repeat(81) })).toBe(nameMessage);
    expect(create.safeParse({ databaseName: 'x'.repeat(80) }).success).toBe(true);
    expect(firstMessage(create, { databaseName: '' })).toBe('Database name is required');
    expect(firstMessage(create, { databaseName: ' lead' })).toBe(
      'Database name must not start or end with a space',
    );
    expect(firstMessage(databases.RenameDatabaseRequestSchema, { name: 'ça' })).toBe(nameMessage);
    expect(archives.RestoreArchiveRequestSchema.safeParse({ databaseName: 'ok' }).success).toBe(
      true,
    );
  });

  it('reject unknown keys so typos are caught before sending', () => {
    const result = databases.CreateDatabaseRequestSchema.safeParse({ databseName: 'x' });
    expect(result.success).toBe(false);
    expect(databases.ShrinkDatabaseRequestSchema.safeParse({ truncateLog: true }).success).toBe(
      false,
    );
  });

  it('check the stricter import name pattern', () => {
    expect(ImportDatabaseNameSchema.safeParse('sales_2026-a').success).toBe(true);
    expect(firstMessage(ImportDatabaseNameSchema, 'with space')).toMatch(
      /letters, digits, _ and -/,
    );
    expect(ImportDatabaseNameSchema.safeParse('a:b').success).toBe(false);
  });

  it('validate logins', () => {
    const create = logins.CreateLoginRequestSchema;
    const ok = { login: 'reporting', password: 'S3cret!', role: 'Consumer' };
    expect(create.safeParse(ok).success).toBe(true);
    expect(firstMessage(create, { ...ok, login: 'x'.repeat(21) })).toBe(
      'Login name must be at most 20 characters',
    );
    expect(firstMessage(create, { ...ok, password: 'p'.repeat(129) })).toBe(
      'Password must be at most 128 characters',
    );
    expect(firstMessage(create, { ...ok, role: 'Admin' })).toBe(
      'Role must be Consumer or Contributor',
    );
    expect(logins.UpdateLoginRequestSchema.safeParse({ password: '' }).success).toBe(false);
  });

  it('validate ACL entries, TLS versions and group operations', () => {
    const entry = cluster.CidrEntrySchema;
    expect(entry.safeParse({ cidrBlock: '203.0.113.0/24', comment: '' }).success).toBe(true);
    expect(entry.safeParse({ cidrBlock: '2001:db8::/32', comment: 'v6' }).success).toBe(true);
    expect(firstMessage(entry, { cidrBlock: '300.1.1.1', comment: '' })).toMatch(/IPv4 or IPv6/);
    expect(entry.safeParse({ cidrBlock: '10.0.0.1' }).success).toBe(false);
    const update = { addCidrEntries: [], removeCidrEntries: ['legacy-entry'] };
    expect(cluster.UpdateCidrRequestSchema.safeParse(update).success).toBe(true);
    const tls = cluster.SetClusterSecurityRequestSchema;
    expect(tls.safeParse({ minTlsVersion: '1.2' }).success).toBe(true);
    expect(firstMessage(tls, { minTlsVersion: '1.3' })).toBe(
      'Minimum TLS version must be 1.0, 1.1 or 1.2',
    );
    const group = { operation: 'Add', targetProperty: 'groupId', value: 'g' };
    expect(instances.GroupOperationSchema.safeParse(group).success).toBe(true);
    expect(
      instances.GroupOperationSchema.safeParse({ ...group, operation: 'Replace' }).success,
    ).toBe(false);
    expect(
      instances.GroupOperationSchema.safeParse({ ...group, targetProperty: 'name' }).success,
    ).toBe(false);
  });

  it('check expiration dates in the interface form', () => {
    const request = archives.ArchiveRequestSchema;
    expect(request.safeParse({ expirationDate: '2026-12-31T23:59:59.000' }).success).toBe(true);
    expect(request.safeParse({ expirationDate: new Date(0).toISOString() }).success).toBe(true);
    expect(request.safeParse({}).success).toBe(true);
    // A Z or an offset is converted to UTC and dropped (query.canonical.test.ts).
    expect(request.parse({ expirationDate: '2026-12-31T10:00:00.000+02:00' })).toEqual({
      expirationDate: '2026-12-31T08:00:00.000',
    });
    for (const bad of [
      '2026-02-30T00:00:00.000',
      '2026-12-31',
      '2026-12-31T24:00:00.000',
      '2026-12-31T10:00:00.000+24:00',
      '2026-12-31 10:00:00.000',
    ]) {
      expect(firstMessage(request, { expirationDate: bad }), bad).toMatch(
        /YYYY-MM-DDThh:mm:ss.sss/,
      );
    }
    const patch = archives.ArchivePatchSchema;
    expect(patch.safeParse({ storageType: 'Permanent' }).success).toBe(true);
    expect(firstMessage(patch, { storageType: 'Temporary' })).toBe(
      'A temporary archive needs an expiration date',
    );
    expect(patch.safeParse({ storageType: 'Forever' }).success).toBe(false);
    const pin = databases.PinOrUnpinRequestSchema;
    expect(pin.safeParse({ pinned: true, pinExpiration: null }).success).toBe(true);
    expect(pin.safeParse({ pinned: true, pinExpiration: 'tomorrow' }).success).toBe(false);
  });

  it('check ETags of a completed upload by part number', () => {
    const complete = uploads.CompleteUploadRequestSchema;
    const ok = { uploadId: 'u1', etags: { '1': '"abc"', '10000': 'def' } };
    expect(complete.safeParse(ok).success).toBe(true);
    for (const key of ['0', '10001', '01', 'one', '1.5']) {
      expect(complete.safeParse({ uploadId: 'u1', etags: { [key]: 'x' } }).success, key).toBe(
        false,
      );
    }
    expect(firstMessage(complete, { uploadId: 'u1', etags: {} })).toBe(
      'Give the ETag of at least one part',
    );
    expect(complete.safeParse({ uploadId: 'u1', etags: { '2': '' } }).success).toBe(false);
  });

  it('require all three login fields of the token service', () => {
    const login = auth.TokenLoginRequestSchema;
    expect(login.safeParse({ tenantName: 't', username: 'u', password: 'p' }).success).toBe(true);
    expect(firstMessage(login, { tenantName: 't', username: 'u', password: '' })).toBe(
      'Password is required',
    );
    const tokens = auth.TokenResponseSchema.parse({
      accessToken: 'a',
      idToken: 'i',
      refreshToken: 'r',
    });
    expect(tokens.expiresIn).toBeUndefined();
  });
});
