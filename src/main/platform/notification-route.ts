/** How native notifications have fared in this run. */
export interface NotificationHealth {
  /** The system offers notifications at all (Electron's `Notification.isSupported()`). */
  readonly isSupported: boolean;
  /**
   * One failed to show (the Notification's `failed` event): on macOS, Electron posts through
   * UNUserNotificationCenter, which refuses an app that is not code-signed or whose
   * notifications the user turned off; on Windows, a toast that could not be created.
   */
  readonly hasFailed: boolean;
}

/** Where a notification goes: the system's notification centre, or the window's own alert. */
export type NotificationRoute = 'native' | 'in-app';

/**
 * Native while the system takes notifications; in the window from the first failure on, for
 * the rest of the run: a build that cannot post one (unsigned on macOS) fails every time, and
 * a notification the user never sees is worse than one in the window's alert strip.
 */
export function notificationRoute(health: NotificationHealth): NotificationRoute {
  return health.isSupported && !health.hasFailed ? 'native' : 'in-app';
}
