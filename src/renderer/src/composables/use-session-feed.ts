import {
  computed,
  effectScope,
  getCurrentScope,
  onScopeDispose,
  ref,
  shallowRef,
  watch,
  type Ref,
} from 'vue';
import type { Session } from '@shared/contract/records/sessions';
import type { MonitorSessions } from '@shared/model/monitor';
import { AppError } from '@shared/errors';
import { asAppError } from '../api/app-error';
import { useSessionsStore, type SessionsTarget } from '../stores/sessions-store';
import { useSettingsStore } from '../stores/settings-store';
import { AGE_TICK_MS, useAutoRefresh, type AutoRefresh } from './use-auto-refresh';
import { catchUpSharedNow, useSharedNow } from './use-shared-now';

/**
 * Where a Sessions view's snapshots come from: main's monitor, or (the user left the
 * instance out of the monitor) the view's own reads of the service.
 */
type SessionSource = 'monitor' | 'direct';

/** Options of {@link useSessionFeed}. */
export interface SessionFeedOptions {
  readonly target: SessionsTarget;
  /** A snapshot arrived: the sessions read (the instance's, or the database's) and when. */
  readonly onSnapshot: (sessions: readonly Session[], takenAt: number) => void;
  /** Why the last read (or the monitor's last sample) failed; undefined once one succeeds. */
  readonly onError: (error: AppError | undefined) => void;
}

/**
 * What {@link useSessionFeed} answers: the controls of an auto-refresh (pause, refresh now,
 * the snapshot's age) and where the snapshots come from.
 */
export interface SessionFeed extends AutoRefresh {
  /** undefined until the monitor first answered. */
  readonly source: Ref<SessionSource | undefined>;
}

/** The error a view shows for a monitor whose samples fail (the data is the last good one). */
function sampleProblem(snapshot: MonitorSessions): AppError | undefined {
  if (snapshot.health !== 'stale' && snapshot.health !== 'signedOut') return undefined;
  return new AppError({
    code: snapshot.health === 'stale' ? 'UNAVAILABLE' : 'AUTH_REQUIRED',
    message: snapshot.problem ?? 'The monitor could not read the sessions of this instance.',
  });
}

/** The view's own reads, every N seconds, for an instance the monitor does not watch. */
function useDirectReads(options: SessionFeedOptions, lastSuccessAt: Ref<number | undefined>) {
  const sessions = useSessionsStore();
  const settings = useSettingsStore();
  // Built lazily (most instances are watched) in a scope that ends with the caller's.
  const scope = effectScope();
  const reads = shallowRef<AutoRefresh>();
  async function refresh(): Promise<void> {
    try {
      const rows = await sessions.list(options.target);
      lastSuccessAt.value = Date.now();
      options.onSnapshot(rows, lastSuccessAt.value);
      options.onError(undefined);
    } catch (caught) {
      options.onError(asAppError(caught));
      throw caught;
    }
  }
  function start(isPaused: boolean): AutoRefresh | undefined {
    reads.value ??= scope.run(() =>
      useAutoRefresh({
        intervalSeconds: computed(() => settings.settings.sessionRefreshSeconds),
        refresh,
        paused: true,
      }),
    );
    if (isPaused) void reads.value?.refreshNow();
    else reads.value?.resume();
    return reads.value;
  }
  return { reads, start, stop: () => reads.value?.pause() };
}

/** The state a feed shows, shared by its two ways of reading. */
interface FeedState {
  readonly source: Ref<SessionSource | undefined>;
  readonly isPaused: Ref<boolean>;
  /** A read of the monitor (or a sample asked of it) is under way. */
  readonly isReading: Ref<boolean>;
  readonly lastSuccessAt: Ref<number | undefined>;
  readonly now: Readonly<Ref<number>>;
}

/** Reading the monitor's samples: `read` now, `sampleNow`, and what a change of them does. */
function monitorReads(options: SessionFeedOptions, state: FeedState, fallBack: () => void) {
  const sessions = useSessionsStore();
  /** A sample was asked for: take the next change even while paused. */
  let awaitingSample = false;
  /** When the newest sample shown was taken (answers can cross). */
  let newestSample = 0;

  function take(snapshot: MonitorSessions, asked: boolean): void {
    // Left out while this read was under way: the view's own reads serve now.
    if (state.source.value === 'direct') return;
    state.source.value = 'monitor';
    // Paused while this read was under way: what the user paused on stays until they ask.
    if (state.isPaused.value && !asked && newestSample > 0) {
      state.isReading.value = awaitingSample;
      return;
    }
    const { takenAt } = snapshot;
    if (takenAt !== undefined && takenAt >= newestSample) {
      newestSample = takenAt;
      state.lastSuccessAt.value = takenAt;
      catchUpSharedNow(AGE_TICK_MS);
      options.onSnapshot(snapshot.sessions, takenAt);
    }
    options.onError(sampleProblem(snapshot));
    // No sample yet: the first one is on its way and its change will be taken.
    awaitingSample = takenAt === undefined;
    state.isReading.value = awaitingSample;
  }

  function failed(caught: unknown): void {
    awaitingSample = false;
    const error = asAppError(caught);
    if (error.code === 'NOT_FOUND') return fallBack();
    state.isReading.value = false;
    options.onError(error);
  }

  /** Reads the last sample; `asked`: the user asked for it (a refresh), so pause lets it in. */
  async function read(asked = false): Promise<void> {
    state.isReading.value = true;
    try {
      take(await sessions.monitored(options.target), asked);
    } catch (caught) {
      failed(caught);
    }
  }

  async function sampleNow(): Promise<void> {
    state.isReading.value = true;
    awaitingSample = true;
    try {
      await sessions.sampleNow(options.target);
    } catch (caught) {
      failed(caught);
    }
  }

  /** A sample of the instance arrived: read it, unless paused and nobody asked for it. */
  function onSample(): void {
    if (state.isPaused.value && !awaitingSample) return;
    const asked = awaitingSample;
    awaitingSample = false;
    void read(asked);
  }

  return { read, sampleNow, onSample };
}

/**
 * Calls `onLeftOut` when the user leaves the target's instance out of the monitor (the
 * `unwatchedInstances` setting): its samples stop without a last change to tell the view.
 */
function whenLeftOut(target: SessionsTarget, onLeftOut: () => void): void {
  const settings = useSettingsStore();
  watch(
    () =>
      settings.settings.unwatchedInstances[target.profileId]?.includes(target.instanceName) ??
      false,
    (isLeftOut) => {
      if (isLeftOut) onLeftOut();
    },
  );
}

/**
 * The snapshots of one Sessions view. Main's monitor samples every watched instance once per
 * interval, whoever looks: the view reads the last sample (`monitor:getSessions`) when it
 * opens and after every `monitor:onDidChange` of its instance, and "refresh" asks the monitor
 * for a sample now; it has no timer of its own. Pausing stops the view's updates, never the
 * monitor. When the monitor does not watch the instance (NOT_FOUND), the view reads
 * `sessions:list` itself every N seconds until the instance is watched again.
 */
export function useSessionFeed(options: SessionFeedOptions): SessionFeed {
  const sessions = useSessionsStore();
  const { target } = options;
  const state: FeedState = {
    source: ref<SessionSource>(),
    isPaused: ref(false),
    isReading: ref(false),
    lastSuccessAt: ref<number>(),
    now: useSharedNow(AGE_TICK_MS),
  };
  const { source, isPaused, lastSuccessAt, now } = state;
  const direct = useDirectReads(options, lastSuccessAt);
  const fallBack = (): void => {
    source.value = 'direct';
    state.isReading.value = false;
    direct.start(isPaused.value);
  };
  const monitor = monitorReads(options, state, fallBack);
  whenLeftOut(target, () => {
    if (source.value === 'monitor') fallBack();
  });

  const stop = sessions.onDidSample((sampled) => {
    if (sampled.profileId !== target.profileId || sampled.instanceName !== target.instanceName) {
      return;
    }
    if (source.value !== 'direct') return monitor.onSample();
    // Watched again: the monitor's samples serve, the view's own reads stop.
    direct.stop();
    source.value = undefined;
    void monitor.read();
  });
  if (getCurrentScope()) onScopeDispose(stop);
  void monitor.read();

  const isDirect = (): boolean => source.value === 'direct' && direct.reads.value !== undefined;
  return {
    source,
    isPaused,
    isRefreshing: computed(
      () => state.isReading.value || (direct.reads.value?.isRefreshing.value ?? false),
    ),
    lastSuccessAt,
    ageSeconds: computed(() =>
      lastSuccessAt.value === undefined
        ? undefined
        : Math.max(0, Math.floor((now.value - lastSuccessAt.value) / 1000)),
    ),
    pause: () => {
      isPaused.value = true;
      if (isDirect()) direct.stop();
    },
    resume: () => {
      isPaused.value = false;
      if (isDirect()) direct.reads.value?.resume();
      else void monitor.read();
    },
    refreshNow: () =>
      isDirect() ? (direct.reads.value?.refreshNow() ?? Promise.resolve()) : monitor.sampleNow(),
  };
}
