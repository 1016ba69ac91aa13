import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OperationDeadline } from '../../../../../src/main/services/http/deadline';

/*
 * The deadline's clock stopped while a person answers: on fake timers and a fake
 * performance.now(), so minutes pass at once and exactly.
 */

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('OperationDeadline.pause', () => {
  it('does not abort while paused, and keeps the time that was left for after', () => {
    const deadline = new OperationDeadline(1000);
    // The signal undici was handed before the pause is the one that aborts after it.
    const { signal } = deadline;
    vi.advanceTimersByTime(400);
    const release = deadline.pause();
    vi.advanceTimersByTime(60_000);
    expect(signal.aborted).toBe(false);
    expect(deadline.allows(599)).toBe(true);
    expect(deadline.allows(600)).toBe(false);
    release();
    vi.advanceTimersByTime(599);
    expect(signal.aborted).toBe(false);
    expect(() => deadline.throwIfOver()).not.toThrow();
    vi.advanceTimersByTime(1);
    expect(signal.aborted).toBe(true);
    expect(deadline.expired).toBe(true);
    deadline.dispose();
  });

  it('runs again only when the last of overlapping pauses is released, once each', () => {
    const deadline = new OperationDeadline(1000);
    vi.advanceTimersByTime(300);
    const first = deadline.pause();
    vi.advanceTimersByTime(100);
    const second = deadline.pause();
    first();
    first(); // a second release of the same pause does not release the other
    vi.advanceTimersByTime(60_000);
    expect(deadline.signal.aborted).toBe(false);
    second();
    vi.advanceTimersByTime(699);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.expired).toBe(true);
    deadline.dispose();
  });

  it('holds no timer while paused, one again after, and none once disposed', () => {
    const deadline = new OperationDeadline(1000);
    expect(vi.getTimerCount()).toBe(1);
    const release = deadline.pause();
    expect(vi.getTimerCount()).toBe(0);
    release();
    expect(vi.getTimerCount()).toBe(1);
    deadline.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('arms no timer when released after its operation ended', () => {
    const deadline = new OperationDeadline(1000);
    const release = deadline.pause();
    deadline.dispose();
    release();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(deadline.signal.aborted).toBe(false);
  });

  it('still follows the caller’s cancel while paused, and arms nothing after it', () => {
    const caller = new AbortController();
    const deadline = new OperationDeadline(1000, caller.signal);
    const release = deadline.pause();
    caller.abort(new Error('cancelled'));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toEqual(new Error('cancelled'));
    release();
    expect(vi.getTimerCount()).toBe(0);
    expect(deadline.expired).toBe(false);
    deadline.dispose();
  });

  it('has nothing to pause without a deadline, or after it passed', () => {
    const none = new OperationDeadline(undefined);
    none.pause()();
    expect(vi.getTimerCount()).toBe(0);
    expect(none.allows(10 ** 12)).toBe(true);
    none.dispose();

    const passed = new OperationDeadline(1000);
    vi.advanceTimersByTime(1000);
    const release = passed.pause();
    release();
    expect(passed.expired).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    passed.dispose();
  });
});
