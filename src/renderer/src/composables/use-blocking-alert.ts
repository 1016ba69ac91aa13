import { NButton, useNotification } from 'naive-ui';
import { getCurrentScope, h, onScopeDispose } from 'vue';
import { formatDuration } from '@shared/format/durations';
import { formatClockTime } from '@shared/format/times';
import type { BlockingAlert } from '@shared/model/monitor';
import type { BlockingNode } from '@shared/monitor/blocking-forest';
import { useIpcClient } from '../api/client';
import { timeAttrs } from '../model/display/time-attrs';
import { useNavigationStore } from '../stores/navigation-store';
import { useTimeOptions } from './use-time-options';

/** What an alert says of one head blocker (a monitor's HeadBlocker, or a view's node). */
interface AlertedHead {
  readonly sessionId: number;
  /** Undefined when the head is not in the snapshot. */
  readonly loginName?: string | undefined;
  readonly blockedCount: number;
  readonly blockingMs: number;
}

/** The text of an alert about one head blocker. */
function headAlertText(head: AlertedHead, instanceName: string): string {
  const who = head.loginName ?? 'a session not in the snapshot';
  const count = head.blockedCount === 1 ? '1 session' : `${head.blockedCount} sessions`;
  return `Session ${head.sessionId} (${who}) on ${instanceName} blocks ${count}, the longest for ${formatDuration(head.blockingMs)}.`;
}

/** The text of an alert about a head blocker of a view's blocking forest (the banner's). */
export function blockingAlertText(head: BlockingNode, instanceName: string): string {
  return headAlertText({ ...head, loginName: head.session?.loginName }, instanceName);
}

/** The title and text of the window's notification of a blocking alert. */
export function blockingAlertNotice(alert: BlockingAlert): { title: string; content: string } {
  const title = `Blocking for more than ${formatDuration(alert.thresholdSeconds * 1000)}`;
  const heads = alert.heads;
  if (heads.length <= 1) {
    const [first] = heads;
    return { title, content: first ? headAlertText(first, alert.instanceName) : '' };
  }
  // Many chains at once are one event for the operator: one notification names them all.
  const spids = heads.map((head) => head.sessionId);
  const list = spids.length > 6 ? `${spids.slice(0, 6).join(', ')}…` : spids.join(', ');
  const longest = formatDuration(Math.max(...heads.map((head) => head.blockingMs)));
  return {
    title,
    content: `${heads.length} sessions on ${alert.instanceName} head blocking chains (${list}); the longest blocks for ${longest}.`,
  };
}

/** When an alert was raised: `14:03:05`, with the date and its age on hover. */
function alertTime(at: number) {
  const options = useTimeOptions();
  const now = Date.now();
  return h('time', timeAttrs(at, now, options, false), formatClockTime(at, now, options));
}

/**
 * The window's blocking alert, whatever view is open: main's monitor detects blocking on
 * every watched instance and raises `monitor:onDidRaiseBlockingAlert` once per chain; each
 * one shows a notification whose "Show" opens that instance's Sessions view with the first
 * head blocker searched for (its row, and its chain in the blocking tree). Mount it once for
 * the app (ActivityHost), inside the notification provider.
 */
export function useBlockingAlerts(): void {
  const client = useIpcClient();
  const notification = useNotification();
  const navigation = useNavigationStore();

  function show(alert: BlockingAlert, spid: number | undefined): void {
    const view = {
      kind: 'sessions',
      profileId: alert.profileId,
      instanceName: alert.instanceName,
    } as const;
    if (spid === undefined) navigation.open(view);
    else navigation.reveal({ view, search: String(spid) });
  }

  const stop = client.on('monitor:onDidRaiseBlockingAlert', (alert) => {
    const { title, content } = blockingAlertNotice(alert);
    const shown = notification.warning({
      title,
      content,
      duration: 20_000,
      keepAliveOnHover: true,
      meta: () => alertTime(alert.at),
      action: () =>
        h(
          NButton,
          {
            size: 'small',
            'data-testid': 'blocking-alert-show',
            onClick: () => {
              show(alert, alert.heads[0]?.sessionId);
              shown.destroy();
            },
          },
          () => 'Show',
        ),
    });
  });
  if (getCurrentScope()) onScopeDispose(stop);
}
