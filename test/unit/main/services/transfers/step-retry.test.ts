import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src/shared/errors';
import { TRANSFER_RETRY } from '../../../../../src/main/services/common/retry-policy';
import {
  URL_EXPIRED,
  isRetryable,
  withRetries,
} from '../../../../../src/main/services/transfers/step-retry';

const policy = { ...TRANSFER_RETRY, maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000 };

describe('transfer step retries', () => {
  it('retries the network, busy and failing servers and expired URLs, nothing else', () => {
    const error = (code: AppError['code'], extra: object = {}) =>
      new AppError({ code, message: 'x', ...extra });
    expect(isRetryable(error('NETWORK'))).toBe(true);
    expect(isRetryable(error('UNAVAILABLE', { status: 503 }))).toBe(true);
    expect(isRetryable(error('RATE_LIMITED'))).toBe(true);
    expect(isRetryable(error('FORBIDDEN', { details: URL_EXPIRED }))).toBe(true);
    for (const code of [
      'AUTH_EXPIRED',
      'VALIDATION',
      'NOT_FOUND',
      'FORBIDDEN',
      'CANCELLED',
    ] as const) {
      expect(isRetryable(error(code))).toBe(false);
    }
    expect(isRetryable(new Error('boom'))).toBe(false);
  });

  it('gives up after the attempts, stops at once on a non-retryable error, and waits between', async () => {
    const waits: number[] = [];
    const context = {
      policy,
      random: () => 0.5,
      sleep: (ms: number) => Promise.resolve(void waits.push(ms)),
    };
    let calls = 0;
    await expect(
      withRetries(context, () => {
        calls += 1;
        return Promise.reject(new AppError({ code: 'NETWORK', message: 'down' }));
      }),
    ).rejects.toMatchObject({ code: 'NETWORK' });
    expect(calls).toBe(4);
    expect(waits).toEqual([50, 100, 200]);

    calls = 0;
    await expect(
      withRetries(context, () => {
        calls += 1;
        return Promise.reject(new AppError({ code: 'VALIDATION', message: 'no' }));
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    expect(calls).toBe(1);
    await expect(withRetries(context, (attempt) => Promise.resolve(attempt))).resolves.toBe(1);
  });

  it('stops with the abort reason when the signal fires', async () => {
    const controller = new AbortController();
    const reason = new Error('paused');
    const context = {
      policy,
      random: () => 0.5,
      signal: controller.signal,
      sleep: () => Promise.resolve(),
    };
    await expect(
      withRetries(context, () => {
        controller.abort(reason);
        return Promise.reject(new AppError({ code: 'NETWORK', message: 'down' }));
      }),
    ).rejects.toBe(reason);
  });

  it('gives up once the time limit would pass, saying how many attempts and how long it tried', async () => {
    let clock = 0;
    const notes: number[] = [];
    const context = {
      policy: { ...policy, maxAttempts: 8, maxElapsedMs: 60_000 },
      random: () => 0.5,
      now: () => clock,
      // Each attempt takes 20 s (a read deadline), each wait what the backoff says.
      sleep: (ms: number) => Promise.resolve(void (clock += ms)),
      onRetry: (_error: unknown, attempt: number) => void notes.push(attempt),
    };
    const failure = withRetries(context, () => {
      clock += 20_000;
      return Promise.reject(new AppError({ code: 'NETWORK', message: 'The host did not answer.' }));
    });
    await expect(failure).rejects.toMatchObject({
      code: 'NETWORK',
      message: 'The host did not answer. Gave up after 3 attempts in 1 min.',
    });
    // 20 s, wait 50 ms, 20 s, wait 100 ms, 20 s: a fourth would start after 60 s.
    expect(notes).toEqual([1, 2]);
  });

  it('says how many attempts it made when they run out', async () => {
    const context = { policy, random: () => 0, now: () => 0, sleep: () => Promise.resolve() };
    await expect(
      withRetries(context, () =>
        Promise.reject(new AppError({ code: 'NETWORK', message: 'Down.' })),
      ),
    ).rejects.toMatchObject({ message: 'Down. Gave up after 4 attempts in 0 s.' });
  });
});
