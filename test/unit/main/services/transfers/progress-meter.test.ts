import { describe, expect, it } from 'vitest';
import { ProgressMeter, Throttle } from '../../../../../src/main/services/transfers/progress-meter';
import type { Timers } from '../../../../../src/main/services/time/timers';

/** Timers driven by hand. */
function manualTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  let next = 1;
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      pending.set(next, { at: now + ms, callback });
      return next++;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    now: () => now,
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending]) {
        if (timer.at <= now) {
          pending.delete(id);
          timer.callback();
        }
      }
    },
  };
}

describe('ProgressMeter', () => {
  it('smooths throughput and derives the ETA from it', () => {
    let now = 0;
    const meter = new ProgressMeter({ now: () => now, smoothingMs: 1000, sampleMs: 100 });
    meter.update(0);
    expect(meter.figures(0, 1000)).toEqual({});
    now = 1000;
    meter.update(10_000_000);
    expect(meter.figures(10_000_000, 50_000_000)).toEqual({
      throughputBps: 10_000_000,
      etaSeconds: 4,
    });
    // A stall for one second pulls the rate down, but not to zero at once.
    now = 2000;
    meter.update(10_000_000);
    const { throughputBps } = meter.figures(10_000_000, 50_000_000);
    expect(throughputBps).toBeGreaterThan(3_000_000);
    expect(throughputBps).toBeLessThan(4_000_000);
  });

  it('ignores samples closer than the sampling interval and never shows a negative speed', () => {
    let now = 0;
    const meter = new ProgressMeter({ now: () => now, sampleMs: 200, smoothingMs: 1000 });
    meter.update(0);
    now = 50;
    meter.update(1_000_000);
    expect(meter.figures(1_000_000, 2_000_000)).toEqual({});
    now = 1000;
    meter.update(1_000_000);
    expect(meter.figures(1_000_000, 2_000_000).throughputBps).toBe(1_000_000);
    // A failed part's bytes are taken back: the pace is kept, the baseline restarts.
    now = 1300;
    meter.update(400_000);
    expect(meter.figures(400_000, 2_000_000)).toEqual({ throughputBps: 1_000_000, etaSeconds: 2 });
    meter.reset();
    expect(meter.figures(400_000, 2_000_000)).toEqual({});
  });
});

describe('Throttle', () => {
  it('lets at most one call through per interval and never loses the last one', () => {
    const clock = manualTimers();
    let calls = 0;
    const throttle = new Throttle({
      intervalMs: 250,
      run: () => (calls += 1),
      now: clock.now,
      timers: clock.timers,
    });
    for (let i = 0; i < 100; i += 1) {
      throttle.request();
      clock.advance(10);
    }
    // Requests every 10 ms for 1 s: at 0, 250, 500, 750 and 1000 ms (the last a trailing call).
    expect(calls).toBe(5);
    clock.advance(1000);
    expect(calls).toBe(5);
    throttle.request();
    expect(calls).toBe(6);
  });

  it('flush calls now and drops the pending trailing call', () => {
    const clock = manualTimers();
    let calls = 0;
    const throttle = new Throttle({
      intervalMs: 250,
      run: () => (calls += 1),
      now: clock.now,
      timers: clock.timers,
    });
    throttle.request();
    throttle.request();
    throttle.flush();
    expect(calls).toBe(2);
    clock.advance(300);
    expect(calls).toBe(2);
  });
});
