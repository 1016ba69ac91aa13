import { describe, expect, it } from 'vitest';
import { catalogue, operationById } from '../../../../../src/shared/contract/catalogue';
import {
  bodyFields,
  flagUsage,
  flaggedFields,
  sketchOf,
} from '../../../../../src/main/cli/args/body-fields';

/** Each field as `name kind required|optional [names]`, for a compact comparison. */
function summary(id: Parameters<typeof operationById>[0]): string[] {
  return bodyFields(operationById(id)).map((field) =>
    [
      field.name,
      field.kind,
      field.required ? 'required' : 'optional',
      ...(field.enumeration ? [field.enumeration.names.join('|')] : []),
      ...(field.nullable ? ['nullable'] : []),
      ...(field.noFlag ? ['no flag'] : []),
    ].join(' '),
  );
}

describe('bodyFields', () => {
  it('reads the fields of a body from its schema: type, required, names', () => {
    expect(summary('databases.create')).toEqual([
      'databaseName text required',
      'groupIds list optional',
      'groupNames list optional',
    ]);
    expect(summary('databases.rename')).toEqual(['name text required']);
    expect(summary('databases.pin')).toEqual([
      'pinned boolean required',
      'pinExpiration text optional nullable',
    ]);
    expect(summary('databases.updateArchive')).toEqual([
      'storageType names optional Temporary|Permanent',
      'expirationDate text optional',
    ]);
    expect(summary('cluster.setServerSecurity')).toEqual([
      'minTlsVersion names required 1.0|1.1|1.2',
    ]);
    expect(summary('cluster.addAllowedIp')).toEqual(['cidrEntry json required']);
    expect(summary('uploads.complete')).toEqual(['uploadId text required', 'etags json required']);
  });

  it('says what the text must look like where the schema says it', () => {
    const [archiveExpiration] = bodyFields(operationById('databases.archive'));
    const [, expiration] = bodyFields(operationById('databases.updateArchive'));
    expect(expiration?.format).toMatch(/^a date and time, YYYY-MM-DDThh:mm:ss/);
    expect(archiveExpiration?.format).toBe(expiration?.format);
    const [, pinExpiration] = bodyFields(operationById('databases.pin'));
    expect(pinExpiration?.format).toBe('an ISO 8601 date and time');
  });

  it('gives a secret no flag: it is given in --body, never on the command line', () => {
    expect(summary('logins.create')).toEqual([
      'login text required',
      'password text required no flag',
      'role names required Consumer|Contributor',
    ]);
    expect(flaggedFields(operationById('logins.updatePassword'))).toEqual([]);
    const [password] = bodyFields(operationById('logins.updatePassword'));
    expect(password?.noFlag).toMatch(/--body @FILE/);
  });

  it('has no fields for a body that is not an object, nor for an operation without a JSON body', () => {
    expect(bodyFields(operationById('databases.updateSecurity'))).toEqual([]);
    expect(bodyFields(operationById('uploads.putPart'))).toEqual([]);
    expect(bodyFields(operationById('databases.drop'))).toEqual([]);
  });

  it('flags every field of the catalogue but the secrets: none collides with another option', () => {
    const unflagged = catalogue.flatMap((op) =>
      bodyFields(op)
        .filter((field) => field.noFlag !== undefined)
        .map((field) => `${op.id} ${field.name}: ${field.noFlag?.split(':')[0] ?? ''}`),
    );
    expect(unflagged).toEqual([
      'logins.create password: a secret',
      'logins.updatePassword password: a secret',
      'auth.loginImplicit password: a secret',
      'auth.refresh refreshToken: a secret',
    ]);
  });
});

describe('flagUsage and sketchOf', () => {
  it('writes each kind of flag as help shows it', () => {
    const usage = (id: Parameters<typeof operationById>[0]) =>
      flaggedFields(operationById(id)).map(flagUsage);
    expect(usage('databases.create')).toEqual([
      '--databaseName TEXT',
      '--groupIds TEXT[,TEXT...]',
      '--groupNames TEXT[,TEXT...]',
    ]);
    expect(usage('databases.pin')).toEqual(['--pinned | --no-pinned', '--pinExpiration TEXT']);
    expect(usage('logins.create')).toEqual(['--login TEXT', '--role Consumer|Contributor']);
    expect(usage('cluster.addAllowedIp')).toEqual(['--cidrEntry JSON']);
  });

  it('sketches nested JSON with its fields and names', () => {
    const op = operationById('databases.updateSecurity');
    expect(op.body.contentType === 'json' && sketchOf(op.body.schema)).toBe(
      '[{operation: Add|Remove, targetProperty: groupId, value: text}, ...]',
    );
    const [cidrEntry] = bodyFields(operationById('cluster.addAllowedIp'));
    expect(cidrEntry && sketchOf(cidrEntry.schema)).toBe('{cidrBlock: text, comment: text}');
  });
});
