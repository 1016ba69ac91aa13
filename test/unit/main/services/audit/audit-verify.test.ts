import { describe, expect, it } from 'vitest';
import { seal } from '../../../../../src/main/services/audit/audit-chain';
import { checkLine } from '../../../../../src/main/services/audit/audit-verify';

/*
 * The user action on a record is an optional field: a record written before it (none), one
 * written with it, and one written by a later version with a field this one does not know all
 * verify, because the digest is of the line as written; the action is sealed like the rest.
 */

const change = {
  type: 'call',
  time: '2026-11-30T10:00:00.000Z',
  source: { kind: 'app', version: '1.0.0' },
  profile: { id: 'p1', name: 'Prod' },
  principal: { kind: 'apiKey', keyFingerprint: '0123456789ab' },
  host: 'eu.example.test',
  operation: 'uploads.init',
  target: { instanceName: 'sql-1', databaseName: 'Sales' },
  outcome: { ok: true, status: 200 },
};
const action = { id: 't-1', kind: 'import', label: 'import', target: 'sql-1 / Sales' };
const key = Buffer.alloc(32, 3);

const line = (record: Record<string, unknown>): string => JSON.stringify(record);

describe('records with and without a user action', () => {
  it('verifies a record written before actions were recorded', () => {
    const check = checkLine(line(seal(change, undefined)), undefined, 'audit.jsonl', false);
    expect(check).toMatchObject({ record: { seq: 1, operation: 'uploads.init' } });
    expect('record' in check && check.record.type === 'call' && check.record.action).toBe(
      undefined,
    );
  });

  it('verifies a keyed record with its action, and keeps the action', () => {
    const sealed = seal({ ...change, action }, undefined, key);
    const check = checkLine(line(sealed), undefined, 'audit.jsonl', false, {
      key,
      keyedFrom: 1,
    });
    expect(check).toMatchObject({ record: { action } });
  });

  it('verifies a record with a field it does not know, as a later version may write', () => {
    const later = { ...change, action: { ...action, kind: 'replicate' }, replica: { of: 'x' } };
    const check = checkLine(line(seal(later, undefined)), undefined, 'audit.jsonl', false);
    expect(check).toMatchObject({ record: { action: { kind: 'replicate' } } });
  });

  it('finds an action edited after it was sealed', () => {
    const sealed = seal({ ...change, action }, undefined);
    const edited = { ...sealed, action: { ...action, label: 'export' } };
    expect(checkLine(line(edited), undefined, 'audit.jsonl', false)).toMatchObject({
      status: 'tampered',
      reason: 'hash',
    });
  });
});
