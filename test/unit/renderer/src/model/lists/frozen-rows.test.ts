import { afterEach, describe, expect, it } from 'vitest';
import { effectScope, isReactive, type EffectScope } from 'vue';
import type { Session } from '@shared/contract/records/sessions';
import { useSessionMonitor } from '@renderer/composables/use-session-monitor';
import { createSearchIndexer, type ResourceColumn } from '@renderer/model/tables/resource-table';
import { freezeRows, mergeRows } from '@renderer/model/lists/frozen-rows';
import { createInstanceList } from '@renderer/model/lists/instance-list';
import { createListCache } from '@renderer/model/lists/list-cache';
import { activityIpc } from '../../../../../support/renderer/activity-fake-ipc';
import { settle } from '../../../../../support/renderer/resources-fake-ipc';

interface Row {
  readonly id: string;
  readonly size: number;
  readonly tags?: readonly string[];
}

const rowsOf = (...sizes: number[]): Row[] => sizes.map((size, i) => ({ id: `r${i}`, size }));
const byId = (row: Row): string => row.id;

describe('mergeRows', () => {
  it('keeps unchanged rows by identity and freezes the rows and the array', () => {
    const before = freezeRows(rowsOf(1, 2, 3));
    const after = mergeRows(before, rowsOf(1, 20, 3), byId);
    expect(after).not.toBe(before);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]).toEqual({ id: 'r1', size: 20 });
    expect(after[2]).toBe(before[2]);
    expect(Object.isFrozen(after)).toBe(true);
    expect(after.every((row) => Object.isFrozen(row))).toBe(true);
  });

  it('answers the same array when nothing changed, and follows moves, adds and removals', () => {
    const before = freezeRows(rowsOf(1, 2, 3));
    expect(mergeRows(before, rowsOf(1, 2, 3), byId)).toBe(before);
    const moved = mergeRows(
      before,
      [
        { id: 'r2', size: 3 },
        { id: 'r9', size: 9 },
      ],
      byId,
    );
    expect(moved[0]).toBe(before[2]);
    expect(moved).toHaveLength(2);
    // Nested values compare by content.
    const tagged = freezeRows([{ id: 'a', size: 1, tags: ['x'] }]);
    expect(mergeRows(tagged, [{ id: 'a', size: 1, tags: ['x'] }], byId)).toBe(tagged);
    expect(mergeRows(tagged, [{ id: 'a', size: 1, tags: ['y'] }], byId)[0]).not.toBe(tagged[0]);
  });
});

describe('list stores hold frozen, non-reactive rows', () => {
  it('an instance list keeps unchanged rows across a reload', async () => {
    let answer = rowsOf(1, 2, 3);
    const list = createInstanceList<Row>({
      viewName: 'the test view',
      keyOf: byId,
      fetch: () => Promise.resolve(answer),
    });
    list.select({ profileId: 'p1', instanceName: 'i1' });
    await list.load();
    const first = list.items.value;
    expect(Object.isFrozen(first)).toBe(true);
    expect(isReactive(first[0])).toBe(false);
    expect(() => {
      (first[0] as { size: number }).size = 5;
    }).toThrow(TypeError);
    answer = rowsOf(1, 2, 30);
    await list.load();
    expect(list.items.value[0]).toBe(first[0]);
    expect(list.items.value[1]).toBe(first[1]);
    expect(list.items.value[2]).toEqual({ id: 'r2', size: 30 });
  });

  it('a list cache keeps unchanged rows and freezes them', async () => {
    const cache = createListCache<Row>(byId);
    await cache.load('k', () => Promise.resolve(rowsOf(1, 2)));
    const first = cache.entry('k').items;
    cache.set('k', [first[0] as Row, { id: 'r1', size: 7 }]);
    const second = cache.entry('k').items;
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toEqual({ id: 'r1', size: 7 });
    expect(Object.isFrozen(second) && Object.isFrozen(second[1])).toBe(true);
    expect(isReactive(cache.entries.value)).toBe(false);
  });
});

describe('createSearchIndexer', () => {
  it('formats a row once while the row and the columns stay the same', () => {
    let calls = 0;
    const columns: ResourceColumn<Row>[] = [
      { key: 'id', title: 'Id' },
      { key: 'size', title: 'Size', searchText: (row) => (calls++, `${row.size} MB`) },
    ];
    const index = createSearchIndexer<Row>();
    const rows = freezeRows(rowsOf(1, 2));
    expect(index(rows, columns)).toEqual(['r0 1 mb', 'r1 2 mb']);
    expect(calls).toBe(2);
    const next = mergeRows(rows, rowsOf(1, 3), byId);
    expect(index(next, columns)).toEqual(['r0 1 mb', 'r1 3 mb']);
    expect(calls).toBe(3);
    index(next, [...columns]);
    expect(calls).toBe(5);
  });
});

function session(id: number, cpuTime = 10): Session {
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
    cpuTime,
    memoryUsage: 2,
    executingSql: null,
    blockingSessionId: 0,
  };
}

let scope: EffectScope | undefined;
afterEach(() => scope?.stop());

describe('useSessionMonitor refresh', () => {
  it('a sample with one changed session keeps the other session objects', async () => {
    const instance = { profileId: 'p1', instanceName: 'sql-eu-prod-01' };
    const main = {
      takenAt: 1_000,
      health: 'ok',
      sessions: [session(51), session(52), session(53)],
    };
    const ipc = activityIpc({
      'monitor:getSessions': () => ({ ...instance, ...main }),
      'monitor:sampleNow': () => undefined,
    });
    scope = effectScope();
    const monitor = scope.run(() => useSessionMonitor(instance));
    if (!monitor) throw new Error('no scope');
    await settle();
    const first = monitor.rows.value;
    expect(first.every((row) => Object.isFrozen(row) && !isReactive(row))).toBe(true);
    main.sessions = [session(51), session(52, 99), session(53)];
    main.takenAt = 2_000;
    ipc.emit('monitor:onDidChange', { ...instance, health: 'ok', heads: [] });
    await settle();
    const second = monitor.rows.value;
    expect(second.map((row) => row.cpuTime)).toEqual([10, 99, 10]);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[2]).toBe(first[2]);
  });
});
