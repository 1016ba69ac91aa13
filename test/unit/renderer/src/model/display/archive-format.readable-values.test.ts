import { describe, expect, it } from 'vitest';
import { archiveColumns } from '@renderer/components/archives/archive-columns';
import { tableText } from '@renderer/components/common/table-export';
import { pickOptions, propertyChange } from '@renderer/components/filter/filter-table-ui';
import { conditionToExpr } from '@renderer/composables/use-filter-builder';
import {
  archiveDetailRows,
  archiveExpiryText,
  isPermanentArchive,
} from '@renderer/model/display/archive-format';
import { transferSummary, transferSummaryText } from '@renderer/model/display/transfer-format';
import { defaultArchiveQuery } from '@renderer/stores/archives-store';
import type { ArchivesDetail, ArchivesResponse } from '@shared/contract/records/archives';
import { printFilter } from '@shared/filter/printer';
import type { TransferRecord } from '@shared/model/transfer';
import { fakeIpc } from '../../../../../support/renderer/resources-fake-ipc';

const MiB = 1024 * 1024;

const permanent: ArchivesResponse = {
  archiveId: 'a-1',
  serverName: 'sql-eu-prod-01',
  name: 'Sales',
  sizeInMb: 512,
  createDate: '2026-05-01T10:00:00.000Z',
  // The service's nominal expiry of a permanent archive: ten years on.
  expiryDate: '2036-04-28T10:00:00.000Z',
  createdBy: 'admin',
  storageTypeId: 1,
  storageType: 'Permanent',
  sourceTypeId: 2,
  databaseType: 'UNKNOWN',
};
const temporary: ArchivesResponse = {
  ...permanent,
  archiveId: 'a-2',
  name: 'Ledger',
  expiryDate: '2026-06-01T10:00:00.000Z',
  storageTypeId: 0,
  storageType: 'Temporary',
  sourceTypeId: 0,
  databaseType: 'EDM',
};

describe('the storage type in the filter builder', () => {
  it('is picked by name, with its code beside it', () => {
    expect(pickOptions('archives', 'storageTypeId')).toEqual([
      { label: 'Temporary (0)', value: '0' },
      { label: 'Permanent (1)', value: '1' },
    ]);
  });

  it('still writes the service grammar: the code, as a number', () => {
    const picked = { property: 'storageTypeId', operator: '=' as const, value: '0', values: [] };
    const read = conditionToExpr('archives', picked);
    expect(read.ok && printFilter(read.expr)).toBe('storageTypeId = 0');
    const list = conditionToExpr('archives', { ...picked, operator: 'IN', values: ['0', '1'] });
    expect(list.ok && printFilter(list.expr)).toBe('storageTypeId IN (0, 1)');
  });

  it('empties a typed value when the row turns to the storage type', () => {
    const typed = { property: 'sizeInMb', operator: '>' as const, value: '1024', values: [] };
    expect(propertyChange('archives', typed, 'storageTypeId')).toEqual({
      property: 'storageTypeId',
      operator: '>',
      value: '',
      values: [],
    });
  });
});

describe('a permanent archive', () => {
  it('is told by its storage type (name, else id), not by its date', () => {
    expect(isPermanentArchive(permanent)).toBe(true);
    expect(isPermanentArchive({ ...permanent, storageType: undefined })).toBe(true);
    expect(isPermanentArchive(temporary)).toBe(false);
    expect(isPermanentArchive({ ...temporary, storageType: undefined })).toBe(false);
  });

  it('never expires, in the details and the written-out expiry', () => {
    expect(archiveExpiryText(permanent)).toBe('Never expires');
    expect(archiveExpiryText(temporary, { clock: '24h' })).toBe('2026-06-01 10:00:00');
    const detail: ArchivesDetail = {
      archiveId: 'a-1',
      serverName: 'sql-eu-prod-01',
      name: 'Sales',
      databaseType: 'UNKNOWN',
      sizeInMb: 512,
      createDate: permanent.createDate,
      expiryDate: permanent.expiryDate ?? '',
      createdBy: 'admin',
      downloadUris: [],
      thumbprint: 'ABC',
    };
    const value = (row: ArchivesResponse | undefined, key: string) =>
      archiveDetailRows(detail, row).find((line) => line.key === key)?.value;
    expect(value(permanent, 'expiryDate')).toBe('Never expires');
    expect(value(permanent, 'databaseType')).toBe('Unknown');
    expect(value(permanent, 'storageType')).toBe('Permanent');
    expect(value(temporary, 'expiryDate')).not.toBe('Never expires');
  });
});

describe('the archive table written out', () => {
  it('says the same words as the table: names, never codes', () => {
    fakeIpc({});
    const columns = archiveColumns(defaultArchiveQuery());
    const pick = (...keys: string[]) =>
      keys
        .map((key) => columns.find((column) => column.key === key))
        .filter((c) => c !== undefined);
    const lines = (text: string) => text.split(/\r?\n/).filter(Boolean);
    const kinds = pick('storageType', 'databaseType', 'sourceTypeId');
    expect(lines(tableText([permanent, temporary], kinds, 'csv', 'shown'))).toEqual([
      'Storage,Type,Source',
      'Permanent,Unknown,Archive',
      'Temporary,EDM,Deleted database',
    ]);
    expect(lines(tableText([permanent], pick('expiryDate'), 'tsv', 'shown'))).toEqual([
      'Expires',
      'Never expires',
    ]);
    // The service's own values stay available as they came.
    expect(lines(tableText([permanent], kinds, 'csv', 'raw'))).toEqual([
      'Storage,Type,Source',
      'Permanent,UNKNOWN,2',
    ]);
  });
});

describe('a finished transfer', () => {
  const done: TransferRecord = {
    id: 't1',
    kind: 'export',
    profileId: 'p1',
    instanceName: 'sql-eu-prod-01',
    databaseName: 'Sales',
    fileType: 'bak',
    destinationFolder: '/downloads',
    state: 'done',
    bytesDone: 150 * MiB,
    totalBytes: 150 * MiB,
    md5Verified: true,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:04.000Z',
  };

  it('shows its size, average speed and MD5 check', () => {
    const summary = transferSummary(done);
    expect(summary && transferSummaryText(summary)).toBe(
      '150 MiB in 4 s · 37.5 MiB/s · MD5 verified',
    );
    const unchecked = transferSummary({ ...done, md5Verified: undefined });
    expect(unchecked && transferSummaryText(unchecked)).toBe('150 MiB in 4 s · 37.5 MiB/s');
    // Done within the same millisecond: no speed to tell.
    const instant = transferSummary({ ...done, updatedAt: done.createdAt });
    expect(instant && transferSummaryText(instant)).toBe('150 MiB in 0 s · MD5 verified');
  });

  it('says nothing more when it failed, was cancelled, runs, or has no size', () => {
    for (const state of ['failed', 'cancelled', 'downloading'] as const) {
      expect(transferSummary({ ...done, state })).toBeUndefined();
    }
    expect(transferSummary({ ...done, totalBytes: 0 })).toBeUndefined();
  });
});
