import { describe, expect, it } from 'vitest';
import { FilterSyntaxError } from '../../../../src/shared/filter/errors';
import { parseFilter } from '../../../../src/shared/filter/parser';
import type { FilterTableName } from '../../../../src/shared/filter/tables';

interface Case {
  text: string;
  table?: FilterTableName;
  position: number;
  message: string;
}

function errorOf(text: string, table: FilterTableName): FilterSyntaxError {
  try {
    parseFilter(text, table);
  } catch (error) {
    if (error instanceof FilterSyntaxError) return error;
    throw error;
  }
  throw new Error(`"${text}" parsed without an error`);
}

function check(cases: readonly Case[]): void {
  for (const { text, table = 'archives', position, message } of cases) {
    it(`${text} -> position ${position}`, () => {
      const error = errorOf(text, table);
      expect(error.position).toBe(position);
      expect(error.message).toContain(message);
      expect(error.message).toContain(`position ${position}`);
    });
  }
}

describe('unknown property', () => {
  check([
    {
      text: 'foo = 1',
      position: 0,
      message:
        'Unknown property "foo" at position 0; archives can be filtered by archiveId, name, sizeInMb, createDate, expiryDate, createdBy, storageTypeId',
    },
    { text: 'sizeInMb = 1 OR  bar = 2', position: 17, message: 'Unknown property "bar"' },
    {
      text: 'sessoinId = 1',
      table: 'sessions',
      position: 0,
      message: 'did you mean sessionId?',
    },
    { text: 'nmae = "x"', position: 0, message: 'did you mean name?' },
    {
      text: 'status = "x" AND x = 1',
      table: 'sessions',
      position: 17,
      message: 'sessions can be filtered by blockingSessionId, databaseName',
    },
  ]);
});

describe('bad or missing operator', () => {
  check([
    {
      text: 'sizeInMb LIKE "x"',
      position: 9,
      message: 'Operator LIKE is not allowed for sizeInMb (number)',
    },
    {
      text: 'status >= "running"',
      table: 'sessions',
      position: 7,
      message:
        'Operator >= is not allowed for status (string) at position 7; status allows =, !=, IN, NOT IN',
    },
    { text: 'sizeInMb <> 5', position: 9, message: 'Operator "<>" is not supported' },
    { text: 'sizeInMb == 5', position: 9, message: 'use "="' },
    { text: 'sizeInMb ! 5', position: 9, message: 'did you mean "!="?' },
    { text: 'sizeInMb 5', position: 9, message: 'Expected an operator after sizeInMb' },
    { text: 'sizeInMb', position: 8, message: 'found end of input' },
    { text: 'name NOT "x"', position: 9, message: 'Expected LIKE or IN after NOT' },
    { text: 'sizeInMb IN 1', position: 12, message: 'Expected "(" after IN' },
  ]);
});

describe('missing value', () => {
  check([
    { text: 'sizeInMb =', position: 10, message: 'Missing value for sizeInMb after "="' },
    { text: 'sizeInMb = AND sizeInMb = 1', position: 11, message: 'Missing value for sizeInMb' },
    { text: '(sizeInMb >)', position: 11, message: 'Missing value for sizeInMb after ">"' },
    {
      text: 'sizeInMb IN (1, )',
      position: 16,
      message: 'Missing value for sizeInMb in the IN list',
    },
    { text: 'sizeInMb IN (1 2)', position: 15, message: 'Expected "," or ")" in the IN list' },
  ]);
});

describe('strings', () => {
  check([
    { text: 'name = "abc', position: 7, message: 'Unterminated string starting at position 7' },
    { text: 'name = "abc\\"', position: 7, message: 'Unterminated string' },
    { text: 'name = "a\\nb"', position: 9, message: 'Unknown escape "\\n"' },
    { text: "name = 'abc'", position: 7, message: 'strings are written in double quotes' },
  ]);
});

describe('parentheses', () => {
  check([
    {
      text: '(sizeInMb = 1 OR sizeInMb = 2',
      position: 29,
      message: 'Expected ")" at position 29, found end of input',
    },
    {
      text: '((sizeInMb = 1) AND (sizeInMb = 2)',
      position: 34,
      message: 'closes the "(" at position 0',
    },
    {
      text: 'sizeInMb = 1)',
      position: 12,
      message: 'Unexpected ")" at position 12; there is no "(" to close',
    },
    { text: '()', position: 1, message: 'Expected a property name at position 1, found ")"' },
    { text: '(sizeInMb = 1 sizeInMb = 2)', position: 14, message: 'Expected ")"' },
  ]);
});

describe('trailing garbage and dangling connectives', () => {
  check([
    {
      text: 'sizeInMb = 1 2',
      position: 13,
      message: 'Extra input at position 13: found the number 2',
    },
    {
      text: 'sizeInMb = 1 foo',
      position: 13,
      message: 'expected AND, OR or the end of the filter',
    },
    { text: 'sizeInMb = 1 5abc', position: 13, message: 'found "5abc", expected AND, OR' },
    { text: 'sizeInMb = 1 AND', position: 13, message: 'Unexpected "AND" at end of input' },
    { text: 'sizeInMb = 1 or  ', position: 13, message: 'Unexpected "OR" at end of input' },
    {
      text: 'AND sizeInMb = 1',
      position: 0,
      message: 'Expected a property name at position 0, found "AND"',
    },
    { text: 'sizeInMb = 1 AND OR sizeInMb = 2', position: 17, message: 'Expected a property name' },
    { text: 'sizeInMb = 1 # x', position: 13, message: 'Unexpected character "#"' },
  ]);
});

describe('type mismatch', () => {
  check([
    {
      text: 'sizeInMb >= abc',
      position: 12,
      message: 'Expected a number for sizeInMb at position 12, found "abc"',
    },
    { text: 'sizeInMb = "5"', position: 11, message: 'write numbers without quotes' },
    {
      text: 'sizeInMb = 2026-01-05',
      position: 11,
      message: 'Invalid number "2026-01-05" for sizeInMb',
    },
    { text: 'sizeInMb = 1e999', position: 11, message: 'Number 1e999 at position 11 is too large' },
    {
      text: 'name = 2026-01-05',
      position: 7,
      message: 'Expected a string for name at position 7, found "2026-01-05"',
    },
    {
      text: 'createDate = 26-01-05',
      position: 13,
      message: 'Invalid date "26-01-05" for createDate',
    },
    { text: 'sizeInMb = 5abc', position: 11, message: 'Invalid number "5abc"' },
    {
      text: 'name = 5',
      position: 7,
      message: 'Expected a string for name at position 7, found the number 5',
    },
    {
      text: 'status = running',
      table: 'sessions',
      position: 9,
      message: 'write text in double quotes, as in "running"',
    },
    { text: 'createDate > 5', position: 13, message: 'Expected a date for createDate' },
    {
      text: 'createDate > "yesterday"',
      position: 13,
      message: 'Invalid date "yesterday" for createDate',
    },
    { text: 'sizeInMb IN (1, "2")', position: 16, message: 'Expected a number for sizeInMb' },
  ]);
});

describe('invalid dates', () => {
  check([
    { text: 'createDate = 2026-13-01', position: 13, message: 'Invalid date "2026-13-01"' },
    { text: 'createDate = 2026-00-10', position: 13, message: 'the month must be 01 to 12' },
    {
      text: 'createDate = 2026-02-29',
      position: 13,
      message: 'the day must be 01 to 28 in 2026-02',
    },
    { text: 'createDate = 2026-04-31', position: 13, message: 'the day must be 01 to 30' },
    { text: 'createDate = 2026-01-00', position: 13, message: 'the day must be 01 to 31' },
    { text: 'expiryDate < 2100-02-29', position: 13, message: 'the day must be 01 to 28' },
    { text: 'createDate = 2026-1-5', position: 13, message: 'write YYYY-MM-DD' },
    {
      text: 'createDate = "2026-01-05T24:00:00Z"',
      position: 13,
      message: 'the hour must be 00 to 23',
    },
    { text: 'createDate = "2026-01-05T10:60:00Z"', position: 13, message: 'the minutes' },
    { text: 'createDate = "2026-01-05T10:00:61Z"', position: 13, message: 'the seconds' },
    { text: 'createDate = "2026-01-05T10:00:00+15:00"', position: 13, message: 'UTC offset' },
    { text: 'createDate = "2026-01-05 10:00:00"', position: 13, message: 'Invalid date' },
    {
      text: 'createDate IN (2026-01-05, 2026-02-30)',
      position: 27,
      message: 'Invalid date "2026-02-30"',
    },
  ]);
});

describe('empty IN list', () => {
  check([
    { text: 'sizeInMb IN ()', position: 12, message: 'Empty IN list for sizeInMb at position 12' },
    { text: 'name NOT IN ( )', position: 12, message: 'Empty NOT IN list for name' },
  ]);
});

describe('the first problem wins', () => {
  check([{ text: 'foo = "unterminated', position: 0, message: 'Unknown property "foo"' }]);
});

describe('long input in messages', () => {
  it('is shortened', () => {
    const error = errorOf(`${'x'.repeat(500)} = 1`, 'archives');
    expect(error.message.length).toBeLessThan(250);
  });
});
