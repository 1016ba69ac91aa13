import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../src/shared/contract/records/sessions';
import {
  blockerOf,
  buildBlockingForest,
  headsBlockingLongerThan,
  waitOf,
  type BlockingNode,
} from '../../../../src/shared/monitor/blocking-forest';

const NOW = Date.parse('2026-07-01T12:00:00.000Z');

/** A session blocked by `blocker` (0: none) whose request started `waitS` seconds ago. */
function session(id: number, blocker = 0, waitS = 0): Session {
  return {
    sessionId: id,
    databaseName: 'Sales',
    loginName: `login_${id}`,
    programName: null,
    hostName: null,
    status: blocker ? 'suspended' : 'sleeping',
    loginTime: '2026-07-01T08:00:00.000Z',
    lastRequestStartTime: new Date(NOW - waitS * 1000).toISOString(),
    lastRequestEndTime: null,
    cpuTime: 0,
    memoryUsage: 2,
    executingSql: null,
    blockingSessionId: blocker,
  };
}

const ids = (nodes: readonly BlockingNode[]): number[] => nodes.map((node) => node.sessionId);

describe('buildBlockingForest', () => {
  it('has no heads when nobody is blocked', () => {
    const forest = buildBlockingForest([session(51), session(52)], NOW);
    expect(forest.heads).toEqual([]);
    expect(forest.blockedIds.size).toBe(0);
  });

  it('puts the head blocker on top with the sessions it blocks beneath, counted transitively', () => {
    // 51 blocks 52 and 53; 53 blocks 54.
    const forest = buildBlockingForest(
      [session(51), session(52, 51, 10), session(53, 51, 40), session(54, 53, 25), session(60)],
      NOW,
    );
    expect(ids(forest.heads)).toEqual([51]);
    const [head] = forest.heads;
    expect(head?.blockedCount).toBe(3);
    // Children longest wait first; the longest wait beneath is how long the head blocks.
    expect(ids(head?.children ?? [])).toEqual([53, 52]);
    expect(head?.children[0]?.waitMs).toBe(40_000);
    expect(head?.children[0]?.blockedCount).toBe(1);
    expect(ids(head?.children[0]?.children ?? [])).toEqual([54]);
    expect(head?.blockingMs).toBe(40_000);
    expect(head?.waitMs).toBeUndefined();
    expect([...forest.blockerIds].sort()).toEqual([51, 53]);
    expect([...forest.blockedIds].sort()).toEqual([52, 53, 54]);
  });

  it('orders heads by how many they block, then by how long', () => {
    const forest = buildBlockingForest(
      [
        session(51),
        session(52, 51, 5),
        session(70),
        session(71, 70, 90),
        session(72, 70, 1),
        session(80),
        session(81, 80, 300),
      ],
      NOW,
    );
    expect(ids(forest.heads)).toEqual([70, 80, 51]);
  });

  it('keeps a blocker that is not in the snapshot as a head without a session', () => {
    const forest = buildBlockingForest([session(52, 99, 12), session(53, 99, 3)], NOW);
    expect(ids(forest.heads)).toEqual([99]);
    expect(forest.heads[0]?.session).toBeUndefined();
    expect(forest.heads[0]?.blockedCount).toBe(2);
  });

  it('ignores a session that reports itself as its blocker', () => {
    const forest = buildBlockingForest([session(51, 51, 30)], NOW);
    expect(forest.heads).toEqual([]);
    expect(blockerOf(session(51, 51))).toBeUndefined();
  });

  it('breaks a cycle at its lowest spid and terminates', () => {
    // 51 → 52 → 53 → 51, and 54 waits on 52.
    const forest = buildBlockingForest(
      [session(51, 53, 5), session(52, 51, 8), session(53, 52, 9), session(54, 52, 2)],
      NOW,
    );
    expect(ids(forest.heads)).toEqual([51]);
    const [head] = forest.heads;
    expect(head?.inCycle).toBe(true);
    expect(head?.blockedCount).toBe(3);
    expect(ids(head?.children ?? [])).toEqual([52]);
    expect(ids(head?.children[0]?.children ?? []).sort()).toEqual([53, 54]);
  });

  it('finds a cycle reached only through a tail and keeps separate chains apart', () => {
    const forest = buildBlockingForest(
      [session(60, 61), session(61, 60), session(62, 61), session(51), session(52, 51, 1)],
      NOW,
    );
    expect(ids(forest.heads).sort()).toEqual([51, 60]);
    expect(forest.heads.find((h) => h.sessionId === 60)?.blockedCount).toBe(2);
  });
});

describe('waits and the alert threshold', () => {
  it('measures a wait from the request start and never negative', () => {
    expect(waitOf(session(52, 51, 7), NOW)).toBe(7000);
    expect(waitOf(session(52, 51, -5), NOW)).toBe(0);
  });

  it('selects the heads blocking for longer than the threshold', () => {
    const forest = buildBlockingForest(
      [session(51), session(52, 51, 45), session(70), session(71, 70, 10)],
      NOW,
    );
    expect(ids(headsBlockingLongerThan(forest, 30_000))).toEqual([51]);
    expect(ids(headsBlockingLongerThan(forest, 5_000)).sort()).toEqual([51, 70]);
  });
});
