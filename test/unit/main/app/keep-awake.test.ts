import { describe, expect, it } from 'vitest';
import {
  keepAwakeWhileTransferring,
  type SuspendBlocker,
} from '../../../../src/main/app/keep-awake';
import type { TransferRecord, TransferState } from '../../../../src/shared/model/transfer';

/* Keeping the machine awake while transfers run, with a recording blocker (the port main's
   Electron adapter fills with powerSaveBlocker). */

function record(id: string, state: TransferState): TransferRecord {
  return {
    id,
    kind: 'import',
    profileId: 'p',
    instanceName: 'i',
    databaseName: 'd',
    fileType: 'bak',
    state,
    bytesDone: 0,
    totalBytes: 1,
    createdAt: '2026-11-24T00:00:00.000Z',
    updatedAt: '2026-11-24T00:00:00.000Z',
  };
}

function setup(initial: TransferRecord[] = []) {
  const calls: string[] = [];
  let next = 1;
  const blocker: SuspendBlocker = {
    start: () => {
      calls.push(`start:${next}`);
      return next++;
    },
    stop: (id) => calls.push(`stop:${id}`),
  };
  let records = initial;
  let enabled = true;
  const transferListeners = new Set<(r: TransferRecord) => void>();
  const settingsListeners = new Set<(s: unknown) => void>();
  const stop = keepAwakeWhileTransferring(
    {
      transfers: {
        list: () => records,
        onDidChange: (l) => (transferListeners.add(l), () => transferListeners.delete(l)),
      },
      settings: {
        get: () => ({ keepAwakeWhileTransferring: enabled }),
        onDidChange: (l) => (settingsListeners.add(l), () => settingsListeners.delete(l)),
      },
    },
    blocker,
  );
  const set = (next: TransferRecord[]): void => {
    records = next;
    for (const l of transferListeners) l(next[0] ?? record('x', 'done'));
  };
  const toggle = (value: boolean): void => {
    enabled = value;
    for (const l of settingsListeners) l({});
  };
  const listeners = (): number => transferListeners.size + settingsListeners.size;
  return { calls, set, toggle, stop, listeners };
}

describe('keepAwakeWhileTransferring', () => {
  it('blocks suspension from the first running transfer to the end of the last, once', () => {
    const { calls, set } = setup();
    expect(calls).toEqual([]);
    set([record('a', 'queued')]);
    set([record('a', 'uploading'), record('b', 'downloading')]);
    set([record('a', 'importing'), record('b', 'done')]);
    expect(calls).toEqual(['start:1']);
    set([record('a', 'done'), record('b', 'failed')]);
    expect(calls).toEqual(['start:1', 'stop:1']);
  });

  it('releases while every transfer is paused, and takes it again on resume', () => {
    const { calls, set } = setup([record('a', 'uploading')]);
    expect(calls).toEqual(['start:1']);
    set([record('a', 'paused')]);
    set([record('a', 'verifying')]);
    expect(calls).toEqual(['start:1', 'stop:1', 'start:2']);
  });

  it('follows the setting while transfers run, and stops following when stopped', () => {
    const { calls, set, toggle, stop, listeners } = setup([record('a', 'uploading')]);
    toggle(false);
    expect(calls).toEqual(['start:1', 'stop:1']);
    set([record('a', 'uploading')]);
    expect(calls).toHaveLength(2);
    toggle(true);
    expect(calls).toEqual(['start:1', 'stop:1', 'start:2']);
    stop();
    expect(calls).toEqual(['start:1', 'stop:1', 'start:2', 'stop:2']);
    expect(listeners()).toBe(0);
  });
});
