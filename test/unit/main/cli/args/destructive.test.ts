import { describe, expect, it } from 'vitest';
import { catalogue, operationById } from '../../../../../src/shared/contract/catalogue';
import {
  DESTRUCTIVE_OPERATIONS,
  confirmationOf,
  dropQuestion,
  isDestructive,
  isEmptyDatabase,
  isTypedName,
  isYes,
  notDroppedMessage,
  yesNoQuestion,
} from '../../../../../src/main/cli/args/destructive';

/** Words of an operation's id or summary that say it takes something away. */
const REMOVING = /\b(drop|delete|remove|kill|terminate|overwrite|revoke|purge|destroy)/i;

const DB = { instanceName: 'sql-eu-prod-01', databaseName: 'Sales' };
const TERMINAL = { yes: false, interactive: true };
const SCRIPT = { yes: false, interactive: false };

describe('the destructive operations', () => {
  it('lists every DELETE of the service, and every operation that says it removes', () => {
    const listed = Object.keys(DESTRUCTIVE_OPERATIONS);
    for (const op of catalogue) {
      const removes = op.method === 'DELETE' || REMOVING.test(op.id) || REMOVING.test(op.summary);
      expect(listed.includes(op.id), `${op.id} (${op.method}: ${op.summary})`).toBe(removes);
    }
    // The rule can fail: a change that adds is not listed, a drop is.
    expect(isDestructive(operationById('databases.create'))).toBe(false);
    expect(isDestructive(operationById('databases.drop'))).toBe(true);
  });

  it('lists only operations of the catalogue that change something', () => {
    for (const id of Object.keys(DESTRUCTIVE_OPERATIONS)) {
      const op = catalogue.find((candidate) => candidate.id === id);
      expect(op?.method, id).not.toBe('GET');
      expect(op?.service, id).toBe('api');
    }
  });
});

describe('confirmationOf', () => {
  const drop = operationById('databases.drop');

  it('asks on a terminal, refuses from a script, and sends with --yes', () => {
    expect(confirmationOf(drop, { pathParams: DB }, TERMINAL)).toEqual({
      kind: 'ask',
      typeName: true,
    });
    const refused = confirmationOf(drop, { pathParams: DB }, SCRIPT);
    expect(refused).toEqual({
      kind: 'refuse',
      message:
        'Not sent: "drop database Sales on sql-eu-prod-01" removes something, so it is confirmed first, and there is no terminal to ask on (standard input or standard error is not one). Add --yes to confirm it from a script.',
    });
    expect(confirmationOf(drop, { pathParams: DB }, { ...SCRIPT, yes: true })).toEqual({
      kind: 'send',
    });
    expect(confirmationOf(drop, { pathParams: DB }, { ...TERMINAL, yes: true })).toEqual({
      kind: 'send',
    });
    const kill = operationById('sessions.kill');
    expect(
      confirmationOf(kill, { pathParams: { instanceName: 'i', spid: '57' } }, TERMINAL),
    ).toEqual({ kind: 'ask', typeName: false });
  });

  it('sends what destroys nothing without asking', () => {
    const create = operationById('databases.create');
    expect(confirmationOf(create, { pathParams: DB }, SCRIPT)).toEqual({ kind: 'send' });
  });

  it('confirms a security or allow-list update only when it removes something', () => {
    const security = operationById('databases.updateSecurity');
    const group = (operation: string) => ({
      pathParams: DB,
      body: [{ operation, targetProperty: 'groupId', value: 'g' }],
    });
    expect(confirmationOf(security, group('Add'), SCRIPT)).toEqual({ kind: 'send' });
    expect(confirmationOf(security, group('Remove'), SCRIPT).kind).toBe('refuse');
    const acl = operationById('cluster.overwriteAllowedIps');
    const body = (removeCidrEntries: string[]) => ({
      pathParams: {},
      body: { addCidrEntries: [{ cidrBlock: '10.0.0.1', comment: '' }], removeCidrEntries },
    });
    expect(confirmationOf(acl, body([]), SCRIPT)).toEqual({ kind: 'send' });
    expect(confirmationOf(acl, body(['10.0.0.2']), TERMINAL)).toEqual({
      kind: 'ask',
      typeName: false,
    });
  });
});

describe('the questions and answers', () => {
  it('asks for the database name with what a drop takes away', () => {
    expect(dropQuestion({ name: 'Sales', sizeInMb: 2048, pinned: true }, 'sql-eu-prod-01')).toBe(
      'Drop database Sales (2.00 GiB, pinned) on sql-eu-prod-01? The service keeps an archive of it.\nType the database name to drop it: ',
    );
    expect(isEmptyDatabase({ sizeInMb: 0 })).toBe(true);
    expect(isEmptyDatabase({ sizeInMb: 16 })).toBe(false);
  });

  it('takes the name only as the service spells it, letter case and spaces included', () => {
    expect(isTypedName('Sales', 'Sales')).toBe(true);
    expect(isTypedName('Sales\r\n', 'Sales')).toBe(true);
    expect(isTypedName('sales', 'Sales')).toBe(false);
    expect(isTypedName(' Sales', 'Sales')).toBe(false);
    expect(isTypedName(undefined, 'Sales')).toBe(false);
    expect(notDroppedMessage('sales', 'Sales')).toBe(
      'Not sent: database Sales was not dropped ("sales" is not its name). Run the command again and type Sales to drop it.',
    );
  });

  it('asks y/N with the call in words, and takes only yes for yes', () => {
    const op = operationById('archives.delete');
    expect(yesNoQuestion(op, { pathParams: { instanceName: 'i', archiveId: 'a1' } })).toBe(
      'Delete archive a1 of i? [y/N] ',
    );
    for (const answer of ['y', 'Y', 'yes', ' YES ']) expect(isYes(answer), answer).toBe(true);
    for (const answer of ['', 'n', 'no', 'yess', undefined]) expect(isYes(answer)).toBe(false);
  });
});
