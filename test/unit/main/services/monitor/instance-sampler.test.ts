import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../../src/shared/contract/records/sessions';
import { AppError } from '../../../../../src/shared/errors';
import { InstanceSampler } from '../../../../../src/main/services/monitor/instance-sampler';
import type { Timers } from '../../../../../src/main/services/time/timers';

/** Timers driven by hand: `advance(ms)` fires what falls due, in order. */
function manualTimers() {
  let now = 0;
  let nextId = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    setTimeout(callback, ms) {
      nextId += 1;
      pending.set(nextId, { at: now + ms, callback });
      return nextId;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  async function advance(ms: number): Promise<void> {
    const end = now + ms;
    for (;;) {
      const due = [...pending.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].callback();
      // Let the read's promise chain settle before the next timer.
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
    }
    now = end;
  }
  return { timers, advance, now: () => now };
}

describe('InstanceSampler', () => {
  it('reads once per interval, the next read an interval after the last one started', async () => {
    const clock = manualTimers();
    const reads: number[] = [];
    const sampler = new InstanceSampler({
      read: () => {
        reads.push(clock.now());
        return Promise.resolve([] as Session[]);
      },
      intervalMs: () => 5000,
      onSample: () => undefined,
      onFailure: () => undefined,
      timers: clock.timers,
      now: clock.now,
    });
    sampler.start();
    await clock.advance(20_000);
    expect(reads).toEqual([0, 5000, 10_000, 15_000, 20_000]);
    sampler.sampleNow();
    await clock.advance(0);
    expect(reads.at(-1)).toBe(20_000);
    sampler.dispose();
    await clock.advance(20_000);
    expect(reads).toHaveLength(6);
  });

  it('backs off while the instance fails, honours Retry-After, and recovers', async () => {
    const clock = manualTimers();
    const reads: number[] = [];
    let failing: AppError | undefined = new AppError({ code: 'NETWORK', message: 'refused' });
    const failures: boolean[] = [];
    const sampler = new InstanceSampler({
      read: () => {
        reads.push(clock.now());
        return failing ? Promise.reject(failing) : Promise.resolve([] as Session[]);
      },
      intervalMs: () => 1000,
      onSample: () => undefined,
      onFailure: (_error, _at, signedOut) => failures.push(signedOut),
      timers: clock.timers,
      now: clock.now,
      maxBackoffMs: 8000,
    });
    sampler.start();
    await clock.advance(30_000);
    // 0, then +2 s, +4 s, +8 s, +8 s (the maximum)...
    expect(reads.slice(0, 5)).toEqual([0, 2000, 6000, 14_000, 22_000]);
    expect(failures.every((signedOut) => !signedOut)).toBe(true);
    failing = new AppError({ code: 'RATE_LIMITED', message: 'busy', retryAfterMs: 3000 });
    const before = reads.length;
    await clock.advance(12_000);
    const after = reads.slice(before);
    expect(after[1]! - after[0]!).toBe(3000);
    failing = undefined;
    await clock.advance(8000);
    const last = reads.slice(-3);
    expect(last[2]! - last[1]!).toBe(1000);
  });

  it('stops reading when the profile needs a sign-in', async () => {
    const clock = manualTimers();
    let reads = 0;
    const failures: boolean[] = [];
    const sampler = new InstanceSampler({
      read: () => {
        reads += 1;
        return Promise.reject(new AppError({ code: 'AUTH_EXPIRED', message: 'expired' }));
      },
      intervalMs: () => 1000,
      onSample: () => undefined,
      onFailure: (_error, _at, signedOut) => failures.push(signedOut),
      timers: clock.timers,
      now: clock.now,
    });
    sampler.start();
    await clock.advance(60_000);
    expect(reads).toBe(1);
    expect(failures).toEqual([true]);
  });
});
