import { describe, expect, it } from 'vitest';
import { withDelayedProgress } from '../../../../../../src/renderer/src/model/display/delayed-progress';

/** Timers the test fires by hand: the progress shows only when the delay's timer runs. */
function manualTimers() {
  const pending: { run: () => void; ms: number; cleared: boolean }[] = [];
  return {
    pending,
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms, cleared: false };
      pending.push(timer);
      return timer;
    },
    clearTimer: (timer: unknown) => void ((timer as { cleared: boolean }).cleared = true),
  };
}

describe('withDelayedProgress', () => {
  it('shows nothing for work that ends before the delay', async () => {
    const timers = manualTimers();
    let shown = 0;
    const answer = await withDelayedProgress(() => Promise.resolve(7), {
      ...timers,
      show: () => ((shown += 1), () => undefined),
    });
    expect(answer).toBe(7);
    expect(shown).toBe(0);
    expect(timers.pending[0]).toMatchObject({ ms: 1000, cleared: true });
  });

  it('shows progress once the delay passed and hides it when the work ends, failed too', async () => {
    const timers = manualTimers();
    const events: string[] = [];
    let fail!: (error: Error) => void;
    const running = withDelayedProgress(() => new Promise<never>((_, reject) => (fail = reject)), {
      ...timers,
      delayMs: 50,
      show: () => {
        events.push('shown');
        return () => events.push('hidden');
      },
    });
    timers.pending[0]?.run();
    expect(events).toEqual(['shown']);
    fail(new Error('no network'));
    await expect(running).rejects.toThrow('no network');
    expect(events).toEqual(['shown', 'hidden']);
  });
});
