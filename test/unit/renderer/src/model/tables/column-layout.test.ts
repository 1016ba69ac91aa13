import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  columnWidth,
  fitColumns,
  loadColumnLayout,
  moveKey,
  orderColumns,
  saveColumnLayout,
} from '@renderer/model/tables/column-layout';
import type { ResourceColumn } from '@renderer/model/tables/resource-table';

type Row = Record<string, unknown>;
const column = (key: string, width: number, priority?: number): ResourceColumn<Row> => ({
  key,
  title: key,
  width,
  ...(priority === undefined ? {} : { priority }),
});
// Name is always needed; size next; the dates and the owner give way first, owner before all.
const COLUMNS = [
  column('name', 200, 1),
  column('size', 80, 2),
  column('created', 100, 4),
  column('expires', 100, 4),
  column('owner', 120, 6),
];
const widthOf = (c: ResourceColumn<Row>): number => columnWidth(c, undefined);

/** A Storage in memory (vitest runs in node). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('fitting the columns in the room a table has', () => {
  it('shows every column where they fit, or before the room is measured', () => {
    const all = COLUMNS.map((c) => c.key);
    expect(fitColumns({ wanted: COLUMNS, kept: new Set(), room: 600, widthOf })).toEqual({
      shown: all,
      gaveWay: [],
    });
    expect(
      fitColumns({ wanted: COLUMNS, kept: new Set(), room: undefined, widthOf }).shown,
    ).toEqual(all);
  });

  it('lets the least needed give way first, the rightmost of equals first', () => {
    // 600 px of columns in 420: the owner (6) goes, then the later of the two dates (4).
    expect(fitColumns({ wanted: COLUMNS, kept: new Set(), room: 420, widthOf })).toEqual({
      shown: ['name', 'size', 'created'],
      gaveWay: ['owner', 'expires'],
    });
  });

  it('never hides a column of priority 1, nor one the user ticked: the table scrolls', () => {
    const fit = fitColumns({ wanted: COLUMNS, kept: new Set(['owner']), room: 100, widthOf });
    expect(fit.shown).toEqual(['name', 'owner']);
    expect(fit.gaveWay).toEqual(['expires', 'created', 'size']);
  });

  it('counts a dragged width, and a stretching column at its minimum', () => {
    const stretching: ResourceColumn<Row> = { key: 'groups', title: 'Groups', minWidth: 140 };
    expect(columnWidth(stretching, undefined)).toBe(140);
    expect(columnWidth(COLUMNS[0] ?? stretching, { name: 320 })).toBe(320);
  });
});

describe('ordering the columns', () => {
  it('puts them in the saved order, columns added since after them', () => {
    const ordered = orderColumns(COLUMNS, ['owner', 'name', 'gone']);
    expect(ordered.map((c) => c.key)).toEqual(['owner', 'name', 'size', 'created', 'expires']);
    expect(orderColumns(COLUMNS, undefined)).toEqual(COLUMNS);
  });

  it('moves one key a place earlier or later, and not past either end', () => {
    expect(moveKey(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveKey(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveKey(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveKey(['a', 'b', 'c'], 'x', 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('the saved layout', () => {
  const original = (globalThis as { localStorage?: Storage }).localStorage;
  beforeEach(() => {
    (globalThis as { localStorage?: Storage }).localStorage = memoryStorage();
  });
  afterEach(() => {
    (globalThis as { localStorage?: Storage }).localStorage = original;
  });

  it('keeps visibility, order and widths per table', () => {
    const layout = { visible: ['name'], kept: ['name'], order: ['name'], widths: { name: 260 } };
    saveColumnLayout('databases', layout);
    expect(loadColumnLayout('databases')).toEqual(layout);
    expect(loadColumnLayout('jobs')).toEqual({});
    expect(loadColumnLayout(undefined)).toEqual({});
  });

  it('reads the list of visible keys older versions saved, and ignores what is not valid', () => {
    localStorage.setItem('columns:databases', JSON.stringify(['name', 'size']));
    expect(loadColumnLayout('databases')).toEqual({ visible: ['name', 'size'] });
    localStorage.setItem('columns:databases', '{"widths": {"name": -3}}');
    expect(loadColumnLayout('databases')).toEqual({});
    localStorage.setItem('columns:databases', '{not json');
    expect(loadColumnLayout('databases')).toEqual({});
  });
});
