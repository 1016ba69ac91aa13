import { describe, expect, it } from 'vitest';
import type { FilterValue } from '../../../../src/shared/filter/ast';
import { parseFilter, tryParseFilter } from '../../../../src/shared/filter/parser';
import { printFilter, printValue } from '../../../../src/shared/filter/printer';
import {
  ARCHIVE_FILTER_PROPERTIES,
  OPERATORS,
  SESSION_FILTER_PROPERTIES,
  filterTables,
  type FilterPropertyType,
  type FilterTable,
} from '../../../../src/shared/filter/tables';

const ORDERED = ['=', '!=', '>', '<', '>=', '<='];
const WITH_LIKE = [...ORDERED, 'LIKE', 'NOT LIKE'];

const SAMPLE: Record<FilterPropertyType, FilterValue> = {
  string: { type: 'string', value: 'a "quoted" \\ value' },
  number: { type: 'number', value: -12.5 },
  date: { type: 'date', value: '2026-01-05' },
};
const SAMPLE_TIMESTAMP: FilterValue = { type: 'date', value: '2026-01-05T10:00:00Z' };
const PATTERN: FilterValue = { type: 'string', value: 'ab*' };

function problemOf(text: string, table: FilterTable): { message: string; position: number } {
  const result = tryParseFilter(text, table);
  if (result.ok) throw new Error(`${text} parsed without an error`);
  return result.error;
}

describe('filter tables', () => {
  it('match the interface table of archive properties exactly', () => {
    const shape = Object.entries(ARCHIVE_FILTER_PROPERTIES).map(([name, spec]) => [
      name,
      spec.type,
      [...spec.operators],
      spec.list,
    ]);
    expect(shape).toEqual([
      ['archiveId', 'string', ORDERED, true],
      ['name', 'string', WITH_LIKE, true],
      ['sizeInMb', 'number', ORDERED, true],
      ['createDate', 'date', ORDERED, true],
      ['expiryDate', 'date', ORDERED, true],
      ['createdBy', 'string', WITH_LIKE, true],
      ['storageTypeId', 'number', ORDERED, true],
    ]);
  });

  it('match the interface table of session properties exactly', () => {
    const shape = Object.entries(SESSION_FILTER_PROPERTIES).map(([name, spec]) => [
      name,
      spec.type,
      [...spec.operators],
      spec.list,
    ]);
    expect(shape).toEqual([
      ['blockingSessionId', 'number', ORDERED, true],
      ['databaseName', 'string', WITH_LIKE, true],
      ['hostName', 'string', WITH_LIKE, true],
      ['loginName', 'string', WITH_LIKE, true],
      ['programName', 'string', WITH_LIKE, true],
      ['sessionId', 'number', ORDERED, true],
      ['status', 'string', ['=', '!='], true],
    ]);
  });

  it('are reachable by list name', () => {
    expect(filterTables.archives.properties).toBe(ARCHIVE_FILTER_PROPERTIES);
    expect(filterTables.sessions.properties).toBe(SESSION_FILTER_PROPERTIES);
  });
});

const tables: FilterTable[] = [filterTables.archives, filterTables.sessions];

for (const table of tables) {
  for (const [property, spec] of Object.entries(table.properties)) {
    describe(`${table.name}: ${property} (${spec.type})`, () => {
      for (const operator of spec.operators) {
        it(`allows ${operator}`, () => {
          const value = operator.endsWith('LIKE') ? PATTERN : SAMPLE[spec.type];
          const text = `${property} ${operator} ${printValue(value)}`;
          const expr = parseFilter(text, table);
          expect(expr).toEqual({ kind: 'comparison', property, operator, value });
          expect(printFilter(expr)).toBe(text);
          expect(parseFilter(printFilter(expr), table)).toEqual(expr);
        });
      }

      const refused = OPERATORS.filter((operator) => !spec.operators.includes(operator));
      for (const operator of refused) {
        it(`refuses ${operator}, naming the operator, the property and the position`, () => {
          const value = operator.endsWith('LIKE') ? PATTERN : SAMPLE[spec.type];
          const text = `  ${property.toUpperCase()} ${operator} ${printValue(value)}`;
          const position = property.length + 3;
          const problem = problemOf(text, table);
          expect(problem.position).toBe(position);
          expect(problem.message).toContain(
            `Operator ${operator} is not allowed for ${property} (${spec.type}) at position ${position}`,
          );
        });
      }

      for (const negated of [false, true]) {
        const keyword = negated ? 'NOT IN' : 'IN';
        it(`allows ${keyword} with one and with several values`, () => {
          const values =
            spec.type === 'date' ? [SAMPLE.date, SAMPLE_TIMESTAMP] : [SAMPLE[spec.type]];
          for (const list of [values, [...values, ...values]]) {
            const text = `${property} ${keyword} (${list.map(printValue).join(', ')})`;
            const expr = parseFilter(text, table);
            expect(expr).toEqual({ kind: 'in', property, negated, values: list });
            expect(printFilter(expr)).toBe(text);
          }
        });

        it(`refuses an empty ${keyword} list`, () => {
          const text = `${property} ${keyword} ( )`;
          const position = property.length + keyword.length + 2;
          const problem = problemOf(text, table);
          expect(problem.position).toBe(position);
          expect(problem.message).toContain(`Empty ${keyword} list for ${property}`);
        });
      }

      it('refuses a value of another type', () => {
        const other: FilterValue =
          spec.type === 'number' ? { type: 'string', value: '1' } : { type: 'number', value: 1 };
        const text = `${property} = ${printValue(other)}`;
        const position = property.length + 3;
        const problem = problemOf(text, table);
        expect(problem.position).toBe(position);
        expect(problem.message).toContain(`for ${property} at position ${position}`);
      });
    });
  }
}

describe('properties of the other list', () => {
  it('are unknown', () => {
    expect(() => parseFilter('sessionId = 1', 'archives')).toThrow(/Unknown property "sessionId"/);
    expect(() => parseFilter('sizeInMb = 1', 'sessions')).toThrow(/Unknown property "sizeInMb"/);
  });
});
