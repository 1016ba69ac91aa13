import { describe, expect, it } from 'vitest';
import { effectScope, nextTick } from 'vue';
import {
  buildFilter,
  conditionToExpr,
  conditionsFromExpr,
  useFilterBuilder,
  type FilterCondition,
} from '@renderer/composables/use-filter-builder';
import { parseFilter } from '@shared/filter/parser';
import { printFilter } from '@shared/filter/printer';

const row = (id: number, partial: Partial<FilterCondition>): FilterCondition => ({
  id,
  property: 'name',
  operator: '=',
  value: '',
  values: [],
  ...partial,
});

function builder(initialText?: string) {
  const scope = effectScope();
  const result = scope.run(() =>
    useFilterBuilder({ table: 'archives', ...(initialText === undefined ? {} : { initialText }) }),
  );
  if (!result) throw new Error('no builder');
  return result;
}

describe('conditionToExpr', () => {
  it('reads values as the property type wants them', () => {
    const size = conditionToExpr(
      'archives',
      row(1, { property: 'sizeinmb', operator: '>=', value: '1024' }),
    );
    expect(size.ok && printFilter(size.expr)).toBe('sizeInMb >= 1024');
    const date = conditionToExpr(
      'archives',
      row(1, { property: 'createDate', operator: '<', value: '2026-01-05' }),
    );
    expect(date.ok && printFilter(date.expr)).toBe('createDate < 2026-01-05');
    const like = conditionToExpr('archives', row(1, { operator: 'LIKE', value: 'EDM_*' }));
    expect(like.ok && printFilter(like.expr)).toBe('name LIKE "EDM_*"');
    const list = conditionToExpr(
      'archives',
      row(1, { property: 'storageTypeId', operator: 'NOT IN', values: ['0', ' ', '1'] }),
    );
    expect(list.ok && printFilter(list.expr)).toBe('storageTypeId NOT IN (0, 1)');
  });

  it('says what is wrong with a row', () => {
    const cases: Array<[Partial<FilterCondition>, RegExp]> = [
      [{ property: 'sizeInMb', operator: '>', value: 'big' }, /takes a number/],
      [{ property: 'createDate', operator: '>', value: '2026-02-30' }, /Invalid date/],
      [{ property: 'sizeInMb', operator: 'LIKE', value: '1' }, /not LIKE/],
      [{ property: 'serverName', operator: '=', value: 'x' }, /Choose a property/],
      [{ operator: '=', value: '  ' }, /Enter a value/],
      [{ operator: 'IN', values: [] }, /at least one value/],
    ];
    for (const [partial, message] of cases) {
      const result = conditionToExpr('archives', row(1, partial));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(message);
    }
  });
});

describe('buildFilter and conditionsFromExpr', () => {
  it('joins rows with AND or OR, and reads a flat filter back into rows', () => {
    const rows = [
      row(1, { operator: 'LIKE', value: 'Sales*' }),
      row(2, { property: 'storageTypeId', operator: 'IN', values: ['0'] }),
    ];
    const and = buildFilter('archives', rows, 'AND');
    expect(and.ok && printFilter(and.expr)).toBe('name LIKE "Sales*" AND storageTypeId IN (0)');
    const orBuilt = buildFilter('archives', rows, 'OR');
    expect(orBuilt.ok && printFilter(orBuilt.expr)).toBe(
      'name LIKE "Sales*" OR storageTypeId IN (0)',
    );
    expect(buildFilter('archives', [], 'OR')).toEqual({ ok: true, expr: null });
    const back = conditionsFromExpr(
      parseFilter('name LIKE "Sales*" OR storageTypeId IN (0)', 'archives'),
    );
    expect(back).toEqual({
      join: 'OR',
      conditions: [
        { property: 'name', operator: 'LIKE', value: 'Sales*', values: [] },
        { property: 'storageTypeId', operator: 'IN', value: '', values: ['0'] },
      ],
    });
  });

  it('reports each unfinished row by id', () => {
    const built = buildFilter('archives', [row(1, { value: 'a' }), row(7, { value: '' })], 'AND');
    expect(built.ok).toBe(false);
    if (!built.ok) expect([...built.problems.keys()]).toEqual([7]);
  });

  it('gives up on nested filters (only the text can show them)', () => {
    const nested = parseFilter('name = "a" OR (sizeInMb > 1 AND sizeInMb < 9)', 'archives');
    expect(conditionsFromExpr(nested)).toBeUndefined();
  });
});

describe('useFilterBuilder', () => {
  it('writes the text from the rows', async () => {
    const filter = builder();
    filter.addCondition({ property: 'createdBy', operator: '=', value: 'admin' });
    await nextTick();
    expect(filter.text.value).toBe('createdBy = "admin"');
    filter.join.value = 'OR';
    filter.addCondition({ property: 'sizeInMb', operator: '>', value: '' });
    await nextTick();
    // The unfinished row keeps the text as it was and names its problem.
    expect(filter.text.value).toBe('createdBy = "admin"');
    expect([...filter.problems.value.values()]).toEqual(['Enter a value']);
    const last = filter.conditions.value.at(-1);
    if (last) last.value = '500';
    await nextTick();
    expect(filter.text.value).toBe('createdBy = "admin" OR sizeInMb > 500');
  });

  it('reads the rows from typed text, and shows a parse error with its position', async () => {
    const filter = builder();
    filter.text.value = 'name like "x*" and storageTypeId = 1';
    await nextTick();
    expect(filter.conditions.value.map((c) => `${c.property} ${c.operator} ${c.value}`)).toEqual([
      'name LIKE x*',
      'storageTypeId = 1',
    ]);
    filter.text.value = 'sizeInMb > "big"';
    await nextTick();
    expect(filter.error.value?.position).toBe(11);
    expect(filter.error.value?.message).toMatch(/Expected a number/);
    // The rows stay as they were while the text is being fixed.
    expect(filter.conditions.value).toHaveLength(2);
    expect(filter.apply()).toBe(false);
  });

  it('applies canonical text only when it parses, and tracks whether it changed', async () => {
    const filter = builder('name = "a"');
    expect(filter.applied.value).toBe('name = "a"');
    expect(filter.isDirty.value).toBe(false);
    expect(filter.conditions.value).toHaveLength(1);
    filter.text.value = 'NAME = "b"';
    await nextTick();
    expect(filter.isDirty.value).toBe(true);
    expect(filter.apply()).toBe(true);
    expect(filter.applied.value).toBe('name = "b"');
    expect(filter.text.value).toBe('name = "b"');
    expect(filter.isDirty.value).toBe(false);
  });

  it('leaves nested text alone: the rows cannot show it', async () => {
    const filter = builder();
    filter.text.value = '(name = "a" OR name = "b") AND sizeInMb > 1';
    await nextTick();
    expect(filter.isRepresentable.value).toBe(false);
    filter.addCondition({ value: 'c' });
    await nextTick();
    expect(filter.text.value).toBe('(name = "a" OR name = "b") AND sizeInMb > 1');
    filter.clear();
    await nextTick();
    expect(filter.text.value).toBe('');
    expect(filter.applied.value).toBe('');
  });
});
