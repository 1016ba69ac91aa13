import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../../src/shared/errors';
import { retryNotice, retryReason } from '../../../../../src/main/services/transfers/retry-notice';
import { TooSlowError } from '../../../../../src/main/services/transfers/throughput-floor';

const error = (code: AppError['code'], status?: number) =>
  new AppError({ code, message: 'x', ...(status ? { status } : {}) });

describe('retry notices', () => {
  it('say who fails and how, in a few words', () => {
    expect(retryReason('part 3', error('NETWORK'))).toBe('storage host not answering');
    expect(retryReason('download', error('UNAVAILABLE', 503))).toBe(
      'storage host failing (HTTP 503)',
    );
    expect(retryReason('complete-upload', error('NETWORK'))).toBe('the service not answering');
    expect(retryReason('databases.import', error('RATE_LIMITED'))).toBe(
      'the service asked to slow down',
    );
    expect(retryReason('part 1', new Error('boom'))).toBe('storage host failing');
  });

  it('name the floor a host too slow fell under', () => {
    const floor = { minBytesPerSecond: 1024, windowMs: 60_000 };
    expect(retryReason('download', new TooSlowError(floor))).toBe(
      'storage host too slow (under 1.00 KiB/s for 1 min)',
    );
    expect(retryReason('part 4', new TooSlowError({ ...floor, windowMs: 2000 }))).toBe(
      'storage host too slow (under 1.00 KiB/s for 2 s)',
    );
  });

  it('name the attempt to come, the most there are, and when it starts', () => {
    const notice = retryNotice(
      'part 2',
      error('NETWORK'),
      { attempt: 2, of: 8, delayMs: 20_000 },
      0,
    );
    expect(notice).toEqual({
      step: 'part 2',
      what: 'storage host not answering',
      attempt: 3,
      of: 8,
      at: new Date(20_000).toISOString(),
    });
  });
});
