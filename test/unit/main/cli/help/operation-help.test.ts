import { describe, expect, it } from 'vitest';
import { catalogue, operationById } from '../../../../../src/shared/contract/catalogue';
import { parseCliArgs } from '../../../../../src/main/cli/args/operation-args';
import { checkBody } from '../../../../../src/main/cli/args/body-check';
import { bodyFields, flagUsage } from '../../../../../src/main/cli/args/body-fields';
import { isDestructive } from '../../../../../src/main/cli/args/destructive';
import { operationHelp } from '../../../../../src/main/cli/help/command-help';
import {
  OPERATION_EXAMPLES,
  exampleLines,
} from '../../../../../src/main/cli/help/operation-examples';
import { operationInput } from '../../../../../src/main/cli/args/operation-input';
import { prepareRequest } from '../../../../../src/main/services/http/request-parts';

/*
 * An operation's --help says all a person needs to write the command: every body field with
 * its flag, type, names and required mark, how a job is followed, how a removal is confirmed,
 * and examples that the operation's own schemas accept.
 */

/** The operations that change something (as the audit trail counts them). */
const WRITING = catalogue.filter((op) => op.service === 'api' && op.method !== 'GET');

describe('operationHelp', () => {
  it('lists every body field with its flag, type, names and required mark', () => {
    const help = operationHelp(operationById('databases.create'));
    expect(help).toMatch(/^ {4}--databaseName TEXT +required$/m);
    expect(help).toMatch(/^ {4}--groupIds TEXT\[,TEXT\.\.\.\] +optional; comma-separated/m);
    expect(help).not.toContain('--body JSON (required)');
    expect(operationHelp(operationById('logins.create'))).toMatch(
      /^ {4}--role Consumer\|Contributor +required; names in any letter case$/m,
    );
    expect(operationHelp(operationById('databases.pin'))).toMatch(
      /^ {4}--pinned \| --no-pinned +required$/m,
    );
    for (const op of catalogue) {
      const help = operationHelp(op);
      for (const field of bodyFields(op)) {
        const usage =
          field.noFlag === undefined ? flagUsage(field) : `${field.name} (in --body only)`;
        const mark = field.required ? 'required' : 'optional';
        const line = help.split('\n').find((text) => text.trimStart().startsWith(usage));
        expect(line, `${op.id} ${field.name}`).toMatch(new RegExp(`\\s${mark}\\b`));
      }
    }
  });

  it('says how to give a body that has no fields to flag, and a file body', () => {
    expect(operationHelp(operationById('databases.updateSecurity'))).toContain(
      'body: --body JSON|@FILE (required), JSON: [{operation: Add|Remove, targetProperty: groupId, value: text}, ...]',
    );
    expect(operationHelp(operationById('uploads.putPart'))).toContain(
      'body: --body-file FILE (required)',
    );
  });

  it('offers --wait and --no-wait exactly on the operations that start a job', () => {
    for (const op of catalogue) {
      const help = operationHelp(op);
      expect(help.includes('--wait '), op.id).toBe(op.startsJob);
      expect(help.includes('--no-wait    (the default)'), op.id).toBe(op.startsJob);
    }
    expect(operationHelp(operationById('databases.rename'))).toContain(
      'as it ended: 0 succeeded, 5 failed, 1 no longer known to the service',
    );
  });

  it('says how a removal is confirmed, and --yes, exactly on the destructive operations', () => {
    for (const op of catalogue) {
      expect(operationHelp(op).includes('--yes        confirm it'), op.id).toBe(isDestructive(op));
    }
    const drop = operationHelp(operationById('databases.drop'));
    expect(drop).toContain('asks you to type the database name');
    expect(drop).toContain('refused with exit code 2');
    expect(operationHelp(operationById('cluster.overwriteAllowedIps'))).toContain(
      'confirmed first when it removes something',
    );
  });
});

describe('the examples of --help', () => {
  it('has one for every operation that changes something, shown in its help', () => {
    for (const op of WRITING) {
      const examples = OPERATION_EXAMPLES[op.id] ?? [];
      expect(examples.length, op.id).toBeGreaterThan(0);
      const help = operationHelp(op);
      for (const example of examples) {
        expect(help, op.id).toContain(exampleLines(example.argv).join('\n'));
      }
    }
  });

  it('writes only command lines that the operation’s schemas accept', async () => {
    for (const [id, examples] of Object.entries(OPERATION_EXAMPLES)) {
      for (const { argv } of examples) {
        // A body read from a file (a password) is given inline here.
        const given = argv.map((word) =>
          word.startsWith('@') ? '{"password":"S3cret!pass"}' : word,
        );
        const command = parseCliArgs(given);
        expect(command.kind === 'run' && command.operation.id, argv.join(' ')).toBe(id);
        if (command.kind !== 'run' || command.operation.body?.contentType === 'bytes') continue;
        const input = await operationInput(command, () => undefined);
        expect(() => checkBody(command.operation, input), argv.join(' ')).not.toThrow();
        expect(() => prepareRequest(command.operation, input), argv.join(' ')).not.toThrow();
      }
    }
  });

  it('wraps a long command line between options, never inside one', () => {
    const lines = exampleLines([
      ...['databases', 'updateArchive', '--instanceName', 'sql-eu-prod-01', '--databaseName'],
      ...['Sales', '--archiveId', '7d1e2c4a-9b3f-4e21-8a6d-5c0f1b2e3d4a'],
      ...['--x-platform-resource-group-id', '3f2b8c1e-5d4a-4f6b-9c7d-2e1a0b9c8d7f'],
    ]);
    expect(lines).toEqual([
      '  databridge databases updateArchive --instanceName sql-eu-prod-01 --databaseName Sales \\',
      '    --archiveId 7d1e2c4a-9b3f-4e21-8a6d-5c0f1b2e3d4a \\',
      '    --x-platform-resource-group-id 3f2b8c1e-5d4a-4f6b-9c7d-2e1a0b9c8d7f',
    ]);
  });
});
