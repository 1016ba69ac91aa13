import { computed, ref, type ComputedRef, type Ref } from 'vue';
import type { Session } from '@shared/contract/records/sessions';
import { useCommands } from './use-commands';
import type { SessionMonitor } from './use-session-monitor';
import type { QuickPickItem } from '../model/navigation/quick-pick';
import { sessionLabel } from '../model/navigation/jump-entries';

/** What the session commands act on (the view's state). */
export interface SessionCommandContext {
  readonly monitor: SessionMonitor;
  readonly readOnly: Readonly<Ref<boolean>>;
  /** False for a session the row menu cannot kill (read-only profile, background session). */
  readonly canKill: (session: Session) => boolean;
  /** Opens the view's guarded kill confirmation for a session. */
  readonly askKill: (session: Session) => void;
  /** Shows the kill log: the session kills of the audit trail. */
  readonly showKillLog: () => void;
}

/** What {@link useSessionCommands} answers: the state of the "Kill session…" picker. */
export interface SessionCommands {
  readonly isKillPickOpen: Ref<boolean>;
  /** The sessions the table shows, head blockers first; empty while the picker is closed. */
  readonly killItems: ComputedRef<QuickPickItem[]>;
  /** Asks to kill the picked session (by spid) through the view's confirmation. */
  readonly pickKill: (key: string) => void;
}

/** The tag of a session in the picker: its part in blocking, else its status. */
function roleOf(session: Session, blockers: ReadonlySet<number>, blocked: ReadonlySet<number>) {
  if (blocked.has(session.sessionId)) return 'blocked';
  return blockers.has(session.sessionId) ? 'head blocker' : session.status;
}

/** The sessions the table shows, head blockers first, as items of the "Kill session…" picker. */
function killPickItems(
  monitor: SessionMonitor,
  canKill: (session: Session) => boolean,
): QuickPickItem[] {
  const { heads, blockerIds, blockedIds } = monitor.forest.value;
  const headIds = new Set(heads.map((head) => head.sessionId));
  const rows = monitor.visibleRows.value;
  const ordered = [
    ...rows.filter((s) => headIds.has(s.sessionId)),
    ...rows.filter((s) => !headIds.has(s.sessionId)),
  ];
  return ordered.map((session) => ({
    key: String(session.sessionId),
    label: sessionLabel(session),
    group: roleOf(session, blockerIds, blockedIds),
    description: [session.databaseName, session.programName].filter(Boolean).join(' · '),
    disabled: !canKill(session),
    keywords: [session.status],
  }));
}

/**
 * Registers the session monitor's actions with the command palette (while the view is open):
 * refresh, pause, the kill log, "hide / show sleeping sessions" (the view's switch), and
 * "Kill session…", which lists the sessions in a picker and then opens the same confirmation
 * as the row menu (which reads the session again before killing it).
 */
export function useSessionCommands(context: SessionCommandContext): SessionCommands {
  const { monitor, readOnly, canKill, askKill, showKillLog } = context;
  const { auto, hideSleeping } = monitor;
  const { registerCommand } = useCommands();
  const group = 'Sessions';
  const isKillPickOpen = ref(false);

  registerCommand({
    id: 'sessions.refresh',
    title: 'Refresh sessions',
    group,
    run: () => auto.refreshNow(),
  });
  registerCommand({
    id: 'sessions.pause',
    title: 'Pause or resume the session auto-refresh',
    group,
    run: () => (auto.isPaused.value ? auto.resume() : auto.pause()),
  });
  registerCommand({
    id: 'sessions.killLog',
    title: 'Show the kill log (session kills in the audit trail)',
    group,
    run: showKillLog,
  });
  registerCommand({
    id: 'sessions.toggleSleeping',
    get title() {
      return hideSleeping.value ? 'Show sleeping sessions' : 'Hide sleeping sessions';
    },
    group,
    keywords: ['sleeping', 'idle', 'hide', 'show'],
    run: () => void (hideSleeping.value = !hideSleeping.value),
  });
  registerCommand({
    id: 'sessions.kill',
    title: 'Kill session…',
    group,
    keywords: ['terminate', 'spid', 'blocker'],
    enabled: () => !readOnly.value,
    run: () => void (isKillPickOpen.value = true),
  });

  const killItems = computed<QuickPickItem[]>(() =>
    isKillPickOpen.value ? killPickItems(monitor, canKill) : [],
  );

  function pickKill(key: string): void {
    const session = monitor.rows.value.find((row) => String(row.sessionId) === key);
    if (session) askKill(session);
  }

  return { isKillPickOpen, killItems, pickKill };
}
