import { describe, expect, it } from 'vitest';
import type { Session } from '@shared/contract/records/sessions';
import { AppError } from '@shared/errors';
import { killRefusal, sessionsOfTarget, useSessionsStore } from '@renderer/stores/sessions-store';
import { activityIpc } from '../../../../support/renderer/activity-fake-ipc';

const instance = { profileId: 'p1', instanceName: 'sql-eu-prod-01' };
const onDatabase = { ...instance, databaseName: 'Sales' };

function session(id: number, patch: Partial<Session> = {}): Session {
  return {
    sessionId: id,
    databaseName: 'Sales',
    loginName: 'etl_loader',
    programName: 'Loader',
    hostName: 'etl-runner-01',
    status: 'sleeping',
    loginTime: '2026-07-01T08:00:00.000Z',
    lastRequestStartTime: '2026-07-01T09:00:00.000Z',
    lastRequestEndTime: null,
    cpuTime: 10,
    memoryUsage: 2,
    executingSql: 'BEGIN TRAN; UPDATE dbo.Account SET Status = 2',
    blockingSessionId: 0,
    ...patch,
  };
}

describe('killRefusal', () => {
  it('accepts the same login and login time, refuses a gone or reused spid', () => {
    const seen = session(55);
    expect(killRefusal(seen, session(55))).toBeUndefined();
    expect(killRefusal(seen, undefined)).toMatch(/ended already/);
    expect(killRefusal(seen, session(55, { loginName: 'analyst_jane' }))).toMatch(
      /now belongs to analyst_jane.*reused/,
    );
    expect(killRefusal(seen, session(55, { loginTime: '2026-07-01T10:00:00.000Z' }))).toMatch(
      /reused the spid/,
    );
  });
});

describe('useSessionsStore', () => {
  it('filters on the service for an instance and locally for a database', async () => {
    const ipc = activityIpc({
      'sessions:list': () => [session(55)],
      'sessions:listByDatabase': () => [session(55), session(56, { loginName: 'report_reader' })],
      'profiles:list': () => ({ profiles: [] }),
    });
    const store = useSessionsStore();
    await store.list(instance, 'loginName = "etl_loader"');
    expect(ipc.callsTo('sessions:list')).toEqual([
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-eu-prod-01' },
        query: { filter: 'loginName = "etl_loader"' },
      },
    ]);
    const rows = await store.list(onDatabase, 'loginName = "report_reader"');
    expect(rows.map((s) => s.sessionId)).toEqual([56]);
  });

  it('reads the session again and kills it when it is still the one confirmed', async () => {
    const ipc = activityIpc({
      'sessions:list': () => [session(55)],
      'sessions:kill': () => undefined,
    });
    const store = useSessionsStore();
    await expect(store.kill(instance, session(55))).resolves.toEqual({ outcome: 'killed' });
    expect(ipc.callsTo('sessions:list')).toEqual([
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-eu-prod-01' },
        query: { filter: 'sessionId = 55' },
      },
    ]);
    expect(ipc.callsTo('sessions:kill')).toEqual([
      { profileId: 'p1', pathParams: { instanceName: 'sql-eu-prod-01', spid: '55' } },
    ]);
  });

  it('refuses, without killing, when the spid now belongs to another login', async () => {
    const ipc = activityIpc({
      'sessions:listByDatabase': () => [session(55, { loginName: 'analyst_omar' })],
      'sessions:killByDatabase': () => undefined,
    });
    const store = useSessionsStore();
    const outcome = await store.kill(onDatabase, session(55));
    expect(outcome.outcome).toBe('refused');
    expect(ipc.callsTo('sessions:killByDatabase')).toEqual([]);
    expect(outcome.outcome === 'refused' ? outcome.message : '').toMatch(
      /now belongs to analyst_omar/,
    );
  });

  it('kills through the database endpoint, and rethrows a refusal of the service', async () => {
    const ipc = activityIpc({
      'sessions:listByDatabase': () => [session(55)],
      'sessions:killByDatabase': () => {
        throw new AppError({ code: 'FORBIDDEN', message: 'Only an Admin may terminate sessions.' });
      },
    });
    const store = useSessionsStore();
    await expect(store.kill(onDatabase, session(55))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(ipc.callsTo('sessions:killByDatabase')).toEqual([
      {
        profileId: 'p1',
        pathParams: { instanceName: 'sql-eu-prod-01', databaseName: 'Sales', spid: '55' },
      },
    ]);
  });

  it("reads the monitor's sample of the instance and asks it for one now", async () => {
    const ipc = activityIpc({
      'monitor:getSessions': () => ({ ...instance, health: 'ok', takenAt: 1, sessions: [] }),
      'monitor:sampleNow': () => undefined,
    });
    const store = useSessionsStore();
    await store.monitored(onDatabase);
    await store.sampleNow(onDatabase);
    // The monitor samples instances: a database's view asks for its instance.
    expect(ipc.callsTo('monitor:getSessions')).toEqual([instance]);
    expect(ipc.callsTo('monitor:sampleNow')).toEqual([instance]);
    expect(ipc.callsTo('sessions:list')).toEqual([]);
  });
});

describe('sessionsOfTarget', () => {
  it("keeps an instance's sessions, or a database's (its name in any case)", () => {
    const rows = [
      session(51),
      session(52, { databaseName: 'sales' }),
      session(53, { databaseName: 'HR' }),
    ];
    expect(sessionsOfTarget(instance, rows)).toHaveLength(3);
    expect(sessionsOfTarget(onDatabase, rows).map((s) => s.sessionId)).toEqual([51, 52]);
  });
});
