import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OperationDeadline } from '../../../../../src/main/services/http/deadline';
import { DeadlinePause } from '../../../../../src/main/services/http/deadline-pause';

/*
 * A run's deadlines stopped while a person answers one of its questions: the questions are
 * promises the test settles by hand, the time is vitest's fake.
 */

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A question whose answer the test gives when it likes. */
function question(): { asked: () => Promise<string>; answer: (text: string) => void } {
  let answer: (text: string) => void = () => undefined;
  const answered = new Promise<string>((resolve) => (answer = resolve));
  return { asked: () => answered, answer: (text) => answer(text) };
}

describe('DeadlinePause', () => {
  it('stops every followed deadline while a question is open', async () => {
    const pause = new DeadlinePause();
    const short = new OperationDeadline(1000);
    const long = new OperationDeadline(5000);
    pause.follow(short);
    pause.follow(long);
    vi.advanceTimersByTime(200);
    const { asked, answer } = question();
    const answered = pause.pausedWhile(asked);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(short.signal.aborted).toBe(false);
    expect(long.signal.aborted).toBe(false);
    answer('carol');
    await expect(answered).resolves.toBe('carol');
    await vi.advanceTimersByTimeAsync(799);
    expect(short.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(short.expired).toBe(true);
    expect(long.allows(3999)).toBe(true);
    expect(long.allows(4000)).toBe(false);
    short.dispose();
    long.dispose();
  });

  it('holds a deadline that starts while a question is open until it is answered', async () => {
    const pause = new DeadlinePause();
    const { asked, answer } = question();
    const answered = pause.pausedWhile(asked);
    const deadline = new OperationDeadline(1000);
    pause.follow(deadline);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deadline.signal.aborted).toBe(false);
    answer('done');
    await answered;
    await vi.advanceTimersByTimeAsync(999);
    expect(deadline.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(deadline.expired).toBe(true);
    deadline.dispose();
  });

  it('lets the clock run again only when the last of overlapping questions is answered', async () => {
    const pause = new DeadlinePause();
    const deadline = new OperationDeadline(1000);
    pause.follow(deadline);
    const first = question();
    const second = question();
    const firstAnswered = pause.pausedWhile(first.asked);
    const secondAnswered = pause.pausedWhile(second.asked);
    first.answer('one');
    await firstAnswered;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deadline.signal.aborted).toBe(false);
    second.answer('two');
    await secondAnswered;
    await vi.advanceTimersByTimeAsync(1000);
    expect(deadline.expired).toBe(true);
    deadline.dispose();
  });

  it('lets the clock run again when the question fails (Ctrl+C), and passes the failure on', async () => {
    const pause = new DeadlinePause();
    const deadline = new OperationDeadline(1000);
    pause.follow(deadline);
    const cancelled = pause.pausedWhile(() => Promise.reject(new Error('Ctrl+C')));
    expect(vi.getTimerCount()).toBe(0);
    await expect(cancelled).rejects.toThrow('Ctrl+C');
    expect(vi.getTimerCount()).toBe(1);
    deadline.dispose();
  });

  it('leaves alone a deadline no longer followed', async () => {
    const pause = new DeadlinePause();
    const deadline = new OperationDeadline(1000);
    const unfollow = pause.follow(deadline);
    const { asked, answer } = question();
    const answered = pause.pausedWhile(asked);
    // Its operation ended during the question: the pause it held is let go with it.
    unfollow();
    deadline.dispose();
    expect(vi.getTimerCount()).toBe(0);
    answer('late');
    await answered;
    expect(vi.getTimerCount()).toBe(0);
    const next = question();
    const nextAnswered = pause.pausedWhile(next.asked);
    const other = new OperationDeadline(1000);
    expect(vi.getTimerCount()).toBe(1);
    next.answer('again');
    await nextAnswered;
    other.dispose();
  });
});
