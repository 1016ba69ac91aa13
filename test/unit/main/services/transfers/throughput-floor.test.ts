import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../../../src/shared/errors';
import {
  DEFAULT_THROUGHPUT_FLOOR,
  floorText,
  ThroughputMeter,
  TooSlowError,
  TOO_SLOW,
} from '../../../../../src/main/services/transfers/throughput-floor';

const KIB = 1024;

/** A meter on a clock the test moves, waiting on the host from t = 0. */
function meterOf(floor = DEFAULT_THROUGHPUT_FLOOR) {
  let t = 0;
  const meter = new ThroughputMeter(floor, () => t);
  meter.waitHost();
  return {
    meter,
    /** Moves the clock on by `ms`. */
    pass: (ms: number) => void (t += ms),
  };
}

describe('ThroughputMeter', () => {
  it('finds a host sending one byte every 10 s stalled once a minute of waiting passed', () => {
    const { meter, pass } = meterOf();
    const verdicts: boolean[] = [];
    for (let second = 10; second <= 80; second += 10) {
      pass(10_000);
      meter.moved(1);
      verdicts.push(meter.isStalled());
    }
    // 10 s ... 50 s: less than a window waited; 60 s on: 6 bytes a minute.
    expect(verdicts).toEqual([false, false, false, false, false, true, true, true]);
  });

  it('judges nothing before a whole window was waited, however little came', () => {
    const { meter, pass } = meterOf();
    pass(59_999);
    expect(meter.isStalled()).toBe(false);
    pass(1);
    expect(meter.isStalled()).toBe(true);
  });

  it('never stalls a host that keeps to the floor, however long it takes', () => {
    const { meter, pass } = meterOf();
    for (let second = 0; second < 600; second += 1) {
      pass(1000);
      meter.moved(KIB);
      expect(meter.isStalled(), `at ${second + 1} s`).toBe(false);
    }
  });

  it('stalls a host that slowed down once its fast start left the window', () => {
    const { meter, pass } = meterOf();
    pass(1000);
    meter.moved(10 * KIB * KIB);
    pass(59_000);
    meter.moved(1);
    expect(meter.isStalled()).toBe(false);
    // The first second's bytes leave the window between 61 s and 64 s (a slot is 3 s).
    pass(5000);
    meter.moved(1);
    expect(meter.isStalled()).toBe(true);
  });

  it('does not count the time we hold the request, even while bytes come in', () => {
    const { meter, pass } = meterOf();
    meter.moved(KIB);
    pass(500);
    // Our bandwidth limit (or disk) holds the request for ten minutes and lets 1 KiB go a
    // minute, which the host sends at once: counted in wall time, that is far below the floor.
    meter.hold();
    for (let minute = 0; minute < 10; minute += 1) {
      pass(60_000);
      meter.waitHost();
      pass(50);
      meter.moved(KIB);
      meter.hold();
      expect(meter.isStalled(), `after minute ${minute + 1}`).toBe(false);
    }
  });

  it('counts the host time across holds: a trickle between holds is stalled all the same', () => {
    const { meter, pass } = meterOf();
    for (let turn = 0; turn < 7; turn += 1) {
      pass(10_000);
      meter.moved(1);
      meter.hold();
      pass(120_000);
      meter.waitHost();
    }
    expect(meter.isStalled()).toBe(true);
  });

  it('is never stalled with the floor off', () => {
    const { meter, pass } = meterOf({ minBytesPerSecond: 0, windowMs: 60_000 });
    pass(3_600_000);
    expect(meter.isStalled()).toBe(false);
  });

  it('judges a short window as it judges the default one', () => {
    const { meter, pass } = meterOf({ minBytesPerSecond: KIB, windowMs: 2000 });
    pass(1000);
    meter.moved(1);
    expect(meter.isStalled()).toBe(false);
    pass(1000);
    meter.moved(1);
    expect(meter.isStalled()).toBe(true);
  });
});

describe('TooSlowError', () => {
  it('is a network error that names the floor it fell under', () => {
    const error = new TooSlowError(DEFAULT_THROUGHPUT_FLOOR);
    expect(isAppError(error)).toBe(true);
    expect(error.toData()).toEqual({
      code: 'NETWORK',
      details: TOO_SLOW,
      message:
        'The storage host was too slow (under 1.00 KiB/s for 1 min); the transfer tries again on its own.',
    });
    expect(floorText({ minBytesPerSecond: 512, windowMs: 2000 })).toBe('under 512 B/s for 2 s');
  });
});
