import { describe, expect, it } from 'vitest';
import type { CallOptions } from '../../../../../src/main/services/http/service-client';
import type { TransferJournal } from '../../../../../src/main/services/transfers/journal-schema';
import {
  callsFor,
  journalAction,
} from '../../../../../src/main/services/transfers/transfer-action';
import type { ServiceCaller } from '../../../../../src/main/services/transfers/transfer-ports';

/* A transfer's user action: named from its journal, and on every call its client makes. */

const common = {
  version: 1,
  id: 't-1',
  profileId: 'p1',
  instanceName: 'sql-1',
  databaseName: 'Sales',
  fileType: 'bak',
  status: 'active',
  createdAt: '2026-11-30T10:00:00.000Z',
  updatedAt: '2026-11-30T10:00:00.000Z',
} as const;

describe('the user action of a transfer', () => {
  it('is the transfer: its id, its kind in words, and what it moves', () => {
    const archive = {
      ...common,
      kind: 'archive',
      phase: 'downloading',
      archiveId: 'arch-7',
      destinationFolder: '/tmp/x',
      files: [],
    } as TransferJournal;
    expect(journalAction(archive)).toEqual({
      id: 't-1',
      kind: 'downloadArchive',
      label: 'download archive',
      target: 'sql-1 / arch-7',
    });
    const exporting = { ...archive, kind: 'export', phase: 'exporting' } as TransferJournal;
    expect(journalAction(exporting)).toMatchObject({ kind: 'export', target: 'sql-1 / Sales' });
  });

  it('goes with every call, beside the options the caller gave', async () => {
    const seen: (CallOptions | undefined)[] = [];
    const client = {
      call: (_id: string, _input: unknown, options?: CallOptions) => {
        seen.push(options);
        return Promise.resolve({});
      },
    } as unknown as ServiceCaller;
    const action = { id: 't-1', kind: 'import', label: 'import', target: 'sql-1 / Sales' };
    const signal = new AbortController().signal;
    const made = callsFor(client, action);
    await made.call('uploads.init', {
      pathParams: { instanceName: 'a', databaseName: 'b', fileExtension: 'bak' },
    });
    await made.call(
      'uploads.init',
      { pathParams: { instanceName: 'a', databaseName: 'b', fileExtension: 'bak' } },
      { signal },
    );
    expect(seen).toEqual([{ action }, { signal, action }]);
  });
});
