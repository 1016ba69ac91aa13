import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import type * as SharedNow from '@renderer/composables/use-shared-now';

const NOW = Date.parse('2024-05-10T12:00:00Z');

let catchUpSharedNow: typeof SharedNow.catchUpSharedNow;
let runningTickers: typeof SharedNow.runningTickers;
let useSharedNow: typeof SharedNow.useSharedNow;

describe('the shared clock', () => {
  // The clock is one per module: a fresh one for each test, whatever tests of components
  // that read it (run before in the same worker) left ticking.
  beforeEach(async () => {
    vi.resetModules();
    ({ catchUpSharedNow, runningTickers, useSharedNow } = await import(
      '@renderer/composables/use-shared-now'
    ));
  });
  afterEach(() => vi.useRealTimers());

  it('runs one timer per period for every reader, and stops with the last one', () => {
    vi.useFakeTimers({ now: NOW });
    const scopes = [effectScope(), effectScope(), effectScope()];
    const clocks = scopes.map((scope) => scope.run(() => useSharedNow(30_000)));
    expect(runningTickers()).toBe(1);
    expect(new Set(clocks).size).toBe(1);
    vi.advanceTimersByTime(30_000);
    expect(clocks[0]?.value).toBe(NOW + 30_000);
    scopes[0]?.stop();
    scopes[1]?.stop();
    expect(runningTickers()).toBe(1);
    scopes[2]?.stop();
    expect(runningTickers()).toBe(0);
  });

  it('catches up with the current time at once when a reader asks, for every reader', () => {
    vi.useFakeTimers({ now: NOW });
    const scopes = [effectScope(), effectScope()];
    const [first, second] = scopes.map((scope) => scope.run(() => useSharedNow(1000)));
    vi.setSystemTime(NOW + 400);
    expect(first?.value).toBe(NOW);
    catchUpSharedNow(1000);
    expect(first?.value).toBe(NOW + 400);
    expect(second?.value).toBe(NOW + 400);
    for (const scope of scopes) scope.stop();
    expect(runningTickers()).toBe(0);
  });
});
