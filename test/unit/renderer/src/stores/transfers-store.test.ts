import { describe, expect, it } from 'vitest';
import type { TransferRecord } from '@shared/model/transfer';
import { newImportRow, planRow } from '@renderer/components/transfers/import-rows';
import { useTransfersStore } from '@renderer/stores/transfers-store';
import { activityIpc } from '../../../../support/renderer/activity-fake-ipc';

function record(id: string, patch: Partial<TransferRecord> = {}): TransferRecord {
  return {
    id,
    kind: 'import',
    profileId: 'p1',
    instanceName: 'sql-eu-prod-01',
    databaseName: `Db_${id}`,
    fileType: 'bak',
    sourcePath: `/tmp/${id}.bak`,
    state: 'uploading',
    bytesDone: 10,
    totalBytes: 100,
    createdAt: `2026-07-01T10:00:0${id.length}.000Z`,
    updatedAt: '2026-07-01T10:00:00.000Z',
    ...patch,
  };
}

const base = {
  'app:getInfo': () => ({
    name: 'x',
    version: '0',
    platform: 'linux',
    shell: 'harness',
    features: { tray: false, nativeDrag: false, notifications: false, sandbox: false },
  }),
};

describe('useTransfersStore', () => {
  it('loads live and resumable transfers and offers the paused ones once', async () => {
    let live = [record('a'), record('bb', { state: 'paused', pausedReason: 'user' })];
    activityIpc({
      ...base,
      'transfers:list': () => live,
      'transfers:listResumable': () => [
        record('ccc', { state: 'paused', pausedReason: 'app-quit' }),
      ],
    });
    const store = useTransfersStore();
    await store.load();
    expect(store.all.map((r) => r.id)).toEqual(['ccc', 'bb', 'a']);
    expect(store.resumable.map((r) => r.id).sort()).toEqual(['bb', 'ccc']);
    store.dismissResumable();
    live = [...live];
    await store.load();
    expect(store.resumable).toEqual([]);
  });

  it('follows change events and keeps finished transfers across a restart', async () => {
    const ipc = activityIpc({
      ...base,
      'transfers:list': () => [],
      'transfers:listResumable': () => [],
    });
    const store = useTransfersStore();
    await store.load();
    ipc.emit('transfers:onDidChange', record('a', { bytesDone: 50 }));
    expect(store.byIdOf('a')?.bytesDone).toBe(50);
    ipc.emit('transfers:onDidChange', record('a', { state: 'done', bytesDone: 100 }));
    expect(store.running).toEqual([]);

    // A new page (restart): main knows nothing of it any more, the local history does.
    activityIpc(
      { ...base, 'transfers:list': () => [], 'transfers:listResumable': () => [] },
      ipc.storage,
    );
    const again = useTransfersStore();
    await again.load();
    expect(again.byIdOf('a')?.state).toBe('done');
    again.forget('a');
    activityIpc(
      { ...base, 'transfers:list': () => [], 'transfers:listResumable': () => [] },
      ipc.storage,
    );
    const third = useTransfersStore();
    await third.load();
    expect(third.all).toEqual([]);
  });

  it('acts on a transfer by id and takes it out of the offer once resumed', async () => {
    const paused = record('a', { state: 'paused', pausedReason: 'app-quit' });
    const ipc = activityIpc({
      ...base,
      'transfers:list': () => [paused],
      'transfers:listResumable': () => [paused],
      'transfers:resume': () => ({ ...paused, state: 'uploading' }),
      'transfers:pause': () => ({ ...paused, pausedReason: 'user' }),
    });
    const store = useTransfersStore();
    await store.load();
    await store.pause('a');
    expect(store.resumable).toHaveLength(1);
    await store.resume('a');
    expect(ipc.callsTo('transfers:resume')).toEqual([{ id: 'a' }]);
    expect(store.resumable).toEqual([]);
    expect(store.byIdOf('a')?.state).toBe('uploading');
  });

  it('opens the import sheet and the export dialog through drafts', () => {
    activityIpc(base);
    const store = useTransfersStore();
    store.proposeImport({ profileId: 'p1', instanceName: 'i' }, ['/x/Sales.bak']);
    const first = store.importDraft?.seq ?? 0;
    store.proposeImport({ profileId: 'p1', instanceName: 'i' }, ['/x/Sales.bak']);
    expect(store.importDraft?.seq).toBe(first + 1);
    expect(store.importDraft?.paths).toEqual(['/x/Sales.bak']);
    store.proposeExport({ profileId: 'p1', instanceName: 'i', databaseName: 'Sales' });
    expect(store.exportDraft).toEqual({
      profileId: 'p1',
      instanceName: 'i',
      databaseName: 'Sales',
    });
  });

  it('plans an import once and starts it by the plan id, never by its path again', async () => {
    const plan = {
      planId: 'plan-1',
      fileType: 'bak' as const,
      sizeBytes: 100,
      mode: 'single' as const,
      partSize: 100,
      partCount: 1,
      typeCheck: { ok: true as const },
    };
    const ipc = activityIpc({
      ...base,
      'transfers:planImport': () => plan,
      'transfers:startImport': () => record('a'),
    });
    const store = useTransfersStore();
    const row = newImportRow('/x/Sales.bak');
    await planRow(row, (path, type) => store.planImport('p1', path, type));
    expect(row.plan?.planId).toBe('plan-1');
    await store.startImport({
      profileId: 'p1',
      instanceName: 'i',
      databaseName: row.databaseName,
      planId: row.plan?.planId ?? '',
    });
    expect(ipc.callsTo('transfers:planImport')).toEqual([
      { profileId: 'p1', sourcePath: '/x/Sales.bak', fileType: 'bak' },
    ]);
    expect(ipc.callsTo('transfers:startImport')).toEqual([
      { profileId: 'p1', instanceName: 'i', databaseName: 'Sales', planId: 'plan-1' },
    ]);
    expect(store.byIdOf('a')).toBeDefined();
  });
});
