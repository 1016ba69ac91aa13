import { computed, ref, shallowRef, type ComputedRef, type Ref, type ShallowRef } from 'vue';
import type { Session } from '../../../shared/contract/records/sessions';
import type { AppError } from '../../../shared/errors';
import { useSessionsStore, type SessionsTarget } from '../stores/sessions-store';
import { useSettingsStore } from '../stores/settings-store';
import { asAppError } from '../api/app-error';
import { useAutoRefresh, type AutoRefresh } from './use-auto-refresh';
import { buildBlockingForest, type BlockingForest } from '../../../shared/monitor/blocking-forest';

/** What {@link useSessionMonitor} answers. */
export interface SessionMonitor {
  /** The last snapshot, as the service answered it (the filter applied). */
  readonly rows: ShallowRef<readonly Session[]>;
  /** The rows the table shows: without sleeping sessions when hidden (blockers stay). */
  readonly visibleRows: ComputedRef<readonly Session[]>;
  /** When the snapshot was taken (epoch ms). */
  readonly snapshotAt: Ref<number | undefined>;
  readonly forest: ComputedRef<BlockingForest>;
  readonly error: Ref<AppError | undefined>;
  readonly isLoaded: Ref<boolean>;
  /** The interface's filter in effect (session grammar); set with `applyFilter`. */
  readonly filter: Ref<string>;
  readonly hideSleeping: Ref<boolean>;
  readonly auto: AutoRefresh;
  applyFilter(text: string): Promise<void>;
}

/**
 * One session monitor (instance or database): snapshots every N seconds (the
 * `sessionRefreshSeconds` setting) with pause and age, the interface's filter, "hide
 * sleeping", and the blocking forest of each snapshot. Rows are a shallowRef replaced whole on
 * every refresh, so 2,000 sessions cost one array swap and no deep reactivity.
 */
export function useSessionMonitor(target: SessionsTarget): SessionMonitor {
  const sessions = useSessionsStore();
  const settings = useSettingsStore();
  const rows = shallowRef<readonly Session[]>([]);
  const snapshotAt = ref<number>();
  const error = ref<AppError>();
  const isLoaded = ref(false);
  const filter = ref('');
  const hideSleeping = ref(false);

  async function refresh(): Promise<void> {
    try {
      const next = await sessions.list(target, filter.value);
      rows.value = next;
      sessions.remember(target, next);
      snapshotAt.value = Date.now();
      error.value = undefined;
      isLoaded.value = true;
    } catch (caught) {
      error.value = asAppError(caught);
      throw caught;
    }
  }

  const auto = useAutoRefresh({
    intervalSeconds: computed(() => settings.settings.sessionRefreshSeconds),
    refresh,
  });

  const forest = computed(() => buildBlockingForest(rows.value, snapshotAt.value ?? Date.now()));

  const visibleRows = computed(() => {
    if (!hideSleeping.value) return rows.value;
    const blockers = forest.value.blockerIds;
    return rows.value.filter((s) => s.status !== 'sleeping' || blockers.has(s.sessionId));
  });

  async function applyFilter(text: string): Promise<void> {
    filter.value = text;
    await auto.refreshNow();
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
    auto,
    applyFilter,
  };
}
