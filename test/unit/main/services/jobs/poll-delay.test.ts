import { describe, expect, it } from 'vitest';
import { nextDelay } from '../../../../../src/main/services/jobs/poll-delay';

const bounds = { minMs: 1000, maxMs: 15_000, progressCapMs: 5000, growth: 1.5 };

describe('nextDelay', () => {
  it('goes back to the minimum after a status change', () => {
    expect(nextDelay(15_000, 'status', bounds)).toEqual({ delay: 1000, wait: 1000 });
  });

  it('grows while only progress moves, up to the progress cap', () => {
    expect(nextDelay(1000, 'progress', bounds).delay).toBe(1500);
    expect(nextDelay(4000, 'progress', bounds).delay).toBe(5000);
    expect(nextDelay(15_000, 'progress', bounds).delay).toBe(5000);
  });

  it('grows to the maximum while nothing changes, and waits at least what Retry-After asks', () => {
    expect(nextDelay(12_000, 'none', bounds).delay).toBe(15_000);
    expect(nextDelay(1000, 'none', bounds, 9000)).toEqual({ delay: 1500, wait: 9000 });
    expect(nextDelay(1000, 'none', bounds, 60_000).wait).toBe(15_000);
  });
});
