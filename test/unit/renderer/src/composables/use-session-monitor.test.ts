import { afterEach, describe, expect, it } from 'vitest';
import { effectScope, type EffectScope } from 'vue';
import type { Session } from '@shared/contract/records/sessions';
import { AppError } from '@shared/errors';
import type { BlockingAlert } from '@shared/model/monitor';
import { defaultSettings } from '@shared/model/settings';
import { blockingAlertNotice } from '@renderer/composables/use-blocking-alert';
import { useSessionMonitor, type SessionMonitor } from '@renderer/composables/use-session-monitor';
import type { SessionsTarget } from '@renderer/stores/sessions-store';
import { activityIpc, type FakeHandler } from '../../../../support/renderer/activity-fake-ipc';
import { settle } from '../../../../support/renderer/resources-fake-ipc';

const instance = { profileId: 'p1', instanceName: 'sql-eu-prod-01' };

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
    executingSql: null,
    blockingSessionId: 0,
    ...patch,
  };
}

/** The monitor of main as the fake answers it: `sample` is what getSessions returns now. */
function monitorIpc(extra: Record<string, FakeHandler> = {}) {
  const main = {
    takenAt: 1_000 as number | undefined,
    health: 'ok',
    problem: undefined as string | undefined,
    sessions: [session(51, { status: 'running' }), session(52, { databaseName: 'HR' })],
  };
  const ipc = activityIpc({
    'monitor:getSessions': () => ({ ...instance, ...main }),
    'monitor:sampleNow': () => undefined,
    ...extra,
  });
  const changed = (ref = instance) =>
    ipc.emit('monitor:onDidChange', { ...ref, health: 'ok', heads: [] });
  return { ipc, main, changed };
}

let scope: EffectScope | undefined;
afterEach(() => scope?.stop());

function monitorOf(target: SessionsTarget): SessionMonitor {
  scope = effectScope();
  const monitor = scope.run(() => useSessionMonitor(target));
  if (!monitor) throw new Error('no scope');
  return monitor;
}

const ids = (monitor: SessionMonitor): number[] => monitor.rows.value.map((s) => s.sessionId);

describe('useSessionMonitor', () => {
  it("reads the monitor's sample on open and after each change of its instance, never the service", async () => {
    const { ipc, main, changed } = monitorIpc();
    const monitor = monitorOf(instance);
    await settle();
    expect(ids(monitor)).toEqual([51, 52]);
    expect(monitor.auto.source.value).toBe('monitor');
    expect(monitor.snapshotAt.value).toBe(1_000);
    main.sessions = [session(53)];
    main.takenAt = 2_000;
    changed({ profileId: 'p1', instanceName: 'sql-eu-dev-01' });
    await settle();
    expect(ids(monitor)).toEqual([51, 52]);
    changed();
    await settle();
    expect(ids(monitor)).toEqual([53]);
    expect(ipc.callsTo('monitor:getSessions')).toHaveLength(2);
    expect(ipc.callsTo('sessions:list')).toEqual([]);
  });

  it('refreshes by asking the monitor for a sample; pause stops the updates, not the monitor', async () => {
    const { ipc, main, changed } = monitorIpc();
    const monitor = monitorOf(instance);
    await settle();
    monitor.auto.pause();
    main.sessions = [session(54)];
    main.takenAt = 2_000;
    changed();
    await settle();
    expect(ids(monitor)).toEqual([51, 52]);
    // "Refresh" while paused: the sample it asked for is shown, the next change is not.
    await monitor.auto.refreshNow();
    expect(ipc.callsTo('monitor:sampleNow')).toEqual([instance]);
    expect(monitor.auto.isRefreshing.value).toBe(true);
    changed();
    await settle();
    expect(ids(monitor)).toEqual([54]);
    expect(monitor.auto.isRefreshing.value).toBe(false);
    main.sessions = [session(55)];
    main.takenAt = 3_000;
    changed();
    await settle();
    expect(ids(monitor)).toEqual([54]);
    monitor.auto.resume();
    await settle();
    expect(ids(monitor)).toEqual([55]);
  });

  it('an answer still on its way when the user pauses does not replace what they paused on', async () => {
    const held: Array<() => void> = [];
    const later = { takenAt: 2_000, sessions: [session(56)] };
    const { main, changed } = monitorIpc({
      'monitor:getSessions': () =>
        main.takenAt === 1_000
          ? { ...instance, ...main }
          : new Promise((resolve) => held.push(() => resolve({ ...instance, ...main }))),
    });
    const monitor = monitorOf(instance);
    await settle();
    expect(ids(monitor)).toEqual([51, 52]);
    Object.assign(main, later);
    changed();
    await settle();
    expect(held).toHaveLength(1);
    monitor.auto.pause();
    held.shift()?.();
    await settle();
    expect(ids(monitor)).toEqual([51, 52]);
    expect(monitor.auto.isRefreshing.value).toBe(false);
    monitor.auto.resume();
    held.shift()?.();
    await settle();
    expect(ids(monitor)).toEqual([56]);
  });

  it("keeps a database's sessions and applies the filter here with the sessions grammar", async () => {
    monitorIpc();
    const monitor = monitorOf({ ...instance, databaseName: 'sales' });
    await settle();
    expect(ids(monitor)).toEqual([51]);
    const all = monitorOf(instance);
    await settle();
    await all.applyFilter('status = "sleeping"');
    expect(ids(all)).toEqual([52]);
    expect(all.filter.value).toBe('status = "sleeping"');
    await all.applyFilter('status = ');
    expect(all.error.value?.code).toBe('VALIDATION');
    expect(ids(all)).toEqual([52]);
  });

  it('shows why the samples fail and keeps the last good snapshot', async () => {
    const { main, changed } = monitorIpc();
    const monitor = monitorOf(instance);
    await settle();
    main.health = 'stale';
    main.problem = 'The service did not answer.';
    changed();
    await settle();
    expect(monitor.error.value?.message).toBe('The service did not answer.');
    expect(ids(monitor)).toEqual([51, 52]);
  });

  it('reads the service itself while the monitor leaves the instance out, until it watches it again', async () => {
    let watched = false;
    const { ipc, changed } = monitorIpc({
      'monitor:getSessions': () => {
        if (!watched) throw new AppError({ code: 'NOT_FOUND', message: 'Not watched.' });
        return { ...instance, health: 'ok', takenAt: 5_000, sessions: [session(60)] };
      },
      'sessions:list': () => [session(57)],
    });
    const monitor = monitorOf(instance);
    await settle();
    expect(monitor.auto.source.value).toBe('direct');
    expect(ids(monitor)).toEqual([57]);
    expect(ipc.callsTo('sessions:list')).toEqual([
      { profileId: 'p1', pathParams: { instanceName: 'sql-eu-prod-01' } },
    ]);
    watched = true;
    changed();
    await settle();
    expect(monitor.auto.source.value).toBe('monitor');
    expect(ids(monitor)).toEqual([60]);
  });

  it('turns to its own reads when the user leaves the instance out while the view is open', async () => {
    const { ipc } = monitorIpc({ 'sessions:list': () => [session(58)] });
    const monitor = monitorOf(instance);
    await settle();
    expect(monitor.auto.source.value).toBe('monitor');
    ipc.emit('settings:onDidChange', {
      ...defaultSettings(),
      unwatchedInstances: { p1: ['sql-eu-prod-01'] },
    });
    await settle();
    expect(monitor.auto.source.value).toBe('direct');
    expect(ids(monitor)).toEqual([58]);
  });
});

describe('blockingAlertNotice', () => {
  const alert: BlockingAlert = {
    ...instance,
    thresholdSeconds: 30,
    at: 1,
    heads: [
      { sessionId: 57, loginName: 'etl_loader', blockedCount: 2, blockingMs: 95_000, depth: 2 },
    ],
  };

  it('names the session, its login, how many it blocks and for how long', () => {
    expect(blockingAlertNotice(alert)).toEqual({
      title: 'Blocking for more than 30 s',
      content:
        'Session 57 (etl_loader) on sql-eu-prod-01 blocks 2 sessions, the longest for 1 min 35 s.',
    });
  });

  it('names every head of a storm in one notification', () => {
    const head = alert.heads[0];
    if (!head) throw new Error('no head');
    const storm = { ...alert, heads: [head, { ...head, sessionId: 61, blockingMs: 200_000 }] };
    expect(blockingAlertNotice(storm).content).toBe(
      '2 sessions on sql-eu-prod-01 head blocking chains (57, 61); the longest blocks for 3 min 20 s.',
    );
  });
});
