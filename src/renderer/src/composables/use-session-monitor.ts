import { computed, ref, shallowRef, type ComputedRef, type Ref } from 'vue';
import type { Session } from '@shared/contract/records/sessions';
import { AppError } from '@shared/errors';
import { filterRows } from '@shared/filter/evaluate';
import { parseFilter } from '@shared/filter/parser';
import type { FilterExpr } from '@shared/filter/ast';
import { buildBlockingForest, type BlockingForest } from '@shared/monitor/blocking-forest';
import { FilterSyntaxError } from '@shared/filter/errors';
import { isSystemSession } from '@shared/monitor/system-sessions';
import { mergeRows } from '../model/lists/frozen-rows';
import { sessionsOfTarget, useSessionsStore, type SessionsTarget } from '../stores/sessions-store';
import { useSessionFeed, type SessionFeed } from './use-session-feed';
import { useStoredFlag } from './use-stored-flag';

/** A session's key across snapshots: a spid is reused by a new connection. */
const sessionKey = (row: Session): string => `${row.sessionId}\n${row.loginTime}`;

/** What {@link useSessionMonitor} answers. */
export interface SessionMonitor {
  /** The last snapshot of the target (its database's sessions only), the filter applied. */
  readonly rows: ComputedRef<readonly Session[]>;
  /**
   * The rows the table shows: without sleeping sessions when hidden, and without the server's
   * own sessions unless shown (a session that blocks others stays either way).
   */
  readonly visibleRows: ComputedRef<readonly Session[]>;
  /** When the snapshot was taken (epoch ms). */
  readonly snapshotAt: Ref<number | undefined>;
  readonly forest: ComputedRef<BlockingForest>;
  readonly error: Ref<AppError | undefined>;
  readonly isLoaded: Ref<boolean>;
  /** The interface's filter in effect (session grammar); set with `applyFilter`. */
  readonly filter: Ref<string>;
  readonly hideSleeping: Ref<boolean>;
  /** Whether SQL Server's own sessions are listed; off by default, kept across restarts. */
  readonly showSystem: Ref<boolean>;
  /** Pause, refresh now, the snapshot's age, and where the snapshots come from. */
  readonly auto: SessionFeed;
  applyFilter(text: string): Promise<void>;
}

/**
 * One session monitor (instance or database): the snapshots of main's monitor (see
 * {@link useSessionFeed}) with pause and age, the interface's filter applied here with the
 * service's grammar, "hide sleeping", and the blocking forest of each snapshot. Snapshots are
 * a shallowRef replaced whole, so 2,000 sessions cost one array swap and no deep reactivity.
 */
export function useSessionMonitor(target: SessionsTarget): SessionMonitor {
  const sessions = useSessionsStore();
  const snapshot = shallowRef<readonly Session[]>([]);
  const snapshotAt = ref<number>();
  const error = ref<AppError>();
  const isLoaded = ref(false);
  const filter = ref('');
  const expression = shallowRef<FilterExpr | null>(null);
  const hideSleeping = ref(false);
  const showSystem = useStoredFlag('sessions:showSystem', false);

  const auto = useSessionFeed({
    target,
    onSnapshot: (all, takenAt) => {
      // Unchanged sessions stay the same objects: the table redoes only the changed rows.
      const next = mergeRows(snapshot.value, sessionsOfTarget(target, all), sessionKey);
      snapshot.value = next;
      snapshotAt.value = takenAt;
      isLoaded.value = true;
      sessions.remember(target, next);
    },
    onError: (next) => (error.value = next),
  });

  const rows = computed(() => filterRows(expression.value, snapshot.value));
  const forest = computed(() => buildBlockingForest(rows.value, snapshotAt.value ?? Date.now()));

  const visibleRows = computed(() => {
    const hideSystem = !showSystem.value;
    if (!hideSleeping.value && !hideSystem) return rows.value;
    const blockers = forest.value.blockerIds;
    return rows.value.filter(
      (s) =>
        blockers.has(s.sessionId) ||
        ((!hideSleeping.value || s.status !== 'sleeping') && (!hideSystem || !isSystemSession(s))),
    );
  });

  function applyFilter(text: string): Promise<void> {
    try {
      // The same grammar the service applies to `sessions:list`, on the snapshot in hand.
      expression.value = parseFilter(text.trim(), 'sessions');
      filter.value = text;
    } catch (caught) {
      // The filter builder validates first; a filter it let through still must not break.
      if (!(caught instanceof FilterSyntaxError)) throw caught;
      error.value = new AppError({ code: 'VALIDATION', message: caught.message });
    }
    return Promise.resolve();
  }

  return {
    rows,
    visibleRows,
    snapshotAt,
    forest,
    error,
    isLoaded,
    filter,
    hideSleeping,
    showSystem,
    auto,
    applyFilter,
  };
}
