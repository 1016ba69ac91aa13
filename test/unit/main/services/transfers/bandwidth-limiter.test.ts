import { describe, expect, it } from 'vitest';
import {
  BURST_SECONDS,
  BandwidthLimiter,
  RATE_READ_MS,
  REFILL_MS,
} from '../../../../../src/main/services/transfers/bandwidth-limiter';
import { FakeTimers, settle } from '../../../../support/fake-timers';

const KIB = 1024;
const MIB = 1024 * KIB;
const CHUNK = 64 * KIB;

/** A limiter on hand-driven time, and a log of when each take was let through. */
function limiterAt(bytesPerSecond: () => number) {
  const timers = new FakeTimers();
  const limiter = new BandwidthLimiter({ bytesPerSecond, timers, now: () => timers.now });
  const released: { at: number; bytes: number }[] = [];
  const take = (bytes: number, signal?: AbortSignal): Promise<void> =>
    limiter.take(bytes, signal).then(() => {
      released.push({ at: timers.now, bytes });
    });
  /** Bytes let through up to `ms` (inclusive). */
  const sentBy = (ms: number): number =>
    released.filter((r) => r.at <= ms).reduce((sum, r) => sum + r.bytes, 0);
  return { timers, limiter, released, take, sentBy };
}

describe('BandwidthLimiter', () => {
  it('lets everything through at once, with no timer, when there is no limit', async () => {
    for (const off of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const { timers, take, released } = limiterAt(() => off);
      const all = Array.from({ length: 100 }, () => take(MIB));
      await Promise.all(all);
      expect(released.every((r) => r.at === 0)).toBe(true);
      expect(timers.pending()).toEqual([]);
    }
  });

  it('holds the rate over the whole run and over every window, starting from an empty bucket', async () => {
    const rate = MIB;
    const { timers, take, released, sentBy } = limiterAt(() => rate);
    const total = 40 * CHUNK; // 2.5 s at 1 MiB/s
    const all = Array.from({ length: total / CHUNK }, () => take(CHUNK));
    await timers.advance(3000);
    await Promise.all(all);
    expect(released).toHaveLength(total / CHUNK);
    // Never ahead of the rate since the start...
    for (const { at } of released) expect(sentBy(at)).toBeLessThanOrEqual((rate * at) / 1000);
    // ...nor by more than the burst over any window, and done close to the ideal time.
    for (const { at: from } of released) {
      for (const { at: to } of released.filter((r) => r.at >= from)) {
        const inWindow = sentBy(to) - sentBy(from - 1);
        expect(inWindow).toBeLessThanOrEqual((rate * (to - from)) / 1000 + rate * BURST_SECONDS);
      }
    }
    const last = released.at(-1)?.at ?? 0;
    expect(last).toBeGreaterThanOrEqual(2500 - 1);
    expect(last).toBeLessThanOrEqual(2500 + REFILL_MS);
  });

  it('lets at most a quarter second of the rate through after an idle spell', async () => {
    const rate = 4 * MIB;
    const { timers, take, sentBy } = limiterAt(() => rate);
    await timers.advance(10_000);
    const all = Array.from({ length: 64 }, () => take(CHUNK)); // 4 MiB
    await settle();
    expect(sentBy(10_000)).toBe(rate * BURST_SECONDS);
    await timers.advance(500);
    expect(sentBy(10_500)).toBeLessThanOrEqual(rate * BURST_SECONDS + rate * 0.5);
    await timers.advance(1000);
    await Promise.all(all);
  });

  it('applies a changed rate to the bytes already waiting, within a refill', async () => {
    let rate = 256 * KIB;
    const { timers, take, sentBy } = limiterAt(() => rate);
    const all = Array.from({ length: 64 }, () => take(CHUNK)); // 4 MiB: 16 s at 256 KiB/s
    await timers.advance(1000);
    expect(sentBy(1000)).toBeLessThanOrEqual(256 * KIB);
    rate = 8 * MIB;
    await timers.advance(REFILL_MS + 500);
    // At 8 MiB/s the rest (under 4 MiB) goes within half a second of the change being seen.
    await Promise.all(all);
    expect(sentBy(1000 + REFILL_MS + 500)).toBe(4 * MIB);
  });

  it('slows down at once when the rate is lowered, dropping a bucket filled at the old rate', async () => {
    let rate = 8 * MIB;
    const { timers, take, sentBy } = limiterAt(() => rate);
    await timers.advance(1000); // a full bucket: 2 MiB at 8 MiB/s
    rate = 256 * KIB;
    const all = Array.from({ length: 32 }, () => take(CHUNK)); // 2 MiB
    await timers.advance(2000);
    expect(sentBy(3000)).toBeLessThanOrEqual(rate * BURST_SECONDS + rate * 2);
    await timers.advance(8000);
    await Promise.all(all);
  });

  it('lets everything waiting through when the limit is turned off', async () => {
    let rate = 64 * KIB;
    const { timers, take, limiter } = limiterAt(() => rate);
    const all = Array.from({ length: 10 }, () => take(CHUNK));
    await settle();
    expect(limiter.waiting).toBe(10);
    rate = 0;
    await timers.advance(REFILL_MS);
    await Promise.all(all);
    expect(limiter.waiting).toBe(0);
    expect(timers.pending()).toEqual([]);
  });

  it('rejects a take whose signal aborts, and serves the next one in its place', async () => {
    const { timers, take, limiter, released } = limiterAt(() => 256 * KIB);
    const first = new AbortController();
    const stopped = take(CHUNK, first.signal);
    const next = take(CHUNK);
    await settle();
    first.abort(new Error('paused'));
    await expect(stopped).rejects.toThrow('paused');
    expect(limiter.waiting).toBe(1);
    await timers.advance(260);
    await next;
    expect(released).toEqual([{ at: expect.any(Number) as number, bytes: CHUNK }]);
    const aborted = AbortSignal.abort(new Error('cancelled'));
    await expect(take(CHUNK, aborted)).rejects.toThrow('cancelled');
    expect(limiter.waiting).toBe(0);
    expect(timers.pending()).toEqual([]);
  });

  it('reads the limit at most once per read interval, however many takes come', async () => {
    let reads = 0;
    const { timers, take } = limiterAt(() => {
      reads += 1;
      return 0;
    });
    for (let i = 0; i < 1000; i += 1) await take(CHUNK);
    expect(reads).toBe(1);
    await timers.advance(RATE_READ_MS);
    await take(CHUNK);
    expect(reads).toBe(2);
  });

  it('lets a chunk larger than the bucket go once the bucket is full, and the next wait the debt out', async () => {
    const rate = 100 * KIB; // a bucket of 25 KiB
    const { timers, take, released } = limiterAt(() => rate);
    const big = take(CHUNK);
    const after = take(1);
    await timers.advance(2000);
    await Promise.all([big, after]);
    const [first, second] = released;
    expect(first?.at).toBeGreaterThanOrEqual(250);
    expect(first?.at).toBeLessThanOrEqual(250 + REFILL_MS);
    // 64 KiB at 100 KiB/s: the next byte waits until 640 ms of rate have been earned.
    expect(second?.at).toBeGreaterThanOrEqual(640);
    expect(second?.at).toBeLessThanOrEqual(640 + REFILL_MS);
  });

  it('lets 4 MiB chunks through at a 3 MiB/s limit, a bucket of 768 KiB, at the limit', async () => {
    const rate = 3 * MIB;
    const { timers, limiter, take, released, sentBy } = limiterAt(() => rate);
    expect(limiter.burstBytes()).toBe(rate * BURST_SECONDS);
    const all = Array.from({ length: 6 }, () => take(4 * MIB));
    await timers.advance(20_000);
    await Promise.all(all);
    expect(released).toHaveLength(6);
    // Each 4 MiB chunk goes once a full bucket is earned, then its debt is waited out:
    // 24 MiB never get ahead of the rate (one bucket aside), and the last goes by ~7 s.
    for (const { at } of released) {
      expect(sentBy(at)).toBeLessThanOrEqual((rate * at) / 1000 + 4 * MIB);
    }
    const last = released.at(-1)?.at ?? 0;
    expect(last).toBeGreaterThanOrEqual(((20 * MIB) / rate) * 1000);
    expect(last).toBeLessThanOrEqual(((20 * MIB + rate * BURST_SECONDS) / rate) * 1000 + REFILL_MS);
  });

  it('has no burst to cap reads with no limit', () => {
    const { limiter } = limiterAt(() => 0);
    expect(limiter.burstBytes()).toBe(Number.POSITIVE_INFINITY);
  });
});
