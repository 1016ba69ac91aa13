import { ref } from 'vue';
import { describe, expect, it } from 'vitest';
import { useCurrentRow } from '@renderer/composables/use-current-row';

interface Row {
  readonly id: string;
}
const ROWS: readonly Row[] = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

function table() {
  const current = ref<string>();
  const heard: Array<string | undefined> = [];
  const opened: string[] = [];
  const row = useCurrentRow<Row>({
    current,
    keyOf: (item) => item.id,
    shown: () => ROWS,
    onSelect: (item) => heard.push(item?.id),
    onOpen: (item) => opened.push(item.id),
  });
  return { current, heard, opened, row };
}

describe('current row', () => {
  it('makes one row current at a time, and tells the view once per change', () => {
    const { current, heard, row } = table();
    row.makeCurrent('a');
    row.makeCurrent('a');
    row.makeCurrent('b');
    expect(current.value).toBe('b');
    expect(row.isCurrent('b')).toBe(true);
    expect(row.isCurrent('a')).toBe(false);
    expect(heard).toEqual(['a', 'b']);
  });

  it('opens a row after making it current, and clears the current row', () => {
    const { current, heard, opened, row } = table();
    const third = ROWS[2] as Row;
    row.open(third);
    expect(current.value).toBe('c');
    expect(opened).toEqual(['c']);
    expect(row.clearCurrent()).toBe(true);
    expect(row.clearCurrent()).toBe(false);
    expect(current.value).toBeUndefined();
    expect(heard).toEqual(['c', undefined]);
  });

  it('follows a current row the view sets, and marks it apart from the ticked rows', () => {
    const { current, heard, row } = table();
    current.value = 'b';
    expect(row.isCurrent('b')).toBe(true);
    expect(heard).toEqual([]);
    const [first, second] = ROWS as [Row, Row];
    expect(row.classOf(second, false)).toBe('resource-table__row--current');
    expect(row.classOf(first, true)).toBe('resource-table__row--checked');
    expect(row.classOf(second, true)).toBe(
      'resource-table__row--current resource-table__row--checked',
    );
    expect(row.classOf(first, false)).toBe('');
  });
});
