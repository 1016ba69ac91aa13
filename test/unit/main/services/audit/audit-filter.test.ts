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

  it('filters by time, operation (job ends follow their call), target and outcome', () => {
    expect(seqs(filterRecords(records, { since: '2026-11-20T00:00:00.000Z' }))).toEqual([
      2, 3, 4, 5,
    ]);
    expect(seqs(filterRecords(records, { operations: ['Databases.Rename'] }))).toEqual([3, 4]);
    expect(seqs(filterRecords(records, { target: 'db1' }))).toEqual([1]);
    expect(seqs(filterRecords(records, { limit: 2 }))).toEqual([4, 5]);
    expect(seqs(filterRecords(records, { outcome: 'failed' }))).toEqual([2, 4]);
    expect(seqs(filterRecords(records, { outcome: 'ok', operations: ['databases.drop'] }))).toEqual(
      [1],
    );
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

  it('narrows to the unknown outcomes, the check following its intent', () => {
    expect(seqs(filterRecords(trail, { outcome: 'unknown' }))).toEqual([3, 4, 5]);
    expect(seqs(filterRecords(trail, { operations: ['logins.delete'] }))).toEqual([4]);
    expect(seqs(filterRecords(trail, { outcome: 'ok' }))).toEqual([2]);
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
