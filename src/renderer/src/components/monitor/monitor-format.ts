import { formatDuration } from '@shared/format/durations';
import { formatClockTime, type TimeOptions } from '@shared/format/times';
import type { InstanceMonitorState, MonitorHealth } from '@shared/model/monitor';
import type { TagType } from '@renderer/model/display/status-tags';

const HEALTH: Readonly<Record<MonitorHealth, { label: string; type: TagType }>> = {
  starting: { label: 'Starting', type: 'info' },
  ok: { label: 'OK', type: 'success' },
  blocking: { label: 'Blocking', type: 'error' },
  stale: { label: 'Stale', type: 'warning' },
  signedOut: { label: 'Signed out', type: 'default' },
};

/**
 * The health tag of a row: `OK`, `Blocking`, `Stale since 10:42:07` (the date too when that
 * was not today, at `now`), `Signed out`, `Starting`.
 */
export function healthLabel(
  state: InstanceMonitorState,
  options: TimeOptions = {},
  now = Date.now(),
): string {
  if (state.health === 'stale' && state.staleSince !== undefined) {
    return `Stale since ${formatClockTime(state.staleSince, now, options)}`;
  }
  return HEALTH[state.health].label;
}

/** The tag colour of a health. */
export function healthType(health: MonitorHealth): TagType {
  return HEALTH[health].type;
}

/** What the tag's tooltip says: why the samples fail, or the head blockers. */
export function healthDetail(state: InstanceMonitorState, options: TimeOptions = {}): string {
  if (state.problem && (state.health === 'stale' || state.health === 'signedOut')) {
    return state.problem;
  }
  if (state.health === 'signedOut') return 'The profile is not signed in: sign in to monitor it.';
  if (state.heads.length === 0) return healthLabel(state, options);
  return state.heads
    .slice(0, 3)
    .map(
      (head) =>
        `Session ${head.sessionId}${head.loginName ? ` (${head.loginName})` : ''} blocks ${head.blockedCount} for ${formatWait(head.blockingMs)}`,
    )
    .join('\n');
}

/** A wait: `—` when none, else a duration (`45 s`, `3 min 05 s`, `2 h 10 min`). */
export function formatWait(ms: number): string {
  return ms > 0 ? formatDuration(ms) : '—';
}
