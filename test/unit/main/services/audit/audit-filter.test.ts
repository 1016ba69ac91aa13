import { describe, expect, it } from 'vitest';
import {
  filterRecords,
  sinceInstant,
  unknownOutcomes,
} from '../../../../../src/main/services/audit/audit-filter';
import type { AuditRecord } from '../../../../../src/shared/model/audit';

const chain = { v: 1 as const, prev: null, hash: 'h' };
const source = { kind: 'cli' as const, version: '1' };
const principal = { kind: 'apiKey' as const, keyFingerprint: 'abc' };

function call(
  seq: number,
  operation: string,
  ok: boolean,
  time: string,
  jobId?: string,
): AuditRecord {
  return {
    ...chain,
    seq,
    time,
    type: 'call',
    source,
    profile: { id: 'p1', name: 'Prod' },
    principal,
    host: 'h',
    operation,
    target: { instanceName: 'sql-eu-prod-01', databaseName: `Db${seq}` },
    outcome: { ok, ...(jobId ? { jobId } : {}) },
  };
}

const records: AuditRecord[] = [
  call(1, 'databases.drop', true, '2026-11-01T10:00:00.000Z'),
  call(2, 'sessions.kill', false, '2026-11-20T10:00:00.000Z'),
  call(3, 'databases.rename', true, '2026-11-26T10:00:00.000Z', 'job-7'),
  {
    ...chain,
    seq: 4,
    time: '2026-11-26T10:01:00.000Z',
    type: 'jobEnded',
    source,
    profile: { id: 'p1' },
    instanceName: 'sql-eu-prod-01',
    jobId: 'job-7',
    phase: 'failed',
    status: 'Failed',
  },
  {
    ...chain,
    seq: 5,
    time: '2026-11-26T11:00:00.000Z',
    type: 'chainStarted',
    verdict: { status: 'ok' },
    movedAside: [],
  },
];

const seqs = (list: AuditRecord[]) => list.map((r) => r.seq);

describe('filterRecords', () => {
  it('answers everything without a filter', () => {
    expect(seqs(filterRecords(records, {}))).toEqual([1, 2, 3, 4, 5]);
  });

  it('filters actions by time, operation (job ends follow their call), target and outcome', () => {
    expect(seqs(filterRecords(records, { since: '2026-11-20T00:00:00.000Z' }))).toEqual([
      2, 3, 4, 5,
    ]);
    expect(seqs(filterRecords(records, { operations: ['Databases.Rename'] }))).toEqual([3, 4]);
    expect(seqs(filterRecords(records, { target: 'db1' }))).toEqual([1]);
    // The newest two actions: the rename with its job's end, and the new chain.
    expect(seqs(filterRecords(records, { limit: 2 }))).toEqual([3, 4, 5]);
    // The rename's job failed: the action failed, its call and the job's end are answered.
    expect(seqs(filterRecords(records, { outcome: 'failed' }))).toEqual([2, 3, 4]);
    expect(seqs(filterRecords(records, { outcome: 'ok', operations: ['databases.drop'] }))).toEqual(
      [1],
    );
  });
});

describe('filterRecords by user action', () => {
  const IMPORT = {
    id: 'import-1',
    kind: 'import',
    label: 'import',
    target: 'sql-eu-dev-01 / Sales',
  };
  const step = (seq: number, operation: string, ok = true): AuditRecord => ({
    ...(call(seq, operation, ok, '2026-11-29T10:00:00.000Z') as Extract<
      AuditRecord,
      { type: 'call' }
    >),
    target: { instanceName: 'sql-eu-dev-01', databaseName: 'Sales' },
    action: IMPORT,
  });
  const trail: AuditRecord[] = [
    step(1, 'uploads.init'),
    call(2, 'databases.pin', true, '2026-11-29T10:00:01.000Z'),
    step(3, 'uploads.complete'),
    step(4, 'databases.import', false),
  ];

  it('answers every call of an action that one of its calls or its target matches', () => {
    expect(seqs(filterRecords(trail, { operations: ['databases.import'] }))).toEqual([1, 3, 4]);
    expect(seqs(filterRecords(trail, { target: 'sales' }))).toEqual([1, 3, 4]);
    expect(seqs(filterRecords(trail, { outcome: 'failed' }))).toEqual([1, 3, 4]);
    expect(seqs(filterRecords(trail, { outcome: 'ok' }))).toEqual([2]);
    // The newest action is the one begun last: the pin, begun while the import went on.
    expect(seqs(filterRecords(trail, { limit: 1 }))).toEqual([2]);
    expect(seqs(filterRecords(trail, { limit: 2 }))).toEqual([1, 2, 3, 4]);
  });
});

describe('filterRecords with intents', () => {
  const intent = (seq: number, intentId: string, operation: string): AuditRecord => {
    const { outcome: _outcome, ...change } = call(
      seq,
      operation,
      true,
      '2026-11-27T10:00:00.000Z',
    ) as Extract<AuditRecord, { type: 'call' }>;
    return { ...change, type: 'intent', intentId };
  };
  const ended = (seq: number, intentId: string, operation: string): AuditRecord => ({
    ...(call(seq, operation, true, '2026-11-27T10:00:01.000Z') as Extract<
      AuditRecord,
      { type: 'call' }
    >),
    intentId,
  });
  const checked: AuditRecord = {
    ...chain,
    seq: 5,
    time: '2026-11-28T10:00:00.000Z',
    type: 'outcomeChecked',
    source,
    profile: { id: 'p1' },
    intentId: 'b',
    operation: 'databases.drop',
    finding: 'done',
    how: 'databases.get: not found',
  };
  const trail = [
    intent(1, 'a', 'databases.pin'),
    ended(2, 'a', 'databases.pin'),
    intent(3, 'b', 'databases.drop'),
    intent(4, 'c', 'logins.delete'),
    checked,
  ];

  it('answers a change once (its call), and an intent whose outcome never came, with its check', () => {
    expect(seqs(filterRecords(trail, {}))).toEqual([2, 3, 4, 5]);
  });

  it('narrows to the unknown outcomes; a change checked later goes as the check found', () => {
    const now = Date.parse('2026-11-30T00:00:00.000Z');
    expect(seqs(filterRecords(trail, { outcome: 'unknown' }, now))).toEqual([4]);
    expect(seqs(filterRecords(trail, { operations: ['logins.delete'] }, now))).toEqual([4]);
    // The drop whose outcome never came was found made later: it succeeded, with its check.
    expect(seqs(filterRecords(trail, { outcome: 'ok' }, now))).toEqual([2, 3, 5]);
    // Sent a minute ago, still on its way: not known to have ended either.
    const soon = Date.parse('2026-11-27T10:01:00.000Z');
    expect(seqs(filterRecords(trail, { outcome: 'unknown' }, soon))).toEqual([4]);
  });

  it('answers the intents still to check', () => {
    expect(unknownOutcomes(trail).map((r) => r.seq)).toEqual([4]);
  });
});

describe('sinceInstant', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');
  it('reads spans back from now and dates', () => {
    expect(sinceInstant('7d', now)).toBe('2026-11-20T12:00:00.000Z');
    expect(sinceInstant('30m', now)).toBe('2026-11-27T11:30:00.000Z');
    expect(sinceInstant('2026-11-01T00:00:00Z', now)).toBe('2026-11-01T00:00:00.000Z');
    expect(sinceInstant('soon', now)).toBeUndefined();
  });
});
