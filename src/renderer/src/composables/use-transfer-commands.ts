import { onScopeDispose, watch } from 'vue';
import { fileNameOf } from '@shared/file-name';
import type { TransferRecord } from '@shared/model/transfer';
import { transferControls, type TransferControl } from '@renderer/model/display/transfer-format';
import { useTransfersStore } from '../stores/transfers-store';
import { useCommandRegistry, type Command } from './use-commands';

const VERBS: Readonly<Record<TransferControl, string>> = {
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel',
  retry: 'Retry',
};

/** What a transfer is called in a command: `the upload of Sales_Q3.bak`, `the export of Sales (BAK)`. */
export function transferSubject(record: TransferRecord): string {
  if (record.kind === 'archive') return `the download of archive ${record.databaseName}`;
  if (record.kind === 'export') {
    return `the export of ${record.databaseName} (${record.fileType.toUpperCase()})`;
  }
  const file =
    record.sourcePath === undefined ? record.databaseName : fileNameOf(record.sourcePath);
  // Until the import job exists the bytes are still moving: the user thinks of an upload.
  return `the ${record.jobId ? 'import' : 'upload'} of ${file}`;
}

/** The palette command id of one action on one transfer. */
export function transferCommandId(control: TransferControl, transferId: string): string {
  return `transfers.${control}.${transferId}`;
}

/**
 * Palette commands to pause, resume, cancel or retry each transfer, e.g. "Pause the upload of
 * Sales_Q3.bak": one per action that applies now (the card's rules, `transferControls`),
 * registered and removed as transfers change state. A command re-checks the transfer's state
 * when the palette asks, so one picked a moment too late is greyed out rather than refused by
 * main. Cancel asks nothing, as the card's Cancel does not. The palette shows a failure.
 * Call once, in a component that lives as long as the frame (ActivityHost).
 */
export function useTransferCommands(): void {
  const transfers = useTransfersStore();
  const registry = useCommandRegistry();
  const live = new Map<string, Command>();

  const applies = (id: string, control: TransferControl): boolean => {
    const record = transfers.byIdOf(id);
    return record !== undefined && transferControls(record).includes(control);
  };

  function commandOf(record: TransferRecord, control: TransferControl): Command {
    const id = record.id;
    return {
      id: transferCommandId(control, id),
      title: `${VERBS[control]} ${transferSubject(record)}`,
      group: 'Transfers',
      keywords: [
        'transfer',
        record.kind === 'import' ? 'upload' : 'download',
        record.databaseName,
        record.instanceName,
      ],
      enabled: () => applies(id, control),
      run: async () => {
        if (applies(id, control)) await transfers[control](id);
      },
    };
  }

  function sync(records: readonly TransferRecord[]): void {
    const wanted = new Map<string, Command>();
    for (const record of records) {
      for (const control of transferControls(record)) {
        const command = commandOf(record, control);
        wanted.set(command.id, command);
      }
    }
    for (const [id, command] of live) {
      if (wanted.get(id)?.title === command.title) continue;
      registry.remove(id, command);
      live.delete(id);
    }
    for (const [id, command] of wanted) {
      if (live.has(id)) continue;
      registry.add(command);
      live.set(id, command);
    }
  }

  watch(() => transfers.all, sync, { immediate: true });
  onScopeDispose(() => {
    for (const [id, command] of live) registry.remove(id, command);
    live.clear();
  });
}
