import type { BlockingAlert, HeadBlocker } from '../../shared/model/monitor';
import type { PlatformPort } from './platform-port';

/** Options of {@link BlockingNotifier}. */
export interface BlockingNotifierOptions {
  readonly platform: PlatformPort;
  readonly now?: () => number;
  /** The least time between two native notifications of one instance (default 60 s). */
  readonly quietMs?: number;
}

/** 45 s, 1 min 35 s, 2 h 5 min: exact enough to judge a chain, short enough for a notification. */
export function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60)
    return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

function who(head: HeadBlocker): string {
  return head.loginName
    ? `session ${head.sessionId} (${head.loginName})`
    : `session ${head.sessionId}`;
}

/** The words of a blocking alert, the same in the window, the notification and the tray. */
export function blockingAlertText(alert: BlockingAlert): { title: string; body: string } {
  const title = `Blocking on ${alert.instanceName} for more than ${alert.thresholdSeconds} s`;
  const [first, ...rest] = alert.heads;
  if (!first) return { title, body: '' };
  const blocked = first.blockedCount === 1 ? '1 session' : `${first.blockedCount} sessions`;
  const more =
    rest.length === 0 ? '' : ` ${rest.length} more chain${rest.length === 1 ? '' : 's'} too.`;
  return {
    title,
    body: `${who(first)} blocks ${blocked}, the longest for ${duration(first.blockingMs)}.${more}`,
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
