import { describe, expect, it } from 'vitest';
import type { AuditAction, AuditRecord } from '../../../../src/shared/model/audit';
import { groupActions } from '../../../../src/shared/model/audit-actions';

/*
 * The trail read as user actions: the calls of one action under one row, in order, with the
 * action's outcome; records of older versions (no action) each a row of their own.
 */

const chain = { v: 1 as const, prev: null, hash: 'h' };
const NOW = Date.parse('2026-11-30T12:00:00.000Z');
const LONG_AGO = '2026-11-30T10:00:00.000Z';
const DB = { instanceName: 'sql-eu-dev-01', databaseName: 'Sales' };
const IMPORT: AuditAction = {
  id: 'transfer-1',
  kind: 'import',
  label: 'import',
  target: 'sql-eu-dev-01 / Sales',
};

let seq = 0;
const change = (operation: string, action?: AuditAction, target: Record<string, string> = DB) => ({
  ...chain,
  seq: (seq += 1),
  time: LONG_AGO,
  source: { kind: 'app' as const, version: '1.4.0' },
  profile: { id: 'p1', name: 'Production' },
  principal: { kind: 'token' as const, tenantName: 'contoso', userName: 'ana' },
  host: 'api.eu.example',
  operation,
  target,
  ...(action ? { action } : {}),
});

/** An intent and its call (same intentId), as the auditor writes one change. */
function sent(
  operation: string,
  outcome: { ok: boolean; status?: number; code?: 'NOT_FOUND'; message?: string; jobId?: string },
  action?: AuditAction,
  target: Record<string, string> = DB,
): AuditRecord[] {
  const intentId = `i-${seq + 1}`;
  return [
    { ...change(operation, action, target), type: 'intent', intentId },
    { ...change(operation, action, target), type: 'call', intentId, outcome },
  ];
}

function jobEnded(jobId: string, phase: 'succeeded' | 'failed', error?: string): AuditRecord {
  return {
    ...chain,
    seq: (seq += 1),
    time: LONG_AGO,
    type: 'jobEnded',
    source: { kind: 'app', version: '1.4.0' },
    profile: { id: 'p1' },
    instanceName: DB.instanceName,
    jobId,
    phase,
    status: phase === 'succeeded' ? 'Succeeded' : 'Failed',
    ...(error ? { error } : {}),
  };
}

const importRecords = (jobPhase: 'succeeded' | 'failed' = 'succeeded'): AuditRecord[] => [
  ...sent('uploads.init', { ok: true, status: 200 }, IMPORT),
  ...sent('uploads.complete', { ok: true, status: 200 }, IMPORT),
  ...sent('databases.import', { ok: true, status: 202, jobId: 'job-9' }, IMPORT),
  jobEnded('job-9', jobPhase, jobPhase === 'failed' ? 'Not enough disk space.' : undefined),
];

describe('groupActions', () => {
  it('makes an import one action: who, what, where, and its three calls in order', () => {
    const [action, ...rest] = groupActions(importRecords(), NOW);
    expect(rest).toEqual([]);
    expect(action).toMatchObject({
      key: 'transfer-1',
      actionId: 'transfer-1',
      kind: 'import',
      time: LONG_AGO,
      who: 'ana@contoso',
      label: 'import',
      target: 'sql-eu-dev-01 / Sales',
      connection: 'Production',
      source: 'App 1.4.0',
      state: 'succeeded',
    });
    expect(action?.message).toBeUndefined();
    expect(action?.calls.map((call) => [call.operation, call.state, call.outcome])).toEqual([
      ['uploads.init', 'succeeded', 'Done · 200'],
      ['uploads.complete', 'succeeded', 'Done · 200'],
      ['databases.import', 'succeeded', 'Done · 202 · job Succeeded'],
    ]);
    // Every record is kept: both halves of each call, and the job's end with the import.
    expect(action?.records).toHaveLength(7);
    expect(action?.calls[2]?.records.map((r) => r.type)).toEqual(['intent', 'call', 'jobEnded']);
  });

  it('fails the action when its job failed, saying which call and why', () => {
    const [action] = groupActions(importRecords('failed'), NOW);
    expect(action).toMatchObject({
      state: 'failed',
      message: 'databases import: Done · 202 · job Failed: Not enough disk space.',
    });
  });

  it('counts a step sent again after a failure as it last went', () => {
    const records = [
      ...sent('uploads.init', { ok: true, status: 200 }, IMPORT),
      ...sent('uploads.complete', { ok: false, status: 503, message: 'Try later' }, IMPORT),
      ...sent('uploads.complete', { ok: true, status: 200 }, IMPORT),
    ];
    const [action] = groupActions(records, NOW);
    expect(action?.calls).toHaveLength(3);
    expect(action?.state).toBe('succeeded');
  });

  it('fails a bulk action when a row failed, naming the row; counts them when several did', () => {
    const bulk: AuditAction = { id: 'b', kind: 'bulk', label: 'kill 3 sessions', target: '' };
    const kill = (spid: string, ok: boolean) =>
      sent(
        'sessions.kill',
        ok ? { ok, status: 204 } : { ok, status: 404, code: 'NOT_FOUND', message: 'No session' },
        bulk,
        { instanceName: 'sql-a', spid },
      );
    const one = groupActions([...kill('51', true), ...kill('52', false), ...kill('53', true)], NOW);
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({
      label: 'kill 3 sessions',
      state: 'failed',
      message: 'sessions kill sql-a / 52: 404 NOT_FOUND: No session',
    });
    const two = groupActions(
      [...kill('51', false), ...kill('52', false), ...kill('53', true)],
      NOW,
    );
    expect(two[0]?.message).toBe(
      '2 of 3 calls, first sessions kill sql-a / 51: 404 NOT_FOUND: No session',
    );
  });

  it('reads records older than actions as one action each, with the operation as its name', () => {
    const records: AuditRecord[] = [
      ...sent('databases.drop', { ok: false, status: 404, code: 'NOT_FOUND', message: 'Gone' }),
      { ...change('databases.pin'), type: 'call', outcome: { ok: true, status: 200 } },
    ];
    const actions = groupActions(records, NOW);
    expect(actions.map((a) => [a.label, a.target, a.state, a.message, a.calls.length])).toEqual([
      ['databases drop', 'sql-eu-dev-01 / Sales', 'failed', '404 NOT_FOUND: Gone', 1],
      ['databases pin', 'sql-eu-dev-01 / Sales', 'succeeded', undefined, 1],
    ]);
    expect(actions[0]?.actionId).toBeUndefined();
  });

  it('tells a change still on its way from one whose outcome never came, and a later check', () => {
    const drop = (time: string): AuditRecord => ({
      ...change('databases.drop'),
      time,
      type: 'intent',
      intentId: `i-${seq}`,
    });
    const fresh = drop(new Date(NOW - 60_000).toISOString());
    const old = drop(LONG_AGO);
    const checked = drop(LONG_AGO);
    const check: AuditRecord = {
      ...chain,
      seq: (seq += 1),
      time: '2026-11-30T11:00:00.000Z',
      type: 'outcomeChecked',
      source: { kind: 'app', version: '1.4.0' },
      profile: { id: 'p1' },
      intentId: checked.type === 'intent' ? checked.intentId : '',
      operation: 'databases.drop',
      finding: 'done',
      how: 'databases.get: not found',
    };
    const actions = groupActions([fresh, old, checked, check], NOW);
    expect(actions.map((a) => [a.state, a.message])).toEqual([
      ['inProgress', 'Sent; no outcome yet'],
      ['unknown', 'Sent; its outcome never came'],
      ['succeeded', undefined],
    ]);
    expect(actions[2]?.calls[0]?.outcome).toBe('Found made later (databases.get: not found)');
    expect(actions[2]?.records).toHaveLength(2);
  });

  it('has a job whose end is not recorded yet in progress', () => {
    const records = sent('databases.rename', { ok: true, status: 202, jobId: 'job-3' });
    expect(groupActions(records, NOW)[0]).toMatchObject({
      state: 'inProgress',
      message: 'Done · 202 · job job-3 running',
    });
  });

  it('lists a new chain and a job end whose call is not listed as rows of their own', () => {
    const records: AuditRecord[] = [
      {
        ...chain,
        seq: (seq += 1),
        time: LONG_AGO,
        type: 'chainStarted',
        verdict: { status: 'truncated', afterSeq: 4, file: 'audit.jsonl' },
        movedAside: ['audit-1.damaged.jsonl'],
      },
      jobEnded('job-elsewhere', 'failed', 'Gone'),
    ];
    const actions = groupActions(records, NOW);
    expect(actions.map((a) => [a.kind, a.label, a.target, a.state, a.message])).toEqual([
      [
        'chain',
        'new chain',
        'audit-1.damaged.jsonl',
        'failed',
        'In audit.jsonl, the records after 4 were cut off.',
      ],
      ['job', 'job ended', 'sql-eu-dev-01 / job job-elsewhere', 'failed', 'job Failed: Gone'],
    ]);
  });
});
