import { describe, expect, it } from 'vitest';
import { uploadRun } from '../../../../support/upload-run';

/*
 * What a transfer's listeners are told and when: progress at most every interval, and what
 * the user must see while it holds (a change of state, reading a clone of the file) at once.
 */

const MIB = 1024 * 1024;

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
