import { describe, expect, it } from 'vitest';
import {
  DamagedTransfers,
  damagedMessage,
  journalProblem,
  salvageJournal,
  unreadableReason,
} from '../../../../../src/main/services/transfers/damaged-journal';
import type { TransferRecord } from '../../../../../src/shared/model/transfer';
import { silentLogger } from '../../../../../src/main/services/log/logger';
import type { ImportJournal } from '../../../../../src/main/services/transfers/journal-schema';

const journal: ImportJournal = {
  version: 1,
  id: 't1',
  kind: 'import',
  profileId: 'p',
  instanceName: 'sql-eu-dev-01',
  databaseName: 'Sales',
  fileType: 'bak',
  status: 'active',
  phase: 'uploading',
  sourcePath: '/data/sales "2026".bak',
  source: { size: 10, mtimeMs: 1, headSha256: 'a'.repeat(64), tailSha256: 'b'.repeat(64) },
  mode: 'multipart',
  partSize: 5,
  partCount: 2,
  uploadId: 'u-1',
  parts: { '1': '"e1"', '2': '"e2"' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('salvageJournal', () => {
  it('makes out the file, the target and the upload of a journal cut short', () => {
    const text = JSON.stringify(journal, null, 1);
    const cut = text.slice(0, text.indexOf('e2'));
    expect(salvageJournal(cut)).toEqual({
      kind: 'import',
      profileId: 'p',
      instanceName: 'sql-eu-dev-01',
      databaseName: 'Sales',
      fileType: 'bak',
      sourcePath: '/data/sales "2026".bak',
      uploadId: 'u-1',
      partsSent: 1,
      partsComplete: false,
    });
  });

  it('finds nothing in random bytes or an empty file', () => {
    expect(salvageJournal('')).toEqual({});
    expect(salvageJournal('\u0013\u00ff{x"kind":42')).toEqual({});
  });
});

describe('unreadableReason', () => {
  it('tells an empty file, cut-short JSON and foreign bytes apart', () => {
    expect(unreadableReason(' \n', new Error('x'))).toBe('it is empty');
    expect(unreadableReason('{"id": "t', new Error('Unexpected end of JSON input'))).toBe(
      'its JSON is cut short or broken (Unexpected end of JSON input)',
    );
    expect(unreadableReason('\u0001\u0002', new Error('x'))).toMatch(/^it does not hold JSON/);
  });
});

describe('journalProblem', () => {
  it('blames the journal for a part size that does not fit its part count and file', () => {
    expect(journalProblem(journal)).toBeUndefined();
    expect(journalProblem({ ...journal, partSize: 3 })).toBe(
      'its part size (3 bytes) and part count (2) do not cut a file of 10 bytes: the journal was edited or damaged',
    );
    expect(journalProblem({ ...journal, mode: 'single', partSize: 5, partCount: 1 })).toMatch(
      /^its part size \(5 bytes\) is not the size of its single-stream file \(10 bytes\)/,
    );
    expect(journalProblem({ ...journal, parts: { '3': '"e3"' } })).toBe(
      'it lists part 3 of only 2: the journal was edited or damaged',
    );
  });
});

describe('damagedMessage and DamagedTransfers', () => {
  const entry = {
    file: '/app/transfers/t1.json',
    movedTo: '/app/transfers/t1.json.damaged-x',
    reason: 'it is empty',
  };

  it('says which upload, what could not be read, that it starts over, and what stays on the service', () => {
    const message = damagedMessage({ ...entry, salvaged: salvageJournal(JSON.stringify(journal)) });
    expect(message).toBe(
      'The journal of the upload of /data/sales "2026".bak to Sales on sql-eu-dev-01 (/app/transfers/t1.json) could not be read: it is empty. It was set aside as /app/transfers/t1.json.damaged-x. The upload cannot resume from it: importing the file again starts the upload over from the first part, and the 2 parts it had already sent stay on the service, unused (upload u-1).',
    );
  });

  it('shows a damaged journal as a failed transfer that refuses to resume', () => {
    const announced: TransferRecord[] = [];
    const transfers = new DamagedTransfers((record) => announced.push(record));
    const damaged = { ...entry, message: 'lost', salvaged: {} };
    transfers.add([damaged], '2026-03-01T00:00:00.000Z', silentLogger);
    const [record] = announced;
    expect(record).toMatchObject({
      id: 'damaged-t1',
      kind: 'import',
      state: 'failed',
      error: { code: 'VALIDATION', message: 'lost' },
    });
    expect(transfers.list()).toHaveLength(1);
    expect(transfers.journals()).toEqual([damaged]);
    expect(transfers.get('damaged-t1')?.error?.message).toBe('lost');
    expect(() => transfers.refuse('damaged-t1')).toThrow(/could not be read/);
    expect(() => transfers.refuse('other')).not.toThrow();
  });
});
