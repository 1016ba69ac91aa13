import { describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../../../../src/shared/model/transfer';
import type { ImportJournal } from '../../../../../src/main/services/transfers/journal-schema';
import { TransferRun } from '../../../../../src/main/services/transfers/transfer-run';
import { FakeTimers } from '../../../../support/fake-timers';

/*
 * What a transfer's listeners are told and when: progress at most every interval, and what
 * the user must see while it holds (a change of state, reading a clone of the file) at once.
 */

const MIB = 1024 * 1024;

function uploadRun() {
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
    source: { size: 24 * MIB },
    partSize: 8 * MIB,
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
  return { run, events, timers };
}

describe('TransferRun', () => {
  it('tells at once that the upload reads a clone, and that it no longer does', () => {
    const { run, events } = uploadRun();
    run.setState('uploading');
    const before = events.length;
    run.patch({ readsClone: true });
    expect(events.slice(before)).toEqual([
      expect.objectContaining({ state: 'uploading', readsClone: true }),
    ]);
    run.patch({ readsClone: undefined });
    expect(events.at(-1)?.readsClone).toBeUndefined();
    expect(events).toHaveLength(before + 2);
  });

  it('keeps other fields and progress for the next tick', async () => {
    const { run, events, timers } = uploadRun();
    run.setBytes(0, 24 * MIB);
    const before = events.length;
    run.patch({ jobId: 'j1' });
    run.setBytes(MIB);
    run.patch({ readsClone: undefined });
    expect(events).toHaveLength(before);
    await timers.advance(250);
    expect(events.at(-1)).toMatchObject({ jobId: 'j1', bytesDone: MIB });
  });
});
