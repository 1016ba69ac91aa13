import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatDuration,
  formatDurationBetween,
} from '../../../../src/shared/format/durations';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const DAY = 24 * H;
const NOW = Date.parse('2026-11-27T12:00:00Z');
const at = (offsetMs: number): string => new Date(NOW + offsetMs).toISOString();

describe('durations', () => {
  it('writes seconds, then minutes and seconds, hours and minutes, days and hours', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(4 * S)).toBe('4 s');
    expect(formatDuration(59_400)).toBe('59 s');
    expect(formatDuration(2 * MIN + 5 * S)).toBe('2 min 05 s');
    expect(formatDuration(59 * MIN + 59 * S)).toBe('59 min 59 s');
    expect(formatDuration(H + 2 * MIN)).toBe('1 h 02 min');
    expect(formatDuration(23 * H + 59 * MIN + 59 * S)).toBe('23 h 59 min');
    expect(formatDuration(3 * DAY + 4 * H)).toBe('3 d 04 h');
  });

  it('leaves out a second unit that is zero', () => {
    expect(formatDuration(MIN)).toBe('1 min');
    expect(formatDuration(2 * H)).toBe('2 h');
    expect(formatDuration(DAY)).toBe('1 d');
  });

  it('rounds to the second: 59.6 s is a minute', () => {
    expect(formatDuration(59_600)).toBe('1 min');
    expect(formatDuration(400)).toBe('0 s');
  });

  it('counts a negative duration as zero and answers a dash for what is not a number', () => {
    expect(formatDuration(-5 * S)).toBe('0 s');
    expect(formatDuration(Number.NaN)).toBe('—');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(null)).toBe('—');
  });

  it('measures end − start, or until now without an end', () => {
    expect(formatDurationBetween(at(-90 * S), at(0), NOW + DAY)).toBe('1 min 30 s');
    expect(formatDurationBetween(at(-90 * S), null, NOW)).toBe('1 min 30 s');
    expect(formatDurationBetween(at(-2 * H - 3 * MIN), null, NOW)).toBe('2 h 03 min');
    expect(formatDurationBetween(undefined, at(0), NOW)).toBe('—');
    expect(formatDurationBetween('garbage', at(0), NOW)).toBe('—');
    expect(formatDurationBetween(at(0), 'garbage', NOW)).toBe('—');
  });
});

describe('ages', () => {
  it('says "now" within a minute, before and after', () => {
    expect(formatAge(at(0), NOW)).toBe('now');
    expect(formatAge(at(-59 * S), NOW)).toBe('now');
    expect(formatAge(at(30 * S), NOW)).toBe('now');
  });

  it('uses the largest unit that fits, rounded down, in the past and the future', () => {
    expect(formatAge(at(-5 * MIN), NOW)).toBe('5 min ago');
    expect(formatAge(at(-89 * MIN), NOW)).toBe('1 h ago');
    expect(formatAge(at(-25 * H), NOW)).toBe('1 d ago');
    expect(formatAge(at(-45 * DAY), NOW)).toBe('1 mo ago');
    expect(formatAge(at(-400 * DAY), NOW)).toBe('1 y ago');
    expect(formatAge(at(2 * DAY + MIN), NOW)).toBe('in 2 d');
  });

  it('takes ISO texts, epoch milliseconds and Dates', () => {
    expect(formatAge(NOW - 3 * H, NOW)).toBe('3 h ago');
    expect(formatAge(new Date(NOW - 3 * H), NOW)).toBe('3 h ago');
  });

  it('answers a dash for nothing and for what is not a time', () => {
    expect(formatAge(undefined, NOW)).toBe('—');
    expect(formatAge(null, NOW)).toBe('—');
    expect(formatAge('', NOW)).toBe('—');
    expect(formatAge('soon', NOW)).toBe('—');
    expect(formatAge(Number.NaN, NOW)).toBe('—');
  });
});
