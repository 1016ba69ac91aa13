import { NButton, useNotification } from 'naive-ui';
import { computed, h, watch, type ComputedRef, type Ref } from 'vue';
import { sessionsTargetKey, useSessionsStore, type SessionsTarget } from '../stores/sessions-store';
import {
  headsBlockingLongerThan,
  type BlockingForest,
  type BlockingNode,
} from '../../../shared/monitor/blocking-forest';
import { formatDuration } from '../components/sessions/session-columns';

/** Options of {@link useBlockingAlert}. */
export interface BlockingAlertOptions {
  readonly target: SessionsTarget;
  readonly forest: ComputedRef<BlockingForest>;
  /** The `blockingAlertSeconds` setting. */
  readonly thresholdSeconds: Ref<number>;
  /** "Show" on the notification: bring the head blocker into view. */
  readonly onShow: (sessionId: number) => void;
}

/** The text of an alert about one head blocker. */
export function blockingAlertText(head: BlockingNode, instanceName: string): string {
  const who = head.session ? `${head.session.loginName}` : 'a session not in the snapshot';
  const count = head.blockedCount === 1 ? '1 session' : `${head.blockedCount} sessions`;
  return `Session ${head.sessionId} (${who}) on ${instanceName} blocks ${count}, the longest for ${formatDuration(head.blockingMs)}.`;
}

/**
 * The blocking alert of a session monitor: a head blocker that has blocked for longer than
 * the setting raises one notification (deduplicated per instance, spid and login time, so a
 * reused spid alerts again and the same chain does not alert on every refresh). `active` is
 * every head over the threshold now, for the view's banner.
 */
export function useBlockingAlert(options: BlockingAlertOptions): {
  active: ComputedRef<BlockingNode[]>;
} {
  const notification = useNotification();
  const sessions = useSessionsStore();
  const targetKey = sessionsTargetKey(options.target);
  const active = computed(() =>
    headsBlockingLongerThan(options.forest.value, options.thresholdSeconds.value * 1000),
  );

  function notify(title: string, content: string, showSpid: number): void {
    const shown = notification.warning({
      title,
      content,
      duration: 20_000,
      keepAliveOnHover: true,
      meta: new Date().toLocaleTimeString(),
      action: () =>
        h(
          NButton,
          {
            size: 'small',
            'data-testid': 'blocking-alert-show',
            onClick: () => {
              options.onShow(showSpid);
              shown.destroy();
            },
          },
          () => 'Show',
        ),
    });
  }

  watch(active, (heads) => {
    const fresh = heads.filter((head) =>
      sessions.markAlerted(`${targetKey}\n${head.sessionId}\n${head.session?.loginTime ?? ''}`),
    );
    const [first] = fresh;
    if (!first) return;
    const title = `Blocking for more than ${options.thresholdSeconds.value} s`;
    // One toast per refresh: many chains at once are one event for the operator.
    if (fresh.length === 1) {
      notify(title, blockingAlertText(first, options.target.instanceName), first.sessionId);
    } else {
      const spids = fresh.map((head) => head.sessionId);
      const list = spids.length > 6 ? `${spids.slice(0, 6).join(', ')}…` : spids.join(', ');
      notify(
        title,
        `${fresh.length} sessions on ${options.target.instanceName} head blocking chains (${list}); the longest blocks for ${formatDuration(Math.max(...fresh.map((h) => h.blockingMs)))}.`,
        first.sessionId,
      );
    }
  });
  return { active };
}
