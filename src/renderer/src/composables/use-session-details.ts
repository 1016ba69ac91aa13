import {
  computed,
  nextTick,
  shallowRef,
  type ComputedRef,
  type Ref,
  type WritableComputedRef,
} from 'vue';
import type { Session } from '@shared/contract/records/sessions';
import type { SessionMonitor } from './use-session-monitor';

/** What {@link useSessionDetails} answers. */
export interface SessionDetails {
  /** The session the pane shows: as the snapshot has it now, else as it was last seen. */
  readonly shown: ComputedRef<Session | undefined>;
  /** True when the shown session is no longer in the snapshot (it ended, or is filtered out). */
  readonly ended: ComputedRef<boolean>;
  /** Why the pane offers no Kill for the shown session, or undefined when it does. */
  readonly killBlockedBy: ComputedRef<string | undefined>;
  /**
   * The session table's current row (its `v-model:current`, the spid): the session shown.
   * Setting a spid shows it; clearing it closes the pane.
   */
  readonly current: WritableComputedRef<string | undefined>;
  /** A double-click or Enter on the session's row: shows it and moves the focus into the pane. */
  open(session: Session): void;
  /** Shows the session `sessionId` of the snapshot (a blocking link); false when absent. */
  select(sessionId: number): boolean;
  close(): void;
}

/** The pane's focus: where the keyboard goes when it opens and when it closes. */
export interface DetailsFocus {
  /** Moves the focus into the pane. */
  readonly enter: () => void;
  /** The element around the table (its rows get the focus back). */
  readonly table: Readonly<Ref<HTMLElement | undefined>>;
  /** The element around the pane. */
  readonly pane: Readonly<Ref<HTMLElement | undefined>>;
}

/** What the view decides about killing. */
export interface DetailsKill {
  readonly readOnly: Readonly<Ref<boolean>>;
  /** False for a session the view cannot kill (read-only profile, background session). */
  readonly canKill: (session: Session) => boolean;
}

/**
 * The session details pane of a session monitor. A session is known by its spid and login
 * time (a spid is reused by a new connection). The table's current row is the session shown;
 * opening a row moves the focus into the pane, and closing it from inside gives the focus
 * back to the session's row.
 */
export function useSessionDetails(
  monitor: SessionMonitor,
  focus: DetailsFocus,
  kill: DetailsKill,
): SessionDetails {
  const picked = shallowRef<Session>();
  const current = computed(() => {
    const seen = picked.value;
    if (!seen) return undefined;
    return monitor.rows.value.find(
      (row) => row.sessionId === seen.sessionId && row.loginTime === seen.loginTime,
    );
  });
  const shown = computed(() => current.value ?? picked.value);
  const ended = computed(() => picked.value !== undefined && current.value === undefined);

  const killBlockedBy = computed(() => {
    const session = shown.value;
    if (!session) return undefined;
    if (ended.value) return 'The session is not in the snapshot.';
    if (kill.readOnly.value) return 'This connection is read-only.';
    return kill.canKill(session) ? undefined : "SQL Server's own sessions cannot be killed.";
  });

  function select(sessionId: number): boolean {
    const session = monitor.rows.value.find((row) => row.sessionId === sessionId);
    if (session) picked.value = session;
    return session !== undefined;
  }

  function close(): void {
    const spid = picked.value?.sessionId;
    const wasInside = focus.pane.value?.contains(document.activeElement) ?? false;
    picked.value = undefined;
    if (!wasInside || spid === undefined) return;
    const row = focus.table.value?.querySelector<HTMLElement>(`tr[data-row-key="${spid}"]`);
    row?.focus();
  }

  const currentKey = computed({
    get: () => (picked.value === undefined ? undefined : String(picked.value.sessionId)),
    set: (key: string | undefined) => {
      if (key === undefined) close();
      else select(Number(key));
    },
  });

  function open(session: Session): void {
    picked.value = session;
    void nextTick(focus.enter);
  }

  return { shown, ended, killBlockedBy, current: currentKey, open, select, close };
}
