import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import {
  MONITOR_RANGE_MS,
  type BlockingAlert,
  type BlockingMark,
  type InstanceMonitorState,
  type MonitorHistory,
  type MonitorInstanceRef,
  type MonitorRange,
  type MonitorSample,
} from '@shared/model/monitor';
import { useIpcClient } from '../api/client';

/** The key of an instance of a profile in the store's maps. */
export function monitorKey(ref: MonitorInstanceRef): string {
  return `${ref.profileId}\n${ref.instanceName}`;
}

/** How far back the rows' sparklines reach. */
const RECENT_RANGE: MonitorRange = '15m';

/** Adds `sample` to `list` (ordered by time) and drops what is older than the range. */
export function appendSample(
  list: readonly MonitorSample[],
  sample: MonitorSample,
  rangeMs: number,
): readonly MonitorSample[] {
  const last = list[list.length - 1];
  if (last && last.at >= sample.at) return list;
  const from = sample.at - rangeMs;
  const first = list.findIndex((s) => s.at >= from);
  return [...(first < 0 ? [] : list.slice(first)), sample];
}

/** The marks of an alert, as main records them in the history. */
function marksOf(alert: BlockingAlert): BlockingMark[] {
  return alert.heads.map((head) => ({
    at: alert.at,
    sessionId: head.sessionId,
    blockedCount: head.blockedCount,
    blockingMs: head.blockingMs,
  }));
}

/**
 * The monitor's view of main's always-on monitor: the watched instances' live states
 * (`monitor:list`, then patched by every `monitor:onDidChange`), the instances left out, the
 * last 15 minutes of samples of each instance for the rows' sparklines (read once, then grown
 * from the events' latest samples), the blocking marks raised since, and an instance's
 * history over a range for the large chart. States and samples sit in shallow refs: a sample
 * every few seconds replaces a map, it does not walk deep reactive arrays.
 */
export const useMonitorStore = defineStore('monitor', () => {
  const client = useIpcClient();
  const states = shallowRef(new Map<string, InstanceMonitorState>());
  const unwatched = shallowRef<readonly MonitorInstanceRef[]>([]);
  const recent = shallowRef(new Map<string, readonly MonitorSample[]>());
  const liveMarks = shallowRef(new Map<string, readonly BlockingMark[]>());
  const isLoading = ref(false);
  const error = shallowRef<unknown>();
  /** Instances whose recent samples were asked for (once each). */
  const recentAsked = new Set<string>();

  function upsert(state: InstanceMonitorState): void {
    const key = monitorKey(state);
    states.value = new Map(states.value).set(key, state);
    if (state.latest) addRecent(key, state.latest);
    if (!recentAsked.has(key)) void ensureRecent(state);
  }

  function addRecent(key: string, sample: MonitorSample): void {
    const list = recent.value.get(key) ?? [];
    const next = appendSample(list, sample, MONITOR_RANGE_MS[RECENT_RANGE]);
    if (next !== list) recent.value = new Map(recent.value).set(key, next);
  }

  client.on('monitor:onDidChange', upsert);
  client.on('monitor:onDidRaiseBlockingAlert', (alert) => {
    const key = monitorKey(alert);
    const marks = [...(liveMarks.value.get(key) ?? []), ...marksOf(alert)];
    liveMarks.value = new Map(liveMarks.value).set(key, marks.slice(-500));
  });

  /** Reads the 15 minutes of samples of an instance once; samples seen meanwhile are kept. */
  async function ensureRecent(ref: MonitorInstanceRef): Promise<void> {
    const key = monitorKey(ref);
    if (recentAsked.has(key)) return;
    recentAsked.add(key);
    try {
      const history = await client.invoke('monitor:getHistory', {
        profileId: ref.profileId,
        instanceName: ref.instanceName,
        range: RECENT_RANGE,
      });
      const seen = recent.value.get(key) ?? [];
      let list: readonly MonitorSample[] = [];
      for (const sample of [...history.samples, ...seen].sort((a, b) => a.at - b.at)) {
        list = appendSample(list, sample, MONITOR_RANGE_MS[RECENT_RANGE]);
      }
      recent.value = new Map(recent.value).set(key, list);
    } catch {
      // No sparkline history (the instance went away): the live samples still draw one.
      recentAsked.delete(key);
    }
  }

  /** The number of the latest load: an older answer arriving late must not undo a newer one. */
  let loads = 0;

  /**
   * Reads the list again. Instances signed out since stay listed as such (main forgets them),
   * unless they were left out. Throws AppError.
   */
  async function load(): Promise<void> {
    isLoading.value = true;
    const mine = (loads += 1);
    try {
      const list = await client.invoke('monitor:list');
      if (mine !== loads) return;
      const next = new Map(list.watched.map((state) => [monitorKey(state), state]));
      const left = new Set(list.unwatched.map(monitorKey));
      for (const [key, state] of states.value) {
        if (!next.has(key) && !left.has(key) && state.health === 'signedOut') next.set(key, state);
      }
      states.value = next;
      unwatched.value = list.unwatched;
      error.value = undefined;
      for (const state of list.watched) void ensureRecent(state);
    } catch (caught) {
      error.value = caught;
      throw caught;
    } finally {
      isLoading.value = false;
    }
  }

  /** Watches an instance again, or leaves it out (kept in settings per profile). Throws AppError. */
  async function setWatched(ref: MonitorInstanceRef, watched: boolean): Promise<void> {
    const input = { profileId: ref.profileId, instanceName: ref.instanceName, watched };
    await client.invoke('monitor:setWatched', input);
    const key = monitorKey(ref);
    if (!watched) {
      const next = new Map(states.value);
      next.delete(key);
      states.value = next;
      const samples = new Map(recent.value);
      samples.delete(key);
      recent.value = samples;
      // Main forgets its history too: a later "watch" starts a new one.
      recentAsked.delete(key);
    }
    await load();
  }

  /** An instance's samples and marks over a range (the large chart). Throws AppError. */
  function history(ref: MonitorInstanceRef, range: MonitorRange): Promise<MonitorHistory> {
    return client.invoke('monitor:getHistory', {
      profileId: ref.profileId,
      instanceName: ref.instanceName,
      range,
    });
  }

  /** True when the monitor watches the instance (false when left out or unknown). */
  function isWatched(ref: MonitorInstanceRef): boolean {
    return states.value.has(monitorKey(ref));
  }

  /** True when the instance is known to be left out. */
  function isLeftOut(ref: MonitorInstanceRef): boolean {
    const key = monitorKey(ref);
    return unwatched.value.some((other) => monitorKey(other) === key);
  }

  /** The watched instances, by profile and name. */
  const watched = computed(() =>
    [...states.value.values()].sort(
      (a, b) =>
        a.profileId.localeCompare(b.profileId) || a.instanceName.localeCompare(b.instanceName),
    ),
  );

  return {
    states,
    unwatched,
    recent,
    liveMarks,
    isLoading,
    error,
    watched,
    load,
    ensureRecent,
    setWatched,
    history,
    isWatched,
    isLeftOut,
  };
});
