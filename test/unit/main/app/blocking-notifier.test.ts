import { describe, expect, it } from 'vitest';
import { BlockingNotifier, blockingAlertText } from '../../../../src/main/app/blocking-notifier';
import type { BlockingAlert } from '../../../../src/shared/model/monitor';
import { HarnessPlatform } from '../../../harness/harness-platform';

function alert(instanceName: string, heads: BlockingAlert['heads']): BlockingAlert {
  return { profileId: 'p1', instanceName, thresholdSeconds: 30, heads, at: 0 };
}

const head = (sessionId: number, blockedCount: number, blockingMs: number) => ({
  sessionId,
  loginName: `user${sessionId}`,
  blockedCount,
  blockingMs,
  depth: 1,
});

describe('BlockingNotifier', () => {
  it('shows a native notification written by main that opens the instance sessions', () => {
    const platform = new HarnessPlatform();
    new BlockingNotifier({ platform }).notify(
      alert('sql-eu-dev-01', [head(52, 3, 95_000), head(57, 1, 40_000)]),
    );
    expect(platform.notifications).toEqual([
      {
        title: 'Blocking on sql-eu-dev-01 for more than 30 s',
        body: 'session 52 (user52) blocks 3 sessions, the longest for 1 min 35 s. 1 more chain too.',
        item: { kind: 'sessions', id: 'sql-eu-dev-01', profileId: 'p1' },
      },
    ]);
  });

  it('shows at most one per instance per quiet period, so a storm of chains is one event', () => {
    let now = 1_000_000;
    const platform = new HarnessPlatform();
    const notifier = new BlockingNotifier({ platform, now: () => now, quietMs: 60_000 });
    for (let i = 0; i < 20; i += 1)
      notifier.notify(alert('sql-eu-dev-01', [head(52 + i, 1, 31_000)]));
    notifier.notify(alert('sql-eu-prod-01', [head(61, 2, 31_000)]));
    expect(platform.notifications).toHaveLength(2);
    now += 60_000;
    expect(notifier.notify(alert('sql-eu-dev-01', [head(90, 1, 31_000)]))).toBe(true);
    expect(platform.notifications).toHaveLength(3);
  });

  it('words long waits in minutes and hours, and one blocked session in the singular', () => {
    expect(blockingAlertText(alert('x', [head(7, 1, 5 * 60_000)])).body).toBe(
      'session 7 (user7) blocks 1 session, the longest for 5 min.',
    );
    expect(blockingAlertText(alert('x', [head(7, 1, 45_000)])).body).toContain('for 45 s.');
    expect(blockingAlertText(alert('x', [head(7, 1, 2 * 3_600_000 + 5 * 60_000)])).body).toContain(
      'for 2 h 05 min.',
    );
    expect(blockingAlertText({ ...alert('x', []), thresholdSeconds: 120 }).title).toBe(
      'Blocking on x for more than 2 min',
    );
  });
});
