import { afterEach, describe, expect, it } from 'vitest';
import { effectScope, nextTick, ref, type EffectScope } from 'vue';
import { useAutoRefresh } from '@renderer/composables/use-auto-refresh';

interface Scheduled {
  readonly run: () => void;
  readonly ms: number;
}

/** Timers a test fires by hand. */
function manualTimers(): {
  pending: Map<number, Scheduled>;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  fire: () => number;
} {
  const pending = new Map<number, Scheduled>();
  let next = 1;
  return {
    pending,
    setTimeout: (run: () => void, ms: number): unknown => {
      pending.set(next, { run, ms });
      return next++;
    },
    clearTimeout: (handle: unknown): void => void pending.delete(handle as number),
    /** Runs the one scheduled timer; answers its delay. */
    fire(): number {
      const first = pending.keys().next();
      if (first.done) throw new Error('nothing scheduled');
      const scheduled = pending.get(first.value);
      pending.delete(first.value);
      scheduled?.run();
      return scheduled?.ms ?? -1;
    },
  };
}

let scope: EffectScope | undefined;
afterEach(() => scope?.stop());

const settle = (): Promise<void> => new Promise<void>((resolve) => void setTimeout(resolve, 0));

describe('useAutoRefresh', () => {
  it('schedules the next refresh when one ends, follows the interval, and pauses', async () => {
    const timers = manualTimers();
    const interval = ref(5);
    let calls = 0;
    scope = effectScope();
    const auto = scope.run(() =>
      useAutoRefresh({
        intervalSeconds: interval,
        refresh: () => Promise.resolve(void (calls += 1)),
        timers,
      }),
    )!;
    await auto.refreshNow();
    expect(calls).toBe(1);
    expect(auto.ageSeconds.value).toBe(0);
    expect(timers.fire()).toBe(5000);
    await settle();
    expect(calls).toBe(2);
    interval.value = 2;
    await nextTick();
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([2000]);
    auto.pause();
    expect(timers.pending.size).toBe(0);
    await auto.refreshNow();
    expect(calls).toBe(3);
    expect(timers.pending.size).toBe(0);
    auto.resume();
    await settle();
    expect(calls).toBe(4);
    expect(timers.pending.size).toBe(1);
  });

  it('never runs two refreshes at once, and runs once more when asked during one', async () => {
    const timers = manualTimers();
    let running = 0;
    let most = 0;
    let calls = 0;
    let release: () => void = () => undefined;
    scope = effectScope();
    const auto = scope.run(() =>
      useAutoRefresh({
        intervalSeconds: ref(5),
        timers,
        refresh: async () => {
          calls += 1;
          running += 1;
          most = Math.max(most, running);
          await new Promise<void>((resolve) => (release = resolve));
          running -= 1;
        },
      }),
    )!;
    const first = auto.refreshNow();
    void auto.refreshNow();
    void auto.refreshNow();
    release();
    await settle();
    release();
    await first;
    expect(calls).toBe(2);
    expect(most).toBe(1);
    expect(timers.pending.size).toBe(1);
  });

  it('keeps the last success time when a refresh fails, and stops with its scope', async () => {
    const timers = manualTimers();
    let fail = false;
    scope = effectScope();
    const auto = scope.run(() =>
      useAutoRefresh({
        intervalSeconds: ref(5),
        timers,
        refresh: () => (fail ? Promise.reject(new Error('service down')) : Promise.resolve()),
      }),
    )!;
    await auto.refreshNow();
    const success = auto.lastSuccessAt.value;
    fail = true;
    await auto.refreshNow();
    expect(auto.lastSuccessAt.value).toBe(success);
    expect(timers.pending.size).toBe(1);
    scope.stop();
    expect(timers.pending.size).toBe(0);
  });
});
