import { describe, expect, it } from 'vitest';
import type {
  ExportFile,
  TransferJournal,
} from '../../../../../src/main/services/transfers/journal-schema';
import { isMd5Verified } from '../../../../../src/main/services/transfers/transfer-md5';

const MD5_A = '0cc175b9c0f1b6a831c399e269772661';
const MD5_B = '92eb5ffee6ae2fec3ad71c777531578f';

const common = {
  version: 1 as const,
  id: 't1',
  profileId: 'p1',
  instanceName: 'sql-eu-dev-01',
  databaseName: 'Sales',
  fileType: 'bak' as const,
  status: 'active' as const,
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:04.000Z',
};

function download(files: Partial<ExportFile>[]): TransferJournal {
  return {
    ...common,
    kind: 'archive',
    phase: 'downloading',
    archiveId: 'a-1',
    destinationFolder: '/downloads',
    files: files.map((file, index) => ({
      remoteName: `f${index}.bak`,
      dest: `/downloads/f${index}.bak`,
      bytesWritten: 10,
      done: true,
      ...file,
    })),
  };
}

function upload(parts: Record<string, string>, partMd5?: Record<string, string>): TransferJournal {
  return {
    ...common,
    kind: 'import',
    phase: 'importing',
    sourcePath: '/data/Sales.bak',
    source: { size: 20, mtimeMs: 1, headSha256: 'a'.repeat(64), tailSha256: 'b'.repeat(64) },
    mode: 'multipart',
    partSize: 10,
    partCount: 2,
    parts,
    ...(partMd5 ? { partMd5 } : {}),
  };
}

describe('whether a finished transfer was checked against an MD5', () => {
  it('a download: only when every file matched its MD5 ETag', () => {
    expect(isMd5Verified(download([{ md5Verified: true }, { md5Verified: true }]))).toBe(true);
    expect(isMd5Verified(download([{ md5Verified: true }, {}]))).toBe(false);
    expect(isMd5Verified(download([]))).toBe(false);
  });

  it('an import: only when every part’s ETag is an MD5 (and the one journaled when sent)', () => {
    expect(isMd5Verified(upload({ '1': `"${MD5_A}"`, '2': MD5_B.toUpperCase() }))).toBe(true);
    expect(isMd5Verified(upload({ '1': `"${MD5_A}"` }, { '1': MD5_A }))).toBe(true);
    expect(isMd5Verified(upload({ '1': `"${MD5_A}"` }, { '1': MD5_B }))).toBe(false);
    // A multipart object's ETag (or an encrypting host's) is no MD5: nothing was compared.
    expect(isMd5Verified(upload({ '1': `"${MD5_A}"`, '2': '"abc123-2"' }))).toBe(false);
    expect(isMd5Verified(upload({}))).toBe(false);
  });
});
