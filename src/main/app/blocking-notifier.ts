import { formatDuration } from '../../shared/format/durations';
import type { BlockingAlert, HeadBlocker } from '../../shared/model/monitor';
import type { PlatformPort } from './platform-port';

/** Options of {@link BlockingNotifier}. */
export interface BlockingNotifierOptions {
  readonly platform: PlatformPort;
  readonly now?: () => number;
  /** The least time between two native notifications of one instance (default 60 s). */
  readonly quietMs?: number;
}

function who(head: HeadBlocker): string {
  return head.loginName
    ? `session ${head.sessionId} (${head.loginName})`
    : `session ${head.sessionId}`;
}

/** The words of a blocking alert, the same in the window, the notification and the tray. */
export function blockingAlertText(alert: BlockingAlert): { title: string; body: string } {
  const threshold = formatDuration(alert.thresholdSeconds * 1000);
  const title = `Blocking on ${alert.instanceName} for more than ${threshold}`;
  const [first, ...rest] = alert.heads;
  if (!first) return { title, body: '' };
  const blocked = first.blockedCount === 1 ? '1 session' : `${first.blockedCount} sessions`;
  const more =
    rest.length === 0 ? '' : ` ${rest.length} more chain${rest.length === 1 ? '' : 's'} too.`;
  return {
    title,
    body: `${who(first)} blocks ${blocked}, the longest for ${formatDuration(first.blockingMs)}.${more}`,
  };
}

/**
 * The native side of blocking alerts: a notification that opens the instance's Sessions view
 * when clicked, at most one per instance per quiet period (a storm of chains is one event for
 * the admin; the window's alert and the tray still show every one).
 */
export class BlockingNotifier {
  readonly #options: BlockingNotifierOptions;
  readonly #lastShown = new Map<string, number>();

  constructor(options: BlockingNotifierOptions) {
    this.#options = options;
  }

  /** Shows the alert natively unless the instance was notified within the quiet period. */
  notify(alert: BlockingAlert): boolean {
    const key = `${alert.profileId}\n${alert.instanceName}`;
    const now = (this.#options.now ?? Date.now)();
    const last = this.#lastShown.get(key);
    if (last !== undefined && now - last < (this.#options.quietMs ?? 60_000)) return false;
    this.#lastShown.set(key, now);
    const { title, body } = blockingAlertText(alert);
    this.#options.platform.notify({
      title,
      body,
      item: { kind: 'sessions', id: alert.instanceName, profileId: alert.profileId },
    });
    return true;
  }
}
