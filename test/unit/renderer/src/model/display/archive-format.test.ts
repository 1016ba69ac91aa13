import { describe, expect, it } from 'vitest';
import { archiveDetailRows, shortDownloadUri } from '@renderer/model/display/archive-format';
import {
  transferStage,
  transferStages,
  transferStateLabel,
  transferTitle,
} from '@renderer/model/display/transfer-format';
import { transferSubject } from '@renderer/composables/use-transfer-commands';
import type { ArchivesDetail } from '@shared/contract/records/archives';
import type { TransferRecord } from '@shared/model/transfer';

const detail: ArchivesDetail = {
  archiveId: 'a-17',
  serverName: 'sql-eu-prod-01',
  name: 'Sales',
  databaseType: 'EDM',
  sizeInMb: 2048,
  createDate: '2026-05-01T10:00:00.000Z',
  expiryDate: '2026-08-01T10:00:00.000Z',
  createdBy: 'admin',
  downloadUris: ['https://store.example.net/archives/a-17/Sales.bak'],
  thumbprint: 'ABCDEF0123',
};

describe('archive details', () => {
  it('shows a download URI as host and file name, never its query', () => {
    expect(
      shortDownloadUri('https://store.example.net/c/a-17/Sales%20Q3.bak?se=1&sig=SECRET'),
    ).toBe('store.example.net/…/Sales Q3.bak');
    expect(shortDownloadUri('https://store.example.net/Sales.bak#sig=SECRET')).toBe(
      'store.example.net/Sales.bak',
    );
    expect(shortDownloadUri('https://store.example.net/?sig=SECRET')).toBe('store.example.net');
    expect(shortDownloadUri('not a url/Sales.bak?sig=SECRET')).toBe('Sales.bak');
  });

  it('lists every field of ArchivesDetail but the URIs, with a dash for an absent one', () => {
    const rows = archiveDetailRows({ ...detail, createdBy: null }, undefined);
    expect(rows.map((row) => row.key)).toEqual([
      'name',
      'archiveId',
      'serverName',
      'databaseType',
      'sizeInMb',
      'createDate',
      'expiryDate',
      'createdBy',
      'thumbprint',
    ]);
    const value = (key: string) => rows.find((row) => row.key === key)?.value;
    expect(value('sizeInMb')).toBe('2.00 GiB');
    expect(value('createdBy')).toBe('—');
    expect(value('thumbprint')).toBe('ABCDEF0123');
    const withRow = archiveDetailRows(detail, { ...detail, storageTypeId: 0 });
    expect(withRow.find((row) => row.key === 'storageType')?.value).toBe('Temporary');
  });
});

describe('the card of an archive download', () => {
  const record: TransferRecord = {
    id: 't1',
    kind: 'archive',
    profileId: 'p1',
    instanceName: 'sql-eu-prod-01',
    databaseName: 'Sales',
    archiveId: 'a-17',
    fileType: 'bak',
    destinationFolder: '/tmp/out',
    state: 'downloading',
    bytesDone: 10,
    totalBytes: 100,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
  };

  it('has its own title, stages and words', () => {
    expect(transferTitle(record)).toBe('Download archive Sales');
    expect(transferStages('archive')).toEqual(['Download', 'Done']);
    expect(transferStage(record)).toBe(0);
    expect(transferStage({ ...record, state: 'paused' })).toBe(0);
    expect(transferStage({ ...record, state: 'done' })).toBe(1);
    expect(transferStateLabel({ ...record, state: 'done' })).toBe('Downloaded');
    expect(transferSubject(record)).toBe('the download of archive Sales');
  });
});
