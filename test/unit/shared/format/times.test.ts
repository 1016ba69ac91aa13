import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDate,
  formatDateTime,
  formatTickTime,
  formatTimeOfDay,
} from '../../../../src/shared/format/times';

// A fixed zone with a daylight-saving change, so that the local calendar is the one tested
// (Node reads TZ again when it is set). The worker runs other files after this one: the zone
// it had (UTC, vitest.config.ts) is put back.
const zone = process.env['TZ'];
beforeAll(() => {
  process.env['TZ'] = 'Europe/Berlin';
});
afterAll(() => {
  if (zone === undefined) delete process.env['TZ'];
  else process.env['TZ'] = zone;
});

// 2026-11-27 00:11:24 in Berlin (UTC+1 in November), a minute past midnight: the hour that a
// 12-hour clock writes as "12" and a UTC reading puts on the day before.
const LATE = Date.parse('2026-11-26T23:11:24Z');
const AFTERNOON = Date.parse('2026-11-27T13:03:05Z');
const YESTERDAY = Date.parse('2026-11-26T22:59:59Z');

describe('absolute times on the 24-hour clock (the default)', () => {
  it('writes YYYY-MM-DD HH:mm:ss in the local time zone', () => {
    expect(formatDateTime(LATE)).toBe('2026-11-27 00:11:24');
    expect(formatDateTime('2026-11-26T23:11:24Z')).toBe('2026-11-27 00:11:24');
    expect(formatDateTime(new Date(AFTERNOON))).toBe('2026-11-27 14:03:05');
    // Summer time: UTC+2.
    expect(formatDateTime('2026-07-01T08:00:00Z')).toBe('2026-07-01 10:00:00');
    expect(formatDateTime(AFTERNOON, { clock: '24h' })).toBe('2026-11-27 14:03:05');
  });

  it('writes dates, times of day and axis ticks in the same form', () => {
    expect(formatDate(LATE)).toBe('2026-11-27');
    expect(formatTimeOfDay(LATE)).toBe('00:11:24');
    expect(formatTickTime(AFTERNOON)).toBe('14:03');
  });

  it('answers a dash for nothing and shows text that is not a time as it came', () => {
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime(Number.NaN)).toBe('—');
    expect(formatDateTime(Number.POSITIVE_INFINITY)).toBe('—');
    expect(formatDateTime('not a time')).toBe('not a time');
    expect(formatDate(undefined)).toBe('—');
  });
});

describe('the day boundary', () => {
  it('writes the time alone on the day of now, and the date as well on any other day', () => {
    expect(formatClockTime(LATE, AFTERNOON)).toBe('00:11:24');
    expect(formatClockTime(YESTERDAY, AFTERNOON)).toBe('2026-11-26 23:59:59');
    expect(formatClockTime(AFTERNOON, Date.parse('2026-11-28T00:00:00Z'))).toBe(
      '2026-11-27 14:03:05',
    );
    expect(formatClockTime(undefined, AFTERNOON)).toBe('—');
  });
});

describe("the system's clock", () => {
  const us = { clock: 'system', locale: 'en-US' } as const;
  const de = { clock: 'system', locale: 'de-DE' } as const;

  it("follows the locale's order of the date and its 12- or 24-hour clock", () => {
    expect(formatDateTime(LATE, us)).toMatch(/^11\/27\/2026,? 12:11:24\sAM$/);
    expect(formatDateTime(LATE, de)).toBe('27.11.2026, 00:11:24');
    expect(formatDate(LATE, de)).toBe('27.11.2026');
    expect(formatTimeOfDay(AFTERNOON, us)).toMatch(/^02:03:05\sPM$/);
    expect(formatTickTime(AFTERNOON, de)).toBe('14:03');
  });

  it('keeps the same-day rule and the same guards', () => {
    expect(formatClockTime(LATE, AFTERNOON, de)).toBe('00:11:24');
    expect(formatClockTime(YESTERDAY, AFTERNOON, de)).toBe('26.11.2026, 23:59:59');
    expect(formatDateTime(undefined, us)).toBe('—');
    expect(formatDateTime('not a time', us)).toBe('not a time');
  });
});
