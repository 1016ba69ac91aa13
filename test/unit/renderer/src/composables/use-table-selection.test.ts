import { shallowRef } from 'vue';
import { describe, expect, it } from 'vitest';
import { useTableSelection } from '@renderer/composables/use-table-selection';

interface Row {
  readonly id: string;
}
const rowsOf = (...ids: string[]): Row[] => ids.map((id) => ({ id }));

function table(ids = ['a', 'b', 'c', 'd', 'e']) {
  const all = shallowRef<readonly Row[]>(rowsOf(...ids));
  const shown = shallowRef<readonly Row[]>(all.value);
  const selection = useTableSelection<Row>({
    shown: () => shown.value,
    all: () => all.value,
    keyOf: (row) => row.id,
  });
  const picked = (): string[] => selection.rows.value.map((row) => row.id);
  return { all, shown, selection, picked };
}

describe('table selection', () => {
  it('toggles rows in and out, one at a time (Ctrl+click, Space, the checkbox)', () => {
    const { selection, picked } = table();
    selection.toggle('b');
    selection.toggle('d');
    expect(picked()).toEqual(['b', 'd']);
    selection.toggle('b');
    expect(picked()).toEqual(['d']);
    expect(selection.count.value).toBe(1);
  });

  it('selects a range from the anchor with Shift, both ways, adding to what was selected', () => {
    const { selection, picked } = table();
    selection.toggle('b');
    selection.extendTo('d');
    expect(picked()).toEqual(['b', 'c', 'd']);
    selection.clear();
    selection.toggle('e');
    selection.extendTo('c');
    expect(picked()).toEqual(['c', 'd', 'e']);
    selection.toggle('a');
    selection.extendTo('a');
    expect(picked()).toEqual(['a', 'c', 'd', 'e']);
  });

  it('starts a range at the row itself when nothing was picked before', () => {
    const { selection, picked } = table();
    selection.extendTo('c');
    expect(picked()).toEqual(['c']);
    selection.extendTo('e');
    expect(picked()).toEqual(['c', 'd', 'e']);
  });

  it('picks a row alone on a plain click, and every shown row or none from the header', () => {
    const { selection, picked } = table();
    selection.toggle('a');
    selection.toggle('b');
    selection.only('d');
    expect(picked()).toEqual(['d']);
    selection.setAll(true);
    expect(selection.isAll.value).toBe(true);
    expect(picked()).toEqual(['a', 'b', 'c', 'd', 'e']);
    selection.setAll(false);
    expect(picked()).toEqual([]);
    expect(selection.isAll.value).toBe(false);
  });

  it('acts on the shown rows only: a row hidden by the search stays selected for later', () => {
    const { all, shown, selection, picked } = table();
    selection.setAll(true);
    shown.value = all.value.filter((row) => row.id !== 'c');
    expect(picked()).toEqual(['a', 'b', 'd', 'e']);
    expect(selection.isAll.value).toBe(true);
    selection.setAll(false);
    shown.value = all.value;
    expect(picked()).toEqual(['c']);
  });

  it('drops the rows that left the list (a refresh), and keeps only the given keys', () => {
    const { all, shown, selection, picked } = table();
    selection.setAll(true);
    all.value = rowsOf('a', 'c', 'e');
    shown.value = all.value;
    expect(picked()).toEqual(['a', 'c', 'e']);
    expect([...selection.keys.value]).toEqual(['a', 'c', 'e']);
    selection.keep(['c']);
    expect(picked()).toEqual(['c']);
  });
});
