import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../../src/shared/contract/records/sessions';
import { addToBuckets, downsample } from '../../../../../src/main/services/monitor/downsample';
import { sampleSessions } from '../../../../../src/main/services/monitor/session-sample';

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

describe('downsample', () => {
  const base = {
    sessions: 10,
    running: 1,
    sleeping: 5,
    blocked: 0,
    headBlockers: 0,
    longestWaitMs: 0,
    chainDepth: 0,
    jobsRunning: 0,
    jobsFailed: 0,
  };

  it('passes a short history through and thins a day to 2,000 points keeping every peak', () => {
    const short = Array.from({ length: 180 }, (_, i) => ({ ...base, at: i * 5000 }));
    expect(downsample(short)).toEqual(short);
    const day = Array.from({ length: 17_280 }, (_, i) => ({ ...base, at: i * 5000 }));
    day[1234] = { ...day[1234]!, blocked: 7, longestWaitMs: 90_000 };
    day[4321] = { ...day[4321]!, jobsFailed: 1 };
    day[4322] = { ...day[4322]!, jobsFailed: 1 };
    const thinned = downsample(day);
    expect(thinned.length).toBeLessThanOrEqual(2000);
    expect(Math.max(...thinned.map((s) => s.blocked))).toBe(7);
    expect(Math.max(...thinned.map((s) => s.longestWaitMs))).toBe(90_000);
    expect(thinned.reduce((sum, s) => sum + s.jobsFailed, 0)).toBe(2);
    expect(thinned.at(-1)?.at).toBe(day.at(-1)?.at);
  });

  it('keeps a day in time buckets as samples arrive: 1,800 points, every peak, failed jobs summed', () => {
    const width = Math.ceil(86_400_000 / 1800);
    const buckets: (typeof base & { at: number })[] = [];
    for (let i = 0; i < 17_280; i += 1) {
      const sample = { ...base, at: i * 5000 + 1 };
      if (i === 777) sample.blocked = 9;
      if (i === 778 || i === 779) sample.jobsFailed = 1;
      addToBuckets(buckets, sample, width);
    }
    expect(buckets.length).toBeLessThanOrEqual(1801);
    expect(buckets.length).toBeGreaterThanOrEqual(1799);
    expect(Math.max(...buckets.map((s) => s.blocked))).toBe(9);
    expect(buckets.reduce((sum, s) => sum + s.jobsFailed, 0)).toBe(2);
    expect(buckets.at(-1)?.at).toBe(17_279 * 5000 + 1);
    // A sample older than the last bucket is not added (samples arrive in order).
    addToBuckets(buckets, { ...base, at: 0 }, width);
    expect(buckets.at(-1)?.at).toBe(17_279 * 5000 + 1);
  });
});
