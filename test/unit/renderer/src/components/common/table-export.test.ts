import { h } from 'vue';
import { NTag, NTooltip } from 'naive-ui';
import { describe, expect, it } from 'vitest';
import type { ResourceColumn } from '@renderer/model/tables/resource-table';
import { formatSizeMiB } from '@shared/format/units';
import {
  cellOut,
  csvFileName,
  defuseFormula,
  tableText,
  vnodeText,
} from '@renderer/components/common/table-export';

interface Row {
  readonly name: string;
  readonly sizeMb: number;
  readonly createdAt: string;
  readonly note: string | null;
}

const columns: ResourceColumn<Row>[] = [
  { key: 'name', title: 'Name' },
  { key: 'sizeMb', title: 'Size', render: (row) => formatSizeMiB(row.sizeMb) },
  {
    key: 'createdAt',
    title: 'Created',
    render: (row) =>
      h(NTooltip, null, {
        trigger: () => h(NTag, null, () => `on ${row.createdAt.slice(0, 10)}`),
        default: () => 'the tip is not shown in the cell',
      }),
  },
  { key: 'note', title: 'Note' },
];
const rows: Row[] = [
  { name: 'sales', sizeMb: 12, createdAt: '2026-11-20T10:00:00Z', note: 'a, "b"\nc' },
  { name: '=cmd|calc', sizeMb: 3, createdAt: '2026-11-21T11:00:00Z', note: null },
];

describe('table copy and save', () => {
  it('writes TSV with a header of the column titles, the values as shown', () => {
    expect(tableText(rows, columns, 'tsv', 'shown')).toBe(
      [
        'Name\tSize\tCreated\tNote',
        'sales\t12.0 MiB\ton 2026-11-20\ta, "b" c',
        "'=cmd|calc\t3.00 MiB\ton 2026-11-21\t",
      ].join('\n'),
    );
  });

  it('writes CSV (RFC 4180 quoting, CRLF) with the raw values of the service', () => {
    expect(tableText(rows, columns, 'csv', 'raw')).toBe(
      'Name,Size,Created,Note\r\n' +
        'sales,12,2026-11-20T10:00:00Z,"a, ""b""\nc"\r\n' +
        "'=cmd|calc,3,2026-11-21T11:00:00Z,\r\n",
    );
  });

  it('writes only the columns given, in their order', () => {
    const [name, size] = columns;
    expect(tableText(rows.slice(0, 1), [size!, name!], 'tsv', 'raw')).toBe('Size\tName\n12\tsales');
  });

  it('reads the text a cell shows from its render: strings, elements, slots, a tooltip trigger', () => {
    expect(vnodeText(h('div', [h('span', 'a'), ' ', h(NTag, null, () => 'b')]))).toBe('a b');
    expect(cellOut(rows[0]!, columns[2]!, 'shown')).toBe('on 2026-11-20');
    expect(cellOut(rows[0]!, { key: 'name', title: 'N', shownText: () => 'own' }, 'shown')).toBe(
      'own',
    );
  });

  it('defuses what a spreadsheet would run as a formula, but not numbers', () => {
    expect(defuseFormula('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(defuseFormula('@user')).toBe("'@user");
    expect(defuseFormula('-12.5')).toBe('-12.5');
    expect(defuseFormula('+3')).toBe('+3');
    expect(defuseFormula('-x')).toBe("'-x");
    expect(defuseFormula('plain')).toBe('plain');
  });

  it('names a saved file after the table and the local time, with no path characters', () => {
    const at = new Date(2026, 10, 24, 9, 5);
    expect(csvFileName('archives', at)).toBe('archives-2026-11-24-0905.csv');
    expect(csvFileName('../x y/', at)).toBe('x-y-2026-11-24-0905.csv');
  });
});
