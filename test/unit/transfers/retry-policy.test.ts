import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/shared/errors';
import {
  URL_EXPIRED,
  backoffDelay,
  isRetryable,
  parseRetryAfter,
  withRetries,
} from '../../../src/main/services/transfers/retry-policy';

const policy = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000 };

describe('retry policy', () => {
  it('backs off exponentially with full jitter, capped, and honours a longer Retry-After', () => {
    expect(backoffDelay(policy, 1, () => 0.999)).toBe(99);
    expect(backoffDelay(policy, 3, () => 0.5)).toBe(200);
    expect(backoffDelay(policy, 10, () => 0.999)).toBe(999);
    expect(backoffDelay(policy, 1, () => 0)).toBe(0);
    expect(backoffDelay(policy, 1, () => 0.5, 2000)).toBe(2000);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(['0'])).toBe(0);
    expect(
      parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')),
    ).toBe(10_000);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });

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
});
