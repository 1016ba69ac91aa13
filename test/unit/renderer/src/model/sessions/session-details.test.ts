import { describe, expect, it } from 'vitest';
import type { Session } from '@shared/contract/records/sessions';
import { sessionFacts } from '@renderer/model/sessions/session-details';

const NOW = Date.parse('2026-03-02T10:00:00Z');

function session(
  sessionId: number,
  extra: Partial<Session> & Record<string, unknown> = {},
): Session {
  return {
    sessionId,
    databaseName: 'ETL_Staging',
    loginName: 'etl_loader',
    programName: 'DataBridge Loader',
    hostName: 'etl-runner-01',
    status: 'running',
    loginTime: '2026-03-02T09:00:00Z',
    lastRequestStartTime: '2026-03-02T09:59:00Z',
    lastRequestEndTime: null,
    cpuTime: 10,
    memoryUsage: 4,
    executingSql: 'SELECT 1',
    blockingSessionId: 0,
    ...extra,
  };
}

describe('sessionFacts', () => {
  it('lists who a session blocks and who blocks it', () => {
    const head = session(60, { status: 'sleeping' });
    const middle = session(63, { blockingSessionId: 60 });
    const all = [
      session(70, { blockingSessionId: 60 }),
      head,
      middle,
      session(75, { blockingSessionId: 63 }),
    ];
    expect(sessionFacts(head, all, NOW)).toMatchObject({ blockedBy: undefined, blocks: [63, 70] });
    expect(sessionFacts(middle, all, NOW)).toMatchObject({ blockedBy: 60, blocks: [75] });
  });

  it('counts a blocked session’s wait from its request’s start when the service gives none', () => {
    const facts = sessionFacts(session(63, { blockingSessionId: 60 }), [], NOW);
    expect(facts).toMatchObject({ waitMs: 60_000, waitSource: 'blocked-request' });
    expect(facts.waitType).toBeUndefined();
    expect(sessionFacts(session(61), [], NOW).waitMs).toBeUndefined();
  });

  it('shows the wait and transactions the service passes through, and ignores odd types', () => {
    const facts = sessionFacts(
      session(63, { waitType: 'LCK_M_U', waitTime: 1500, openTransactionCount: 2 }),
      [],
      NOW,
    );
    expect(facts).toMatchObject({
      waitType: 'LCK_M_U',
      waitMs: 1500,
      waitSource: 'reported',
      openTransactions: 2,
    });
    const odd = sessionFacts(
      session(64, { waitType: 7, waitTime: 'long', openTransactionCount: -1 }),
      [],
      NOW,
    );
    expect(odd).toMatchObject({
      waitType: undefined,
      waitMs: undefined,
      openTransactions: undefined,
    });
  });
});
