import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '@shared/model/audit';
import {
  auditListInput,
  auditRows,
  operationWords,
  principalText,
} from '@renderer/model/audit/audit-rows';

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

describe('auditRows', () => {
  it('lists the changes newest first, with the end of the job each one started', () => {
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
    const rows = auditRows(records);
    expect(rows.map((row) => row.seq)).toEqual([2, 1]);
    expect(rows[1]).toMatchObject({
      operation: 'databases drop',
      target: 'sql-eu-prod-01 / Claims_History',
      principal: 'ana@contoso',
      source: 'App 1.4.0',
      outcome: 'Done · 202',
      jobId: 'job-1',
      jobEnd: 'Succeeded',
      ok: true,
    });
    expect(rows[0]).toMatchObject({
      operation: 'sessions kill',
      principal: 'key 3f2a9c01b7de',
      source: 'CLI 1.4.0',
      outcome: '404 NOT_FOUND: Session 67 does not exist.',
      ok: false,
      jobEnd: '',
    });
  });

  it('shows a chain begun after damage as a row of its own', () => {
    const rows = auditRows([
      {
        ...chain,
        seq: 9,
        time: '2026-11-27T11:00:00.000Z',
        type: 'chainStarted',
        verdict: { status: 'tampered', seq: 4, reason: 'hash', file: 'audit.jsonl' },
        movedAside: ['audit-20261127T110000.damaged.jsonl'],
      },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operation: 'New chain',
      target: 'audit-20261127T110000.damaged.jsonl',
      ok: false,
    });
    expect(rows[0]?.outcome).toBe(
      'In audit.jsonl, record 4 does not hold: its digest does not match (edited, or sealed with another key).',
    );
  });

  it('shows a change whose outcome never came as unknown, with what a later check found', () => {
    const { outcome: _outcome, ...change } = call(3);
    const intent = { ...change, type: 'intent' as const, intentId: 'i-1' };
    const unchecked = auditRows([intent]);
    expect(unchecked[0]).toMatchObject({
      operation: 'databases drop',
      target: 'sql-eu-prod-01 / Claims_History',
      ok: false,
      unknown: true,
      outcome: 'Outcome unknown',
    });
    const checked = auditRows([
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
    ]);
    expect(checked).toHaveLength(1);
    expect(checked[0]?.outcome).toBe(
      'Found made later (databases.get sql-eu-prod-01/Claims_History: not found)',
    );
  });

  it('says when a change was sent unrecorded ("continue and warn")', () => {
    const rows = auditRows([call(1, { intentNotWritten: 'its disk is full (ENOSPC)' })]);
    expect(rows[0]?.outcome).toBe('Done · 202 (sent unrecorded: its disk is full (ENOSPC))');
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

describe('words', () => {
  it('writes operations as the command line does, and who signed in', () => {
    expect(operationWords('databases.updateArchive')).toBe('databases updateArchive');
    expect(principalText({ kind: 'apiKey', keyFingerprint: 'abc' })).toBe('key abc');
  });
});
