import { computed, type ComputedRef, type Ref } from 'vue';
import type { Session } from '@shared/contract/records/sessions';
import {
  useRowDetails,
  type DetailsLayout,
  type FocusablePane,
  type RowDetails,
} from './use-row-details';
import type { SessionMonitor } from './use-session-monitor';

/** What {@link useSessionDetails} answers: the table's side pane, plus what sessions add. */
export interface SessionDetails extends Omit<RowDetails<Session>, 'gone'> {
  /** True when the shown session is no longer in the snapshot (it ended, or is filtered out). */
  readonly ended: ComputedRef<boolean>;
  /** Why the pane offers no Kill for the shown session, or undefined when it does. */
  readonly killBlockedBy: ComputedRef<string | undefined>;
  /** Shows the session `sessionId` of the snapshot (a blocking link); false when absent. */
  select(sessionId: number): boolean;
}

/** What the view decides about killing. */
export interface DetailsKill {
  readonly readOnly: Readonly<Ref<boolean>>;
  /** False for a session the view cannot kill (read-only profile, background session). */
  readonly canKill: (session: Session) => boolean;
}

/**
 * The session details pane of a session monitor: the side pane every table has (see
 * {@link useRowDetails}), keyed by spid in the table, and known by its spid and login time
 * across snapshots (a spid is reused by a new connection), with what decides its Kill.
 */
export function useSessionDetails(
  monitor: SessionMonitor,
  refs: {
    readonly layout: Readonly<Ref<DetailsLayout | undefined>>;
    readonly pane: Readonly<Ref<FocusablePane | undefined>>;
  },
  kill: DetailsKill,
): SessionDetails {
  const details = useRowDetails<Session>({
    rows: () => monitor.rows.value,
    keyOf: (session) => String(session.sessionId),
    identityOf: (session) => `${session.sessionId}@${session.loginTime}`,
    ...refs,
  });
  const { shown, gone: ended } = details;

  const killBlockedBy = computed(() => {
    const session = shown.value;
    if (!session) return undefined;
    if (ended.value) return 'The session is not in the snapshot.';
    if (kill.readOnly.value) return 'This connection is read-only.';
    return kill.canKill(session) ? undefined : "SQL Server's own sessions cannot be killed.";
  });

  function select(sessionId: number): boolean {
    if (!monitor.rows.value.some((row) => row.sessionId === sessionId)) return false;
    details.current.value = String(sessionId);
    return true;
  }

  return {
    current: details.current,
    shown,
    ended,
    killBlockedBy,
    open: details.open,
    close: details.close,
    select,
  };
}
