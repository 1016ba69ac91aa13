import { NButton, useNotification } from 'naive-ui';
import { getCurrentScope, h, onScopeDispose } from 'vue';
import type { OpenItem } from '@shared/ipc/events';
import { useIpcClient } from '../api/client';

/**
 * Notifications the system did not show (main's `app:onDidFailNotification`: an unsigned
 * macOS build, notifications turned off, no notification service) appear in the window's
 * alert strip instead, with Open when they point at a transfer, a job or a Sessions view.
 * Mount it once for the app (ActivityHost), inside the notification provider; `open` routes
 * an item as a click on the native notification would.
 */
export function useNotificationFallback(open: (item: OpenItem) => void): void {
  const client = useIpcClient();
  const notification = useNotification();
  const stop = client.on('app:onDidFailNotification', ({ title, body, item }) => {
    const shown = notification.info({
      title,
      content: body,
      duration: 10_000,
      keepAliveOnHover: true,
      ...(item
        ? {
            action: () =>
              h(
                NButton,
                {
                  size: 'small',
                  'data-testid': 'notification-fallback-open',
                  onClick: () => {
                    open(item);
                    shown.destroy();
                  },
                },
                () => 'Open',
              ),
          }
        : {}),
    });
  });
  if (getCurrentScope()) onScopeDispose(stop);
}
