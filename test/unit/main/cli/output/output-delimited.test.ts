import { describe, expect, it } from 'vitest';
import { csvField, renderDelimited } from '../../../../../src/main/cli/output/output-delimited';

const RECORDS = [
  { name: 'Sales', sizeInMb: 1536, createdAt: '2026-11-27T14:03:05Z', error: null, pinned: false },
  { name: 'HR, "old"', sizeInMb: 0.5, error: 'Disk\nfull', groups: [{ groupId: 'g1' }] },
];

describe('renderDelimited', () => {
  it('writes TSV: a header of every field, then raw values, one record per line', () => {
    expect(renderDelimited(RECORDS, 'tsv')).toBe(
      [
        'name\tsizeInMb\tcreatedAt\terror\tpinned\tgroups',
        'Sales\t1536\t2026-11-27T14:03:05Z\t\tfalse\t',
        'HR, "old"\t0.5\t\tDisk full\t\t[{"groupId":"g1"}]',
        '',
      ].join('\n'),
    );
  });

  it('writes CSV as RFC 4180 says: CRLF, quotes where needed, quotes doubled', () => {
    expect(renderDelimited(RECORDS, 'csv')).toBe(
      [
        'name,sizeInMb,createdAt,error,pinned,groups',
        'Sales,1536,2026-11-27T14:03:05Z,,false,',
        '"HR, ""old""",0.5,,"Disk\nfull",,"[{""groupId"":""g1""}]"',
        '',
      ].join('\r\n'),
    );
  });

  it('writes one record under its header, plain values one per line', () => {
    expect(renderDelimited({ jobId: 'j1', status: 'Running' }, 'csv')).toBe(
      'jobId,status\r\nj1,Running\r\n',
    );
    expect(renderDelimited(['a,b', 3], 'csv')).toBe('"a,b"\r\n3\r\n');
    expect(renderDelimited(42, 'tsv')).toBe('42\n');
    expect(renderDelimited(null, 'tsv')).toBe('');
    expect(renderDelimited([], 'csv')).toBe('');
  });

  it('quotes a CSV field only when it must', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('a\rb')).toBe('"a\rb"');
  });
});
