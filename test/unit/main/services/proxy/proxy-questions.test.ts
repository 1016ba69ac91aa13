import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAppError } from '../../../../../src/shared/errors';
import type { ProxyQuestion } from '../../../../../src/shared/ipc/proxy-channels';
import { OperationDeadline } from '../../../../../src/main/services/http/deadline';
import { DeadlinePause } from '../../../../../src/main/services/http/deadline-pause';
import { ProxyQuestions } from '../../../../../src/main/services/proxy/proxy-questions';

const PROXY = 'http://proxy.corp.example:8080';

describe('ProxyQuestions', () => {
  it('holds the request until the window answers, then gives the credentials on', async () => {
    const questions = new ProxyQuestions();
    const seen: ProxyQuestion[][] = [];
    questions.onDidChange((list) => seen.push(list));
    const asked = questions.ask({ proxy: PROXY });
    const [question] = questions.list();
    expect(question?.proxy).toBe(PROXY);
    expect(seen).toEqual([[question]]);
    questions.answer(question?.questionId ?? '', { user: 'alice', password: 'pw' });
    await expect(asked).resolves.toEqual({ user: 'alice', password: 'pw' });
    expect(questions.list()).toEqual([]);
    expect(seen.at(-1)).toEqual([]);
    // The questions say the proxy, never what was answered.
    expect(JSON.stringify(seen)).not.toContain('pw');
  });

  it('fails the request, saying so, when the question is declined', async () => {
    const questions = new ProxyQuestions();
    const asked = questions.ask({ proxy: PROXY });
    questions.answer(questions.list()[0]?.questionId ?? '', null);
    const error: unknown = await asked.catch((caught: unknown) => caught);
    expect(isAppError(error) && error.code).toBe('AUTH_REQUIRED');
    expect(String((error as Error).message)).toContain(`You did not sign in to the proxy ${PROXY}`);
  });

  it('refuses an answer to a question no longer waiting, and ends them all on dispose', async () => {
    const questions = new ProxyQuestions();
    expect(() => questions.answer('gone', null)).toThrow(/already answered or has ended/);
    const first = questions.ask({ proxy: PROXY });
    const second = questions.ask({ proxy: 'http://other.corp.example:3128' });
    expect(questions.list().map((q) => q.proxy)).toEqual([PROXY, 'http://other.corp.example:3128']);
    questions.dispose();
    await expect(first).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect(second).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(questions.list()).toEqual([]);
  });
});

describe('ProxyQuestions and the deadlines of the requests waiting on them', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A request's deadline of 1 s, 200 ms of it used before the proxy asked. */
  function waitingRequest(): { pause: DeadlinePause; deadline: OperationDeadline } {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const pause = new DeadlinePause();
    const deadline = new OperationDeadline(1000);
    pause.follow(deadline);
    vi.advanceTimersByTime(200);
    return { pause, deadline };
  }

  it('stops them while the window is asked, and they go on with the time left once answered', async () => {
    const { pause, deadline } = waitingRequest();
    const questions = new ProxyQuestions({ deadlinePause: pause });
    const asked = questions.ask({ proxy: PROXY });
    // The user takes a minute to type.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deadline.signal.aborted).toBe(false);
    questions.answer(questions.list()[0]?.questionId ?? '', { user: 'alice', password: 'pw' });
    await expect(asked).resolves.toEqual({ user: 'alice', password: 'pw' });
    await vi.advanceTimersByTimeAsync(799);
    expect(deadline.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(deadline.expired).toBe(true);
    deadline.dispose();
  });

  it('lets them run again when the question is declined', async () => {
    const { pause, deadline } = waitingRequest();
    const questions = new ProxyQuestions({ deadlinePause: pause });
    const asked = questions.ask({ proxy: PROXY });
    await vi.advanceTimersByTimeAsync(60_000);
    questions.answer(questions.list()[0]?.questionId ?? '', null);
    await expect(asked).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    expect(deadline.allows(799)).toBe(true);
    expect(deadline.allows(800)).toBe(false);
    await vi.advanceTimersByTimeAsync(800);
    expect(deadline.expired).toBe(true);
    deadline.dispose();
  });
});
