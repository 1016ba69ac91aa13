import type { ImportJournal } from '../../src/main/services/transfers/journal-schema';
import { TransferRun } from '../../src/main/services/transfers/transfer-run';
import type { TransferRecord } from '../../src/shared/model/transfer';
import { FakeTimers } from './fake-timers';

/** A part's size in the upload of {@link uploadRun}. */
export const UPLOAD_PART = 8 * 1024 * 1024;

/**
 * The run of a multipart upload of three parts, in memory: its journal, its run on fake timers
 * (progress events at most every 250 ms) and the events it emitted.
 */
export function uploadRun(): {
  timers: FakeTimers;
  journal: ImportJournal;
  events: TransferRecord[];
  run: TransferRun;
} {
  const timers = new FakeTimers();
  const journal = {
    id: 't1',
    kind: 'import',
    phase: 'uploading',
    mode: 'multipart',
    profileId: 'p',
    instanceName: 'i',
    databaseName: 'd',
    fileType: 'bak',
    sourcePath: '/x.bak',
    source: { size: 3 * UPLOAD_PART },
    partSize: UPLOAD_PART,
    partCount: 3,
    parts: {},
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
  } as unknown as ImportJournal;
  const events: TransferRecord[] = [];
  const run = new TransferRun({
    journal,
    state: 'uploading',
    fromDisk: false,
    now: () => timers.now,
    timers,
    intervalMs: 250,
    emit: (record) => events.push(record),
  });
  return { timers, journal, events, run };
}
