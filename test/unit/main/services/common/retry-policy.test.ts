import { describe, expect, it } from 'vitest';
import {
  SERVICE_RETRY,
  TRANSFER_RETRY,
  backoffDelay,
  followsRetryAfter,
  parseRetryAfter,
} from '../../../../../src/main/services/common/retry-policy';
import { networkErrorCode } from '../../../../../src/main/services/http/retry-rules';

describe('retry policy', () => {
  it('uses full jitter: between 0 and the exponential cap, never above the maximum', () => {
    const policy = { ...SERVICE_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
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

describe('retry policy of transfers', () => {
  const policy = { ...TRANSFER_RETRY, maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1000 };

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
});

describe('Retry-After in the two configurations', () => {
  it('the service client waits what the server asked, shorter or longer than its backoff', () => {
    let draws = 0;
    const random = () => ((draws += 1), 0.999);
    expect(backoffDelay(SERVICE_RETRY, 3, random, 50)).toBe(50);
    expect(backoffDelay(SERVICE_RETRY, 1, random, 5000)).toBe(5000);
    expect(draws).toBe(0);
  });

  it('a transfer waits the longer of its backoff and the Retry-After', () => {
    expect(backoffDelay(TRANSFER_RETRY, 3, () => 0.5, 50)).toBe(1000);
    expect(backoffDelay(TRANSFER_RETRY, 1, () => 0.5, 5000)).toBe(5000);
  });

  it('the service client gives up on a Retry-After over a minute; a transfer never does', () => {
    expect(followsRetryAfter(SERVICE_RETRY, undefined)).toBe(true);
    expect(followsRetryAfter(SERVICE_RETRY, 60_000)).toBe(true);
    expect(followsRetryAfter(SERVICE_RETRY, 60_001)).toBe(false);
    expect(followsRetryAfter(TRANSFER_RETRY, 24 * 3600_000)).toBe(true);
  });
});
