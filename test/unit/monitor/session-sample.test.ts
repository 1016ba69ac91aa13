import { describe, expect, it } from 'vitest';
import type { Session } from '../../../src/shared/contract/records/sessions';
import { sampleSessions } from '../../../src/main/services/monitor/session-sample';

const NOW = Date.parse('2026-11-24T10:00:00.000Z');

function session(id: number, patch: Partial<Session> = {}): Session {
  return {
    sessionId: id,
    databaseName: 'Sales',
    loginName: `user${id}`,
    programName: 'app',
    hostName: 'host',
    status: 'sleeping',
    loginTime: '2026-11-24T09:00:00.000Z',
    lastRequestStartTime: '2026-11-24T09:59:00.000Z',
    lastRequestEndTime: null,
    cpuTime: 0,
    memoryUsage: 0,
    executingSql: null,
    blockingSessionId: 0,
    ...patch,
  };
}

describe('sampleSessions', () => {
  it('counts sessions by status, finds heads, the deepest chain and the longest wait', () => {
    const sessions = [
      session(51),
      session(52, {
        status: 'suspended',
        blockingSessionId: 51,
        lastRequestStartTime: '2026-11-24T09:59:20.000Z',
      }),
      session(53, {
        status: 'suspended',
        blockingSessionId: 52,
        lastRequestStartTime: '2026-11-24T09:58:00.000Z',
      }),
      session(54, { status: 'running' }),
      session(55, { status: 'running' }),
    ];
    const { sample, heads } = sampleSessions(sessions, NOW, { running: 2, failed: 1 });
    expect(sample).toEqual({
      at: NOW,
      sessions: 5,
      running: 2,
      sleeping: 1,
      blocked: 2,
      headBlockers: 1,
      longestWaitMs: 120_000,
      chainDepth: 2,
      jobsRunning: 2,
      jobsFailed: 1,
    });
    expect(heads).toEqual([
      expect.objectContaining({
        sessionId: 51,
        loginName: 'user51',
        blockedCount: 2,
        blockingMs: 120_000,
        depth: 2,
      }),
    ]);
  });

  it('answers zeros for an instance without blocking', () => {
    const { sample, heads } = sampleSessions(
      [session(60), session(61, { status: 'running' })],
      NOW,
      {
        running: 0,
        failed: 0,
      },
    );
    expect(sample).toMatchObject({ blocked: 0, headBlockers: 0, longestWaitMs: 0, chainDepth: 0 });
    expect(heads).toEqual([]);
  });
});
