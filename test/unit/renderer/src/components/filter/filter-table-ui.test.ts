import { describe, expect, it } from 'vitest';
import type { FilterConditionDraft } from '@renderer/composables/use-filter-builder';
import {
  FILTER_TABLE_UI,
  operatorOptions,
  pickOptions,
  propertyChange,
  propertyOptions,
  valuePlaceholder,
} from '@renderer/components/filter/filter-table-ui';
import { filterTables, type FilterTableName } from '@shared/filter/tables';

const draft = (partial: Partial<FilterConditionDraft>): FilterConditionDraft => ({
  property: 'name',
  operator: '=',
  value: '',
  values: [],
  ...partial,
});

describe('the filter builder of each table', () => {
  it('offers every property of the contract table, labelled where the table says so', () => {
    for (const table of ['archives', 'sessions'] as const satisfies FilterTableName[]) {
      expect(propertyOptions(table).map((option) => option.value)).toEqual(
        Object.keys(filterTables[table].properties),
      );
    }
    expect(propertyOptions('archives')).toContainEqual({ label: 'sizeInMb', value: 'sizeInMb' });
    expect(propertyOptions('sessions')).toContainEqual({
      label: 'Blocked by (spid)',
      value: 'blockingSessionId',
    });
  });

  it('starts a new row with a property the table has', () => {
    for (const table of ['archives', 'sessions'] as const satisfies FilterTableName[]) {
      const { property, operator } = FILTER_TABLE_UI[table].defaultCondition;
      expect(operatorOptions(table, property).map((option) => option.value)).toContain(operator);
    }
  });

  it('says what a value takes, with the property hint', () => {
    // The storage type is picked by name (no code to explain), yet a typed number still works.
    expect(valuePlaceholder('archives', 'storageTypeId')).toBe('A number');
    expect(valuePlaceholder('archives', 'createDate')).toBe('YYYY-MM-DD or an ISO timestamp');
    expect(valuePlaceholder('sessions', 'sessionId')).toBe('A number');
    expect(valuePlaceholder('sessions', 'hostName')).toBe('Text (* is a wildcard with LIKE)');
  });

  it('picks session statuses from their closed set, and types anything else', () => {
    expect(pickOptions('sessions', 'status')?.map((option) => option.value)).toContain('sleeping');
    expect(pickOptions('sessions', 'loginName')).toBeUndefined();
    expect(pickOptions('archives', 'name')).toBeUndefined();
  });
});

describe('propertyChange', () => {
  it('keeps the operator the new property allows, else takes its first', () => {
    expect(propertyChange('archives', draft({ operator: 'LIKE' }), 'createdBy')).toEqual({
      property: 'createdBy',
      operator: 'LIKE',
    });
    expect(propertyChange('archives', draft({ operator: 'LIKE' }), 'sizeInMb')).toEqual({
      property: 'sizeInMb',
      operator: '=',
    });
    expect(
      propertyChange('sessions', draft({ property: 'loginName', operator: 'LIKE' }), 'status'),
    ).toMatchObject({ property: 'status', operator: '=' });
  });

  it('keeps a typed value, and empties the row when a pick list is on either side', () => {
    const typed = draft({ property: 'loginName', value: 'etl' });
    expect(propertyChange('sessions', typed, 'hostName')).not.toHaveProperty('value');
    expect(propertyChange('sessions', typed, 'status')).toMatchObject({ value: '', values: [] });
    const picked = draft({ property: 'status', operator: 'IN', values: ['sleeping'] });
    expect(propertyChange('sessions', picked, 'loginName')).toEqual({
      property: 'loginName',
      operator: 'IN',
      value: '',
      values: [],
    });
  });
});
