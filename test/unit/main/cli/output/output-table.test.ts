import { describe, expect, it } from 'vitest';
import { renderTable } from '../../../../../src/main/cli/output/output-table';
import { resourceTableOf } from '../../../../../src/main/cli/output/resource-tables';
import {
  chooseColumns,
  clip,
  type ResourceTable,
} from '../../../../../src/main/cli/output/table-columns';
import { formatDateTime } from '../../../../../src/shared/format/times';

/** Two instances as `instances list` answers them (SqlInstanceSchema). */
const INSTANCES = [
  {
    name: 'sql-eu-prod-01',
    uid: '3f2b6a1c-0d4e-4b8f-9a55-1c2d3e4f5a6b',
    endpoint: 'sql-eu-prod-01.db.example.com,1433',
    internalEndpoint: '10.0.0.4,1433',
    status: 'Online',
    totalDiskSpaceInMb: 1048576,
    availableDiskSpaceInMb: 524288,
    usedDiskSpaceInMb: 524288,
    databaseLimit: 100,
    pinnedDatabaseLimit: 10,
  },
  {
    name: 'sql-eu-dev-01',
    uid: '9a8b7c6d-0d4e-4b8f-9a55-1c2d3e4f5a6b',
    endpoint: 'sql-eu-dev-01.db.example.com,1433',
    internalEndpoint: '10.0.0.5,1433',
    status: 'Stopped',
    totalDiskSpaceInMb: 204800,
    availableDiskSpaceInMb: 150000,
    usedDiskSpaceInMb: 54800,
    databaseLimit: 50,
    pinnedDatabaseLimit: 5,
  },
];

/** A database as `databases list` answers it (DatabaseSchema), with a list field. */
const DATABASE = {
  name: 'Sales',
  status: 'Online',
  error: null,
  sizeInMb: 1536,
  createdAt: '2026-11-27T14:03:05Z',
  groups: [{ groupId: 'g1', groupName: 'Admins' }],
  pinned: false,
};

const lines = (text: string): string[] => text.split('\n').slice(0, -1);

describe('renderTable', () => {
  it('writes a list of records with a column per field, sizes in IEC units, numbers aligned', () => {
    const { text, note } = renderTable(INSTANCES, 300);
    expect(note).toBeUndefined();
    const [header, prod, dev] = lines(text);
    expect(header).toMatch(
      /^name {12}uid {35}endpoint +internalEndpoint +status +totalDiskSpaceInMb/,
    );
    expect(prod).toMatch(
      /^sql-eu-prod-01 {2}3f2b6a1c-.* Online +1\.00 TiB +512 GiB +512 GiB +100 +10$/,
    );
    expect(dev).toMatch(/ Stopped +200 GiB +146 GiB +53\.5 GiB +50 +5$/);
    // Numbers are aligned to the right, under the right edge of their header.
    expect(prod?.indexOf('1.00 TiB') ?? 0).toBe((dev?.indexOf('200 GiB') ?? 0) - 1);
  });

  it('leaves out the widest columns (never the first) until the table fits, and says which', () => {
    const { text, note } = renderTable(INSTANCES, 100);
    for (const line of lines(text)) expect(line.length).toBeLessThanOrEqual(100);
    expect(lines(text)[0]?.split(/ +/)).toEqual([
      'name',
      'internalEndpoint',
      'status',
      'totalDiskSpaceInMb',
      'usedDiskSpaceInMb',
      'databaseLimit',
    ]);
    expect(note).toBe(
      'Fields left out to fit 100 characters: uid, endpoint, availableDiskSpaceInMb, pinnedDatabaseLimit (-o wide, --output json or --query shows them).',
    );
    const narrow = renderTable(INSTANCES, 10);
    expect(lines(narrow.text)).toEqual(['name', 'sql-eu-pr…', 'sql-eu-de…']);
  });

  it('leaves out the columns with no value first', () => {
    const rows = INSTANCES.map((instance) => ({ ...instance, error: null }));
    expect(renderTable(rows, 221).note).toBeUndefined();
    // Two characters short: the empty column goes, not the wider uid.
    const { text, note } = renderTable(rows, 219);
    expect(lines(text)[0]).toMatch(/^name +uid +endpoint /);
    expect(lines(text)[0]).not.toMatch(/error/);
    expect(note).toMatch(/: error \(/);
  });

  it('writes ISO times as the app does, nothing as a dash, and skips list fields', () => {
    const { text } = renderTable([DATABASE, { ...DATABASE, name: 'HR', error: 'Disk\nfull' }], 100);
    expect(lines(text)).toEqual([
      'name   status  error      sizeInMb  createdAt            pinned',
      `Sales  Online  —          1.50 GiB  ${formatDateTime(DATABASE.createdAt)}  false`,
      `HR     Online  Disk full  1.50 GiB  ${formatDateTime(DATABASE.createdAt)}  false`,
    ]);
    expect(formatDateTime(DATABASE.createdAt)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('cuts a long cell with "…"', () => {
    const long = { name: 'x', error: 'e'.repeat(100) };
    const [, row] = lines(renderTable([long], 200).text);
    expect(row).toBe(`x     ${'e'.repeat(39)}…`);
  });

  it('writes one record as a table of its fields and values, fitted to the width', () => {
    const text = renderTable(DATABASE, 40).text;
    for (const line of lines(text)) expect(line.length).toBeLessThanOrEqual(40);
    expect(lines(text)).toEqual([
      'name       Sales',
      'status     Online',
      'error      —',
      'sizeInMb   1.50 GiB',
      `createdAt  ${formatDateTime(DATABASE.createdAt)}`,
      'groups     [{"groupId":"g1","groupName"…',
      'pinned     false',
    ]);
  });

  it('writes a list of plain values one per line, and says when there is nothing', () => {
    expect(renderTable(['a', 2, null], 80).text).toBe('a\n2\n—\n');
    expect(renderTable([], 80).text).toBe('(none)\n');
    expect(renderTable({}, 80).text).toBe('(none)\n');
    expect(renderTable(null, 80).text).toBe('');
    expect(renderTable('2026-11-27T14:03:05Z', 80).text).toBe(
      `${formatDateTime('2026-11-27T14:03:05Z')}\n`,
    );
  });
});

describe('renderTable with the columns of a resource', () => {
  const instances = resourceTableOf('instances.list') as ResourceTable;

  it('heads the columns in words, units in the cells, and names what it left out by column', () => {
    const { text, note } = renderTable(INSTANCES, { width: 100, resource: instances });
    expect(lines(text)[0]).toBe(
      'Name            Status       Size      Used     Free  Databases (max)  Pinned (max)',
    );
    expect(lines(text)[1]).toMatch(
      /^sql-eu-prod-01 +Online +1\.00 TiB +512 GiB +512 GiB +100 +10$/,
    );
    expect(note).toBe(
      'Columns left out to fit 100 characters: endpoint, internal-endpoint, uid (-o wide shows every column; --columns chooses).',
    );
  });

  it('shows every column whole with -o wide, whatever the width', () => {
    const long = INSTANCES.map((row) => ({ ...row, endpoint: `${'e'.repeat(60)}.example.com` }));
    const { text, note } = renderTable(long, { width: 40, wide: true, resource: instances });
    expect(note).toBeUndefined();
    expect(lines(text)[0]).toMatch(/^Name +Status .* Endpoint +Internal endpoint +UID$/);
    expect(text).toContain(`${'e'.repeat(60)}.example.com`);
  });

  it('shows the columns --columns chose in its order, after the pinned ones', () => {
    const chosen = chooseColumns(instances, ['free', 'status']);
    const { text, note } = renderTable(INSTANCES, { width: 100, resource: instances, chosen });
    expect(lines(text)).toEqual([
      'Name               Free  Status',
      'sql-eu-prod-01  512 GiB  Online',
      'sql-eu-dev-01   146 GiB  Stopped',
    ]);
    expect(note).toBeUndefined();
    // Too narrow for all it chose: the last chosen goes first; the name stays.
    const narrow = renderTable(INSTANCES, { width: 24, resource: instances, chosen });
    expect(lines(narrow.text)[0]).toBe('Name               Free');
    expect(narrow.note).toMatch(/: status \(/);
  });

  it('never cuts a pinned cell, and adds the fields it does not know after its own', () => {
    const name = `sql-${'x'.repeat(50)}`;
    const rows = [{ ...INSTANCES[0], name, region: 'EU' }];
    const { text } = renderTable(rows, { width: 300, resource: instances });
    expect(lines(text)[0]).toMatch(/ UID +region$/);
    expect(lines(text)[1]?.startsWith(`${name}  `)).toBe(true);
  });

  it('falls back to the fields of records a --query reshaped', () => {
    const rows = INSTANCES.map((row) => ({ n: row.name, freeMiB: row.availableDiskSpaceInMb }));
    expect(lines(renderTable(rows, { width: 100, resource: instances }).text)[0]).toBe(
      'n               freeMiB',
    );
    // A projection that keeps a field of the record keeps its header in words.
    const named = INSTANCES.map((row) => ({ name: row.name, freeMiB: row.availableDiskSpaceInMb }));
    expect(lines(renderTable(named, { width: 100, resource: instances }).text)[0]).toBe(
      'Name            freeMiB',
    );
  });
});

describe('clip', () => {
  it('keeps text that fits and cuts the rest to the width, "…" included', () => {
    expect(clip('abc', 3)).toBe('abc');
    expect(clip('abcd', 3)).toBe('ab…');
    expect(clip('abcd', 1)).toBe('…');
  });
});
