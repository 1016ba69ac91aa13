import { describe, expect, it } from 'vitest';
import { DEFAULT_FAULTS, FaultController } from '../../../src/emulator/faults';
import { seededRandom } from '../../../src/emulator/random';

function controller(random = seededRandom(1)) {
  const calls: string[] = [];
  const faults = new FaultController({
    random,
    onExpireTokens: () => calls.push('tokens'),
    onExpireUrls: () => calls.push('urls'),
  });
  return { faults, calls };
}

describe('FaultController', () => {
  it('starts with no faults and answers nothing', () => {
    const { faults } = controller();
    expect(faults.config).toEqual(DEFAULT_FAULTS);
    expect(faults.takeRequestFault()).toBeUndefined();
    expect(faults.takePartFault()).toBeUndefined();
    expect(faults.takeRefreshFault()).toBe(false);
  });

  it('fires one-shots the number of times armed, request faults first by severity', () => {
    const { faults } = controller();
    faults.set({ retryAfterSec: 5 });
    faults.once('request429', 2);
    faults.once('request500');
    expect(faults.takeRequestFault()).toEqual({ status: 500 });
    expect(faults.takeRequestFault()).toEqual({ status: 429, retryAfterSec: 5 });
    expect(faults.takeRequestFault()).toEqual({ status: 429, retryAfterSec: 5 });
    expect(faults.takeRequestFault()).toBeUndefined();
    faults.once('partPut');
    faults.once('partPut500');
    expect([faults.takePartFault(), faults.takePartFault(), faults.takePartFault()]).toEqual([
      'reset',
      '500',
      undefined,
    ]);
    faults.once('jobFail');
    expect(faults.takeRequestFault()).toBeUndefined();
    expect([faults.takeJobFault(), faults.takeJobFault()]).toEqual([true, false]);
  });

  it('applies rates with its seeded dice, reproducibly', () => {
    const run = () => {
      const { faults } = controller(seededRandom(99));
      faults.set({ rate503: 0.3, resetPartRate: 0.5 });
      return Array.from({ length: 200 }, () => [
        faults.takeRequestFault()?.status,
        faults.takePartFault(),
      ]);
    };
    const first = run();
    expect(run()).toEqual(first);
    const unavailable = first.filter(([status]) => status === 503).length;
    expect(unavailable).toBeGreaterThan(30);
    expect(unavailable).toBeLessThan(90);
  });

  it('reset clears switches and armed one-shots; expire calls are passed on', () => {
    const { faults, calls } = controller();
    faults.set({ rate500: 1, latencyMs: 10 });
    faults.once('tokenRefresh');
    faults.reset();
    expect(faults.config).toEqual(DEFAULT_FAULTS);
    expect(faults.takeRefreshFault()).toBe(false);
    faults.expireTokens();
    faults.expireUrls();
    expect(calls).toEqual(['tokens', 'urls']);
  });

  it('refuses values that make no sense', () => {
    const { faults } = controller();
    expect(() => faults.set({ rate429: 1.5 })).toThrow(/at most 1/);
    expect(() => faults.set({ retryAfterSec: Number.NaN })).toThrow(RangeError);
    expect(() => faults.set({ nonsense: 1 } as never)).toThrow(/Unknown/);
    expect(() => faults.once('partPut', 1.5)).toThrow(RangeError);
  });
});
