import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '@shared/model/audit';
import { auditListInput, auditRows } from '@renderer/model/audit/audit-rows';

const chain = { v: 1 as const, prev: null, hash: 'h' };

function call(seq: number, patch: Partial<Extract<AuditRecord, { type: 'call' }>> = {}) {
  return {
    ...chain,
    seq,
    time: `2026-11-27T10:0${seq}:00.000Z`,
    type: 'call' as const,
    source: { kind: 'app' as const, version: '1.4.0' },
    profile: { id: 'p1', name: 'Production' },
    principal: { kind: 'token' as const, tenantName: 'contoso', userName: 'ana' },
    region: 'EU' as const,
    host: 'api.eu.example',
    operation: 'databases.drop',
    target: { instanceName: 'sql-eu-prod-01', databaseName: 'Claims_History' },
    outcome: { ok: true, status: 202, jobId: 'job-1' },
    ...patch,
  };
}

const NOW = Date.parse('2026-11-30T12:00:00.000Z');

describe('auditRows', () => {
  it('lists the actions newest first, each with its outcome, who and where', () => {
    const records: AuditRecord[] = [
      call(1),
      call(2, {
        operation: 'sessions.kill',
        target: { instanceName: 'sql-eu-prod-01', spid: '67' },
        principal: { kind: 'apiKey', keyFingerprint: '3f2a9c01b7de' },
        source: { kind: 'cli', version: '1.4.0' },
        outcome: {
          ok: false,
          status: 404,
          code: 'NOT_FOUND',
          message: 'Session 67 does not exist.',
        },
      }),
      {
        ...chain,
        seq: 3,
        time: '2026-11-27T10:05:00.000Z',
        type: 'jobEnded',
        source: { kind: 'app', version: '1.4.0' },
        profile: { id: 'p1' },
        instanceName: 'sql-eu-prod-01',
        jobId: 'job-1',
        phase: 'succeeded',
        status: 'Succeeded',
      },
    ];
    const rows = auditRows(records, NOW);
    expect(rows.map((row) => row.seq)).toEqual([2, 1]);
    expect(rows[1]).toMatchObject({
      action: 'databases drop',
      target: 'sql-eu-prod-01 / Claims_History',
      principal: 'ana@contoso',
      connection: 'Production',
      source: 'App 1.4.0',
      state: 'succeeded',
      outcome: 'Succeeded',
      jobIds: 'job-1',
    });
    expect(rows[1]?.calls).toEqual([
      {
        key: '1',
        time: '2026-11-27T10:01:00.000Z',
        operation: 'databases drop',
        target: 'sql-eu-prod-01 / Claims_History',
        state: 'succeeded',
        outcome: 'Done · 202 · job Succeeded',
      },
    ]);
    expect(rows[0]).toMatchObject({
      action: 'sessions kill',
      principal: 'key 3f2a9c01b7de',
      source: 'CLI 1.4.0',
      state: 'failed',
      outcome: 'Failed: 404 NOT_FOUND: Session 67 does not exist.',
      jobIds: '',
    });
  });

  it('makes an import one row, its calls under it in order', () => {
    const action = { id: 't-1', kind: 'import', label: 'import', target: 'sql-eu-dev-01 / Sales' };
    const step = (seq: number, operation: string, status: number) =>
      call(seq, { operation, action, outcome: { ok: true, status } });
    const rows = auditRows(
      [
        step(1, 'uploads.init', 200),
        step(2, 'uploads.complete', 200),
        step(3, 'databases.import', 200),
      ],
      NOW,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      key: 't-1',
      action: 'import',
      target: 'sql-eu-dev-01 / Sales',
    });
    expect(rows[0]?.calls.map((c) => c.operation)).toEqual([
      'uploads init',
      'uploads complete',
      'databases import',
    ]);
    expect(rows[0]?.records).toHaveLength(3);
  });

  it('shows a chain begun after damage as a row of its own', () => {
    const rows = auditRows(
      [
        {
          ...chain,
          seq: 9,
          time: '2026-11-27T11:00:00.000Z',
          type: 'chainStarted',
          verdict: { status: 'tampered', seq: 4, reason: 'hash', file: 'audit.jsonl' },
          movedAside: ['audit-20261127T110000.damaged.jsonl'],
        },
      ],
      NOW,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'new chain',
      target: 'audit-20261127T110000.damaged.jsonl',
      state: 'failed',
      calls: [],
    });
    expect(rows[0]?.outcome).toBe(
      'Failed: In audit.jsonl, record 4 does not hold: its digest does not match (edited, or sealed with another key).',
    );
  });

  it('shows a change whose outcome never came as unknown, with what a later check found', () => {
    const { outcome: _outcome, ...change } = call(3);
    const intent = { ...change, type: 'intent' as const, intentId: 'i-1' };
    const unchecked = auditRows([intent], NOW);
    expect(unchecked[0]).toMatchObject({
      action: 'databases drop',
      target: 'sql-eu-prod-01 / Claims_History',
      state: 'unknown',
      outcome: 'Outcome unknown',
    });
    const checked = auditRows(
      [
        intent,
        {
          ...chain,
          seq: 4,
          time: '2026-11-27T11:00:00.000Z',
          type: 'outcomeChecked',
          source: { kind: 'app', version: '1.4.0' },
          profile: { id: 'p1' },
          intentId: 'i-1',
          operation: 'databases.drop',
          finding: 'done',
          how: 'databases.get sql-eu-prod-01/Claims_History: not found',
        },
      ],
      NOW,
    );
    expect(checked).toHaveLength(1);
    expect(checked[0]?.state).toBe('succeeded');
    expect(checked[0]?.calls[0]?.outcome).toBe(
      'Found made later (databases.get sql-eu-prod-01/Claims_History: not found)',
    );
  });

  it('says when a change was sent unrecorded ("continue and warn")', () => {
    const rows = auditRows(
      [
        call(1, {
          intentNotWritten: 'its disk is full (ENOSPC)',
          outcome: { ok: true, status: 202 },
        }),
      ],
      NOW,
    );
    expect(rows[0]?.calls[0]?.outcome).toBe(
      'Done · 202 (sent unrecorded: its disk is full (ENOSPC))',
    );
  });
});

describe('auditListInput', () => {
  const now = Date.parse('2026-11-27T12:00:00.000Z');
  it('asks main for the window, the outcome and the kills as chosen', () => {
    expect(auditListInput({ window: '24h', outcome: 'failed', killsOnly: true }, now)).toEqual({
      since: '2026-11-26T12:00:00.000Z',
      outcome: 'failed',
      kills: true,
    });
    expect(auditListInput({ window: 'all', outcome: 'all', killsOnly: false }, now)).toEqual({});
  });
});
