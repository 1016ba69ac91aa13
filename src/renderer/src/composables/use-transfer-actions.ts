import type { TransferRecord } from '@shared/model/transfer';
import { useNavigationStore } from '../stores/navigation-store';
import { useSignInStore } from '../stores/sign-in-store';
import { useTransfersStore } from '../stores/transfers-store';
import { useAction } from './use-action';

/** What a transfer card asks for. */
export type TransferAction =
  | 'pause'
  | 'resume'
  | 'cancel'
  | 'retry'
  | 'forget'
  | 'openDatabase'
  | 'openFolder'
  | 'showFile'
  | 'moveUp'
  | 'moveDown'
  | 'startNow';

type CalledAction = Exclude<TransferAction, 'forget' | 'openDatabase'>;

/**
 * Runs what a transfer card asks for: the calls to main with a toast when they fail, dismissing
 * a finished transfer, opening an imported database, dragging an export's files out. Call in a
 * component's setup (the toasts need naive-ui's message provider).
 */
export function useTransferActions(): {
  run: (record: TransferRecord, name: TransferAction) => void;
  dragOut: (record: TransferRecord, event: DragEvent) => void;
} {
  const transfers = useTransfersStore();
  const navigation = useNavigationStore();
  const signIn = useSignInStore();
  const runners: Record<CalledAction, ReturnType<typeof useAction>> = {
    pause: useAction('Pause the transfer'),
    resume: useAction('Resume the transfer'),
    cancel: useAction('Cancel the transfer'),
    retry: useAction('Retry the transfer'),
    openFolder: useAction('Open the folder'),
    showFile: useAction('Show the file'),
    moveUp: useAction('Move the transfer up in the queue'),
    moveDown: useAction('Move the transfer down in the queue'),
    startNow: useAction('Start the transfer now'),
  };
  const dragRunner = useAction('Drag the file out');

  function run(record: TransferRecord, name: TransferAction): void {
    if (name === 'forget') {
      transfers.forget(record.id);
      return;
    }
    if (name === 'openDatabase') {
      signIn.openProfile(record.profileId);
      navigation.open({
        kind: 'database',
        profileId: record.profileId,
        instanceName: record.instanceName,
        databaseName: record.databaseName,
      });
      return;
    }
    const work: Record<CalledAction, () => Promise<unknown>> = {
      pause: () => transfers.pause(record.id),
      resume: () => transfers.resume(record.id),
      cancel: () => transfers.cancel(record.id),
      retry: () => transfers.retry(record.id),
      openFolder: () => transfers.openFolder(record),
      showFile: () => transfers.showFile(record),
      moveUp: () => transfers.moveInQueue(record.id, 'up'),
      moveDown: () => transfers.moveInQueue(record.id, 'down'),
      startNow: () => transfers.startNow(record.id),
    };
    void runners[name].run(work[name]);
  }

  function dragOut(record: TransferRecord, event: DragEvent): void {
    event.preventDefault();
    void dragRunner.run(() => transfers.dragOut(record));
  }

  return { run, dragOut };
}
