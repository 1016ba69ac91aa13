import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { catalogue, operationById } from '../../../../../src/shared/contract/catalogue';
import { UsageError } from '../../../../../src/main/cli/args/operation-args';
import {
  enumerationArguments,
  namedInput,
  withNames,
} from '../../../../../src/main/cli/args/enum-args';
import { operationHelp, transferHelp } from '../../../../../src/main/cli/help/command-help';
import { parseTransferArgs } from '../../../../../src/main/cli/args/transfer-args';
import { prepareRequest } from '../../../../../src/main/services/http/request-parts';

const EXPORT = ['export', '--instanceName', 'i', '--databaseName', 'd', '--to', 'x'];

function refusal(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('accepted');
}

describe('enumerations by name', () => {
  it('reads the file type names of exportTo from the contract, codes included', () => {
    const { exportTo } = enumerationArguments(operationById('databases.export'));
    expect(exportTo?.names).toEqual(['mdf', 'bak', 'dacpac']);
    expect(exportTo?.codes).toEqual([0, 1, 2]);
    expect(enumerationArguments(operationById('uploads.init'))['fileExtension']?.names).toEqual([
      'mdf',
      'bak',
      'dacpac',
    ]);
  });

  it('takes every enumeration argument of the catalogue by name, in any letter case', () => {
    let checked = 0;
    for (const op of catalogue) {
      for (const [name, e] of Object.entries(enumerationArguments(op))) {
        const part = name in op.pathParams.shape ? 'pathParams' : 'query';
        for (const given of e.names.flatMap((n) => [n.toUpperCase(), n.toLowerCase()])) {
          const input = namedInput(op, { pathParams: {}, [part]: { [name]: given } });
          const sent = (input[part] as Record<string, string>)[name];
          const shape = (part === 'query' ? op.query : op.pathParams)?.shape ?? {};
          const field = (shape as Record<string, z.ZodType>)[name];
          expect(field?.safeParse(sent).success, `${op.id} --${name} ${given}`).toBe(true);
          checked += 1;
        }
      }
    }
    // exportTo, importFrom twice, and fileExtension on the four upload operations.
    expect(checked).toBeGreaterThanOrEqual(7 * 6);
  });

  it('sends the contract code for a name and keeps the codes', () => {
    const op = operationById('databases.export');
    const path = { instanceName: 'i', databaseName: 'd' };
    const sent = (exportTo: string) =>
      prepareRequest(op, namedInput(op, { pathParams: path, query: { exportTo } })).pathAndQuery;
    expect(sent('BaK')).toMatch(/\/export\?exportTo=1$/);
    expect(sent('dacpac')).toMatch(/exportTo=2$/);
    expect(sent('0')).toMatch(/exportTo=0$/);
    expect(sent('01')).toMatch(/exportTo=1$/);
    // What reads as a number is the schema's to judge, with its own words on the codes.
    expect(() => sent('1.0')).toThrow(/exportTo must be 0 \(MDF\), 1 \(BAK\) or 2 \(DACPAC\)/);
  });

  it('refuses an unknown name with a usage error that lists the allowed names', () => {
    const op = operationById('databases.export');
    const error = refusal(() => namedInput(op, { pathParams: {}, query: { exportTo: 'backup' } }));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(
      '--exportTo must be one of mdf, bak, dacpac (or the codes 0, 1, 2); got "backup".',
    );
  });

  it('names the value meant for a misspelt one', () => {
    const op = operationById('databases.export');
    const error = refusal(() => namedInput(op, { pathParams: {}, query: { exportTo: 'dacpak' } }));
    expect(error.message).toBe(
      '--exportTo must be one of mdf, bak, dacpac (or the codes 0, 1, 2); got "dacpak". Did you mean "dacpac"?',
    );
  });

  it('takes enumerations of a JSON body by name: storage types, roles, group operations', () => {
    const archive = operationById('databases.updateArchive');
    const patch = namedInput(archive, {
      body: { storageType: 'temporary', expirationDate: '2027-01-01T00:00:00.000' },
    });
    expect(patch['body']).toEqual({
      storageType: 'Temporary',
      expirationDate: '2027-01-01T00:00:00.000',
    });
    expect(archive.body.schema.safeParse(patch['body']).success).toBe(true);
    const login = namedInput(operationById('logins.create'), {
      body: { login: 'x', password: 'p', role: 'CONSUMER' },
    });
    expect(login['body']).toMatchObject({ role: 'Consumer' });
    const security = namedInput(operationById('instances.updateSecurity'), {
      body: [{ operation: 'remove', targetProperty: 'GROUPID', value: 'g' }],
    });
    expect(security['body']).toEqual([
      { operation: 'Remove', targetProperty: 'groupId', value: 'g' },
    ]);
    const error = refusal(() => namedInput(archive, { body: { storageType: 'forever' } }));
    expect(error.message).toBe(
      '--body field storageType must be one of Temporary, Permanent; got "forever".',
    );
  });

  it('leaves values that are not enumerations as given', () => {
    const value = { a: 'x', b: [1, 2] };
    const schema = operationById('databases.list').pathParams;
    expect(withNames(schema, value, (p) => p)).toEqual(value);
  });

  it('takes the export command`s --exportTo by name too', () => {
    expect(parseTransferArgs('export', [...EXPORT, '--exportTo', 'DACPAC'])).toMatchObject({
      exportTo: 2,
    });
    expect(parseTransferArgs('export', [...EXPORT, '--exportTo=bak'])).toMatchObject({
      exportTo: 1,
    });
    expect(parseTransferArgs('export', [...EXPORT, '--exportTo', '0'])).toMatchObject({
      exportTo: 0,
    });
    expect(
      refusal(() => parseTransferArgs('export', [...EXPORT, '--exportTo', 'zip'])).message,
    ).toBe('--exportTo must be one of mdf, bak, dacpac (or the codes 0, 1, 2); got "zip".');
  });
});

describe('help that names what exists', () => {
  it('says to follow a job with jobs wait, and shows enumerations by name', () => {
    const help = operationHelp(operationById('databases.export'));
    expect(help).toContain('query: --exportTo mdf|bak|dacpac --detachOnly true|false');
    expect(help).toContain(
      'follow it later with "databridge jobs wait --instanceName I --jobId J"',
    );
    expect(help).toContain('"databridge export --help"');
    expect(help).not.toContain('getByInstance');
    expect(operationHelp(operationById('databases.updateArchive'))).toMatch(
      /--storageType Temporary\|Permanent +optional; names in any letter case/,
    );
  });

  it('shows one complete example in each transfer command`s help', () => {
    const examples = {
      import: /Example:\n {2}databridge import \S+\.bak --instanceName \S+ \\\n/,
      export:
        /Example:\n {2}databridge export --instanceName \S+ --databaseName \S+ --exportTo bak \\\n\s+--to \S+/,
      archivesDownload:
        /Example:\n {2}databridge archives download --instanceName \S+ --archiveId \S+ \\\n\s+--to /,
      jobsWait: /Example:\n {2}databridge jobs wait --instanceName \S+ --jobId \S+/,
    } as const;
    for (const [name, example] of Object.entries(examples)) {
      const help = transferHelp(name as keyof typeof examples);
      expect(help, name).toMatch(example);
      expect(help.match(/Example:/g), name).toHaveLength(1);
    }
    expect(transferHelp('export')).not.toContain('0|1|2');
  });
});
