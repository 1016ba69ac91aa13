import { describe, expect, it } from 'vitest';
import { effectScope, nextTick } from 'vue';
import type { TransferRecord } from '@shared/model/transfer';
import {
  isCommandEnabled,
  useCommandRegistry,
  useCommands,
} from '@renderer/composables/use-commands';
import {
  transferCommandId,
  useTransferCommands,
} from '@renderer/composables/use-transfer-commands';
import { useTransfersStore } from '@renderer/stores/transfers-store';
import { activityIpc } from '../../../../support/renderer/activity-fake-ipc';

function record(id: string, patch: Partial<TransferRecord> = {}): TransferRecord {
  return {
    id,
    kind: 'import',
    profileId: 'p1',
    instanceName: 'sql-eu-dev-01',
    databaseName: 'Sales_Q3',
    fileType: 'bak',
    sourcePath: '/home/me/Sales_Q3.bak',
    state: 'uploading',
    bytesDone: 10,
    totalBytes: 100,
    createdAt: '2026-07-01T10:00:00.000Z',
    updatedAt: '2026-07-01T10:00:00.000Z',
    ...patch,
  };
}

const info = () => ({
  name: 'x',
  version: '0',
  platform: 'linux',
  shell: 'harness',
  features: { tray: false, nativeDrag: false, notifications: false, sandbox: false },
});

/** The palette's transfer commands, as [title, enabled]. */
function transferCommands(): Array<[string, boolean]> {
  return useCommandRegistry()
    .commands.filter((command) => command.id.startsWith('transfers.'))
    .map((command) => [command.title, isCommandEnabled(command)]);
}

describe('useTransferCommands', () => {
  it('offers the actions that apply to each transfer, as its state changes', async () => {
    const ipc = activityIpc({
      'app:getInfo': info,
      'transfers:list': () => [
        record('a'),
        record('b', {
          kind: 'export',
          databaseName: 'Finance',
          state: 'failed',
          jobId: 'j1',
          destinationFolder: '/tmp',
        }),
        record('c', { state: 'done', databaseName: 'Old' }),
      ],
      'transfers:listResumable': () => [],
      'transfers:pause': () => record('a', { state: 'paused', pausedReason: 'user' }),
    });
    const scope = effectScope();
    scope.run(() => useTransferCommands());
    await useTransfersStore().load();
    await nextTick();
    expect(transferCommands()).toEqual([
      ['Cancel the upload of Sales_Q3.bak', true],
      ['Pause the upload of Sales_Q3.bak', true],
      ['Retry the export of Finance (BAK)', true],
    ]);

    expect(await useCommands().runCommand(transferCommandId('pause', 'a'))).toBe(true);
    expect(ipc.callsTo('transfers:pause')).toEqual([{ id: 'a' }]);
    await nextTick();
    expect(transferCommands()).toEqual([
      ['Cancel the upload of Sales_Q3.bak', true],
      ['Resume the upload of Sales_Q3.bak', true],
      ['Retry the export of Finance (BAK)', true],
    ]);

    // Once its job exists, an import is called an import; a finished one has no commands.
    ipc.emit('transfers:onDidChange', record('a', { state: 'importing', jobId: 'j2' }));
    ipc.emit('transfers:onDidChange', record('b', { kind: 'export', state: 'done' }));
    await nextTick();
    expect(transferCommands()).toEqual([
      ['Cancel the import of Sales_Q3.bak', true],
      ['Pause the import of Sales_Q3.bak', true],
    ]);
    scope.stop();
    expect(transferCommands()).toEqual([]);
  });

  it('greys out a command whose transfer moved on before the palette refreshed', async () => {
    const ipc = activityIpc({
      'app:getInfo': info,
      'transfers:list': () => [record('a')],
      'transfers:listResumable': () => [],
    });
    const scope = effectScope();
    scope.run(() => useTransferCommands());
    await useTransfersStore().load();
    await nextTick();
    const pause = useCommandRegistry().byId.get(transferCommandId('pause', 'a'));
    ipc.emit('transfers:onDidChange', record('a', { state: 'cancelled' }));
    expect(pause && isCommandEnabled(pause)).toBe(false);
    expect(await pause?.run()).toBeUndefined();
    expect(ipc.callsTo('transfers:pause')).toEqual([]);
    scope.stop();
  });
});
