import { afterEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import {
  durationBetween,
  formatElapsed,
  formatRelativeTime,
} from '@renderer/model/display/relative-time';
import { runningTickers, useSharedNow } from '@renderer/composables/use-shared-now';

const NOW = Date.parse('2024-05-10T12:00:00Z');
const at = (offsetMs: number): string => new Date(NOW + offsetMs).toISOString();
const MIN = 60_000;
const DAY = 86_400_000;
const words = (text: string): string => text.replace(/\s+/g, ' ');

describe('relative times', () => {
  it('says "now" within 45 s, before and after', () => {
    const now = words(formatRelativeTime(at(0), NOW));
    expect(words(formatRelativeTime(at(-44_000), NOW))).toBe(now);
    expect(words(formatRelativeTime(at(30_000), NOW))).toBe(now);
  });

  it('uses the largest unit that fits, rounded down, in the past and the future', () => {
    expect(formatRelativeTime(at(-3 * MIN), NOW)).toMatch(/3 minutes ago/);
    expect(formatRelativeTime(at(-89 * MIN), NOW)).toMatch(/1 hour ago/);
    expect(formatRelativeTime(at(2 * DAY + MIN), NOW)).toMatch(/in 2 days/);
    expect(formatRelativeTime(at(-20 * DAY), NOW)).toMatch(/2 weeks ago/);
    expect(formatRelativeTime(at(-400 * DAY), NOW)).toMatch(/last year|1 year ago/);
  });

  it('answers a dash for nothing and the text itself when it is not a time', () => {
    expect(formatRelativeTime(undefined, NOW)).toBe('—');
    expect(formatRelativeTime(null, NOW)).toBe('—');
    expect(formatRelativeTime('soon', NOW)).toBe('soon');
  });
});

describe('durations', () => {
  it('formats seconds, minutes, hours and days', () => {
    expect(formatElapsed(42_400)).toBe('42 s');
    expect(formatElapsed(4 * MIN + 10_000)).toBe('4 min 10 s');
    expect(formatElapsed(125 * MIN)).toBe('2 h 5 min');
    expect(formatElapsed(3 * DAY + 4 * 60 * MIN)).toBe('3 d 4 h');
    expect(formatElapsed(-5_000)).toBe('0 s');
  });

  it('measures end − start, or the time run so far without an end', () => {
    expect(durationBetween(at(-90_000), at(0), NOW + DAY)).toBe('1 min 30 s');
    expect(durationBetween(at(-90_000), null, NOW)).toBe('1 min 30 s');
    expect(durationBetween(undefined, at(0), NOW)).toBe('—');
    expect(durationBetween('garbage', at(0), NOW)).toBe('—');
  });
});

describe('the shared clock', () => {
  afterEach(() => vi.useRealTimers());

  it('runs one timer per period for every reader, and stops with the last one', () => {
    vi.useFakeTimers({ now: NOW });
    const scopes = [effectScope(), effectScope(), effectScope()];
    const clocks = scopes.map((scope) => scope.run(() => useSharedNow(30_000)));
    expect(runningTickers()).toBe(1);
    expect(new Set(clocks).size).toBe(1);
    vi.advanceTimersByTime(30_000);
    expect(clocks[0]?.value).toBe(NOW + 30_000);
    scopes[0]?.stop();
    scopes[1]?.stop();
    expect(runningTickers()).toBe(1);
    scopes[2]?.stop();
    expect(runningTickers()).toBe(0);
  });
});
