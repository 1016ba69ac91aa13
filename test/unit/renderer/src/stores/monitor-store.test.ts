import { describe, expect, it } from 'vitest';
import { appendSample, monitorKey, useMonitorStore } from '@renderer/stores/monitor-store';
import type { BlockingAlert, InstanceMonitorState, MonitorSample } from '@shared/model/monitor';
import { formatWait, healthLabel } from '@renderer/components/monitor/monitor-format';
import { fakeIpc } from '../../../../support/renderer/resources-fake-ipc';

const PROD = { profileId: 'p1', instanceName: 'sql-eu-prod-01' };
const DEV = { profileId: 'p1', instanceName: 'sql-eu-dev-01' };
const T0 = Date.UTC(2026, 6, 1, 10, 0, 0);

function sample(at: number, patch: Partial<MonitorSample> = {}): MonitorSample {
  return {
    at,
    sessions: 20,
    running: 3,
    sleeping: 17,
    blocked: 0,
    headBlockers: 0,
    longestWaitMs: 0,
    chainDepth: 0,
    jobsRunning: 0,
    jobsFailed: 0,
    ...patch,
  };
}

function state(ref: typeof PROD, patch: Partial<InstanceMonitorState> = {}): InstanceMonitorState {
  return { ...ref, health: 'ok', heads: [], ...patch };
}

/** Waits until `check` passes (the store reads the sparkline history in the background). */
async function until(check: () => void): Promise<void> {
  const deadline = Date.now() + 2000;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

describe('the health tag', () => {
  it('names each state, with the time a stale instance stopped answering', () => {
    expect(healthLabel(state(PROD))).toBe('OK');
    expect(healthLabel(state(PROD, { health: 'blocking' }))).toBe('Blocking');
    expect(healthLabel(state(PROD, { health: 'signedOut' }))).toBe('Signed out');
    expect(healthLabel(state(PROD, { health: 'starting' }))).toBe('Starting');
    expect(healthLabel(state(PROD, { health: 'stale', staleSince: T0 }), {}, T0)).toMatch(
      /^Stale since \d\d:\d\d:\d\d$/,
    );
    expect(
      healthLabel(state(PROD, { health: 'stale', staleSince: T0 }), {}, T0 + 86_400_000),
    ).toMatch(/^Stale since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect([0, 45_000, 185_000, 7_800_000].map(formatWait)).toEqual([
      '—',
      '45 s',
      '3 min 05 s',
      '2 h 10 min',
    ]);
  });
});

describe('appendSample', () => {
  it('keeps the samples in time order, refuses an old one and drops what left the range', () => {
    let list = appendSample([], sample(T0), 60_000);
    list = appendSample(list, sample(T0 + 30_000), 60_000);
    expect(appendSample(list, sample(T0 + 30_000), 60_000)).toBe(list);
    list = appendSample(list, sample(T0 + 70_000), 60_000);
    expect(list.map((s) => s.at)).toEqual([T0 + 30_000, T0 + 70_000]);
  });
});

describe('useMonitorStore', () => {
  it('lists the watched states, reads each one 15 minutes of samples once, and grows them from events', async () => {
    const ipc = fakeIpc({
      'monitor:list': () => ({
        watched: [state(PROD, { latest: sample(T0) }), state(DEV)],
        unwatched: [{ profileId: 'p1', instanceName: 'sql-eu-test-01' }],
      }),
      'monitor:getHistory': (input) => {
        const ref = input as typeof PROD & { range: string };
        expect(ref.range).toBe('15m');
        return {
          ...PROD,
          range: '15m',
          samples: ref.instanceName === PROD.instanceName ? [sample(T0 - 5000), sample(T0)] : [],
          marks: [],
        };
      },
    });
    const store = useMonitorStore();
    await store.load();
    expect(store.watched.map((s) => s.instanceName)).toEqual(['sql-eu-dev-01', 'sql-eu-prod-01']);
    expect(store.isLeftOut({ profileId: 'p1', instanceName: 'sql-eu-test-01' })).toBe(true);
    await until(() => expect(store.recent.get(monitorKey(PROD))?.length).toBe(2));

    ipc.emit(
      'monitor:onDidChange',
      state(PROD, { health: 'blocking', latest: sample(T0 + 5000, { blocked: 2 }) }),
    );
    expect(store.states.get(monitorKey(PROD))?.health).toBe('blocking');
    expect(store.recent.get(monitorKey(PROD))?.map((s) => s.blocked)).toEqual([0, 0, 2]);

    // An hour later, the sparklines keep 15 minutes only.
    ipc.emit('monitor:onDidChange', state(PROD, { latest: sample(T0 + 3_600_000) }));
    expect(store.recent.get(monitorKey(PROD))?.map((s) => s.at)).toEqual([T0 + 3_600_000]);

    await store.load();
    expect(ipc.callsTo('monitor:getHistory')).toHaveLength(2);
  });

  it('keeps the blocking marks of alerts, and shows a signed-out instance until it is left out', async () => {
    let leftOut = false;
    const ipc = fakeIpc({
      'monitor:list': () => ({
        watched: [],
        unwatched: leftOut ? [PROD] : [],
      }),
      'monitor:getHistory': () => ({ ...PROD, range: '15m', samples: [], marks: [] }),
      'monitor:setWatched': (input) => {
        leftOut = !(input as { watched: boolean }).watched;
        return undefined;
      },
    });
    const store = useMonitorStore();
    ipc.emit('monitor:onDidChange', state(PROD, { health: 'signedOut' }));
    const alert: BlockingAlert = {
      ...PROD,
      thresholdSeconds: 30,
      at: T0,
      heads: [{ sessionId: 57, blockedCount: 2, blockingMs: 60_000, depth: 2 }],
    };
    ipc.emit('monitor:onDidRaiseBlockingAlert', alert);
    expect(store.liveMarks.get(monitorKey(PROD))).toEqual([
      { at: T0, sessionId: 57, blockedCount: 2, blockingMs: 60_000 },
    ]);

    await store.load();
    expect(store.watched.map((s) => [s.instanceName, s.health])).toEqual([
      ['sql-eu-prod-01', 'signedOut'],
    ]);

    await store.setWatched(PROD, false);
    expect(ipc.callsTo('monitor:setWatched')).toEqual([{ ...PROD, watched: false }]);
    expect(store.isWatched(PROD)).toBe(false);
    expect(store.isLeftOut(PROD)).toBe(true);
    expect(store.watched).toEqual([]);
  });

  it('says why the list could not be read', async () => {
    fakeIpc({});
    const store = useMonitorStore();
    await expect(store.load()).rejects.toThrow(/No fake/);
    expect(store.error).toBeDefined();
    expect(store.isLoading).toBe(false);
  });

  it('keeps a newer list when an older answer arrives late (the tree menu reads as it opens)', async () => {
    let release: (() => void) | undefined;
    let answers = 0;
    fakeIpc({
      'monitor:list': async () => {
        answers += 1;
        if (answers === 1) {
          // The first read answers last, with the list as it was before the change.
          await new Promise<void>((resolve) => (release = resolve));
          return { watched: [], unwatched: [PROD] };
        }
        return { watched: [state(PROD)], unwatched: [] };
      },
      'monitor:getHistory': () => ({ ...PROD, range: '15m', samples: [], marks: [] }),
    });
    const store = useMonitorStore();
    const stale = store.load();
    await store.load();
    release?.();
    await stale;
    expect(store.isLeftOut(PROD)).toBe(false);
    expect(store.isWatched(PROD)).toBe(true);
  });
});
