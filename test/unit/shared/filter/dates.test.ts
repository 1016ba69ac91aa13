import { describe, expect, it } from 'vitest';
import { DATE_FORMS, checkDateText, isDateOnlyText } from '../../../../src/shared/filter/dates';

function span(text: string): { dateOnly: boolean; start: string; endMs: number } {
  const check = checkDateText(text);
  if (!check.ok) throw new Error(check.reason);
  const { dateOnly, startMs, endMs } = check.span;
  return { dateOnly, start: new Date(startMs).toISOString(), endMs: endMs - startMs };
}

describe('checkDateText', () => {
  it('reads a date-only value as the whole UTC day', () => {
    expect(span('2026-01-05')).toEqual({
      dateOnly: true,
      start: '2026-01-05T00:00:00.000Z',
      endMs: 86_400_000,
    });
  });

  it('reads a timestamp as one millisecond, in UTC when it has no offset', () => {
    expect(span('2026-01-05T10:20:30Z')).toEqual({
      dateOnly: false,
      start: '2026-01-05T10:20:30.000Z',
      endMs: 1,
    });
    expect(span('2026-01-05T10:20:30.5').start).toBe('2026-01-05T10:20:30.500Z');
    expect(span('2026-01-05T10:20:30.123456789z').start).toBe('2026-01-05T10:20:30.123Z');
    expect(span('2026-01-05t10:20').start).toBe('2026-01-05T10:20:00.000Z');
  });

  it('applies offsets', () => {
    expect(span('2026-01-05T10:00:00+02:00').start).toBe('2026-01-05T08:00:00.000Z');
    expect(span('2026-01-05T01:00:00-05:30').start).toBe('2026-01-05T06:30:00.000Z');
    expect(span('2026-01-01T00:30:00+14:00').start).toBe('2025-12-31T10:30:00.000Z');
  });

  it('knows leap years', () => {
    expect(checkDateText('2024-02-29').ok).toBe(true);
    expect(checkDateText('2000-02-29').ok).toBe(true);
    expect(checkDateText('1900-02-29').ok).toBe(false);
    expect(checkDateText('2026-02-29').ok).toBe(false);
  });

  it('keeps years below 100 as written', () => {
    expect(span('0099-12-31').start).toBe('0099-12-31T00:00:00.000Z');
  });

  it('says why a date is invalid', () => {
    expect(checkDateText('2026-13-01')).toEqual({
      ok: false,
      reason: 'the month must be 01 to 12',
    });
    expect(checkDateText('2026-06-31')).toEqual({
      ok: false,
      reason: 'the day must be 01 to 30 in 2026-06',
    });
    expect(checkDateText('2026-01-05T10:00:00+14:30')).toMatchObject({ ok: false });
    expect(checkDateText('20260105')).toEqual({ ok: false, reason: DATE_FORMS });
    expect(DATE_FORMS).toContain('YYYY-MM-DD');
    expect(checkDateText('2026-01-05T10')).toMatchObject({ ok: false });
    expect(checkDateText('2026-01-05 ')).toMatchObject({ ok: false });
  });
});

describe('isDateOnlyText', () => {
  it('tells date-only values from timestamps', () => {
    expect(isDateOnlyText('2026-01-05')).toBe(true);
    expect(isDateOnlyText('2026-01-05T00:00:00Z')).toBe(false);
  });
});
