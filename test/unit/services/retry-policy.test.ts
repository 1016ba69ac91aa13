import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  backoffDelay,
  networkErrorCode,
  parseRetryAfter,
} from '../../../src/main/services/http/retry-policy';

describe('retry policy', () => {
  it('uses full jitter: between 0 and the exponential cap, never above the maximum', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(policy, 1, () => 0)).toBe(0);
    expect(backoffDelay(policy, 1, () => 0.999)).toBe(99);
    expect(backoffDelay(policy, 3, () => 0.5)).toBe(200);
    expect(backoffDelay(policy, 10, () => 0.999)).toBe(999);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('2', 0)).toBe(2000);
    expect(parseRetryAfter('0', 0)).toBe(0);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('finds the code of a network error on the error or its cause', () => {
    expect(networkErrorCode(Object.assign(new Error(), { code: 'ECONNRESET' }))).toBe('ECONNRESET');
    const wrapped = new Error('outer', {
      cause: Object.assign(new Error(), { code: 'ENOTFOUND' }),
    });
    expect(networkErrorCode(wrapped)).toBe('ENOTFOUND');
    expect(networkErrorCode(new Error('none'))).toBeUndefined();
  });
});
