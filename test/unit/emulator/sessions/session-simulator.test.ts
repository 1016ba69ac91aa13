import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../src/emulator/random';
import {
  newUserSession,
  systemSessions,
  type SessionRecord,
} from '../../../../src/emulator/sessions/session-factory';
import { InstanceSessions } from '../../../../src/emulator/sessions/session-simulator';

const START = Date.UTC(2026, 0, 5, 9, 0, 0);

function setup(seed = 3) {
  let clock = START;
  const random = seededRandom(seed);
  const users = Array.from({ length: 10 }, (_, index) =>
    newUserSession(random, 51 + index, START, index < 5 ? 'Sales' : 'Ops'),
  );
  const [head, mid, tail] = users as [SessionRecord, SessionRecord, SessionRecord];
  Object.assign(mid, {
    blockingSessionId: head.sessionId,
    status: 'suspended',
    databaseName: 'Sales',
  });
  Object.assign(tail, {
    blockingSessionId: mid.sessionId,
    status: 'suspended',
    databaseName: 'Sales',
  });
  const sessions = new InstanceSessions({
    random: seededRandom(seed + 1),
    now: () => clock,
    databaseNames: () => ['Sales', 'Ops'],
    initial: [...systemSessions(4, START, START - 1000), ...users],
  });
  return { sessions, head, mid, tail, advance: (ms: number) => (clock += ms) };
}

describe('InstanceSessions', () => {
  it('does nothing until time passes, then simulates it', () => {
    const { sessions, advance } = setup();
    const first = JSON.stringify(sessions.list());
    expect(JSON.stringify(sessions.list())).toBe(first);
    advance(20_000);
    const later = sessions.list();
    expect(JSON.stringify(later)).not.toBe(first);
    expect(later.filter((s) => s.system)).toHaveLength(4);
  });

  it('is deterministic for the same seed and clock', () => {
    const a = setup(11);
    const b = setup(11);
    a.advance(45_000);
    b.advance(45_000);
    expect(a.sessions.list()).toEqual(b.sessions.list());
  });

  it('keeps blocked sessions suspended; killing a blocker releases only what it blocked', () => {
    const { sessions, head, mid, tail, advance } = setup();
    advance(5_000);
    sessions.kill(head.sessionId);
    const rows = sessions.list();
    expect(rows.find((s) => s.sessionId === mid.sessionId)?.blockingSessionId).toBe(0);
    expect(rows.find((s) => s.sessionId === tail.sessionId)?.blockingSessionId).toBe(mid.sessionId);
    expect(() => sessions.kill(head.sessionId)).toThrow(/does not exist/);
    expect(() => sessions.kill(2)).toThrow(/system session/);
    expect(() => sessions.kill(mid.sessionId, 'Ops')).toThrow(/on database Ops/);
  });

  it('disconnects the sessions of a dropped database and follows a rename', () => {
    const { sessions } = setup();
    sessions.onDatabaseRenamed('Ops', 'Operations');
    expect(sessions.list().some((s) => s.databaseName === 'Ops')).toBe(false);
    sessions.onDatabaseRemoved('Sales');
    const rows = sessions.list();
    expect(rows.some((s) => s.databaseName === 'Sales')).toBe(false);
    expect(
      rows.every(
        (s) => s.blockingSessionId === 0 || rows.some((b) => b.sessionId === s.blockingSessionId),
      ),
    ).toBe(true);
  });

  it('keeps the number of user sessions within bounds over a long run', () => {
    const { sessions, advance } = setup();
    for (let minute = 0; minute < 30; minute += 1) {
      advance(60_000);
      const users = sessions.list().filter((s) => !s.system);
      expect(users.length).toBeGreaterThanOrEqual(6);
      expect(users.length).toBeLessThanOrEqual(40);
    }
  });
});
