import { AppError } from '../../shared/errors';
import type {
  ImportPlan,
  PausedReason,
  PlanImportInput,
  StartArchiveDownloadInput,
  StartExportInput,
  StartImportInput,
  TransferRecord,
} from '../../shared/model/transfer';
import type { IpcHandlers } from '../services/ipc/ipc-router';
import type { PathProvenance } from './path-provenance';

/**
 * What the IPC layer needs from the transfer engine (src/main/services/transfers). The
 * engine's TransferService satisfies it structurally; nothing here imports it, so wiring it
 * is one argument in create-app-services.ts.
 */
export interface TransferPort {
  planImport(input: PlanImportInput): Promise<ImportPlan>;
  startImport(input: StartImportInput): Promise<TransferRecord>;
  startExport(input: StartExportInput): Promise<TransferRecord>;
  startArchiveDownload(input: StartArchiveDownloadInput): Promise<TransferRecord>;
  list(): TransferRecord[];
  listResumable(): Promise<TransferRecord[]> | TransferRecord[];
  pause(id: string): Promise<TransferRecord>;
  resume(id: string): Promise<TransferRecord>;
  cancel(id: string): Promise<TransferRecord>;
  retry(id: string): Promise<TransferRecord>;
  moveInQueue(id: string, direction: 'up' | 'down'): TransferRecord;
  startNow(id: string): TransferRecord;
  /** The user pauses, or resumes, every transfer. */
  pauseEverything(): Promise<TransferRecord[]>;
  resumeEverything(): TransferRecord[];
  /** Pauses every running transfer (their journals keep them), e.g. when the app quits. */
  pauseAll(reason: PausedReason): Promise<void>;
  /** Calls `listener` on every change of a transfer; the answer stops it. */
  onDidChange(listener: (record: TransferRecord) => void): () => void;
  /** Stops timers and runs once everything is paused. */
  dispose(): Promise<void>;
}

/** The transfer channels of the contract. */
export type TransferChannel = Extract<keyof IpcHandlers, `transfers:${string}`>;

/**
 * Handlers of the transfer channels, calling `transfers`. Imports write and exports may take
 * a database offline (detach), so a read-only profile starts neither. Main reads only a file
 * and writes only into a folder the user chose (`provenance`), whatever path the window names.
 */
export function createTransferHandlers(
  transfers: TransferPort,
  isReadOnly: (profileId: string) => boolean,
  provenance: PathProvenance,
): Pick<IpcHandlers, TransferChannel> {
  const writable = (profileId: string): void => {
    if (!isReadOnly(profileId)) return;
    throw new AppError({
      code: 'FORBIDDEN',
      message:
        "This connection is read-only, so imports and exports are not allowed. Turn off read-only in the connection's settings to do it.",
    });
  };
  return {
    'transfers:planImport': async (input) => {
      provenance.assertReadable(input.sourcePath);
      return transfers.planImport(input);
    },
    // The plan id stands for a file planImport read after its provenance was checked here.
    'transfers:startImport': async (input) => {
      writable(input.profileId);
      return transfers.startImport(input);
    },
    'transfers:startExport': async (input) => {
      writable(input.profileId);
      provenance.assertWritable(input.destinationFolder);
      return transfers.startExport(input);
    },
    // Downloading an archive only reads from the service: a read-only profile may do it.
    'transfers:startArchiveDownload': async (input) => {
      provenance.assertWritable(input.destinationFolder);
      return transfers.startArchiveDownload(input);
    },
    'transfers:list': () => Promise.resolve(transfers.list()),
    'transfers:listResumable': async () => transfers.listResumable(),
    'transfers:pause': ({ id }) => transfers.pause(id),
    'transfers:resume': ({ id }) => transfers.resume(id),
    'transfers:cancel': ({ id }) => transfers.cancel(id),
    'transfers:retry': ({ id }) => transfers.retry(id),
    'transfers:moveInQueue': ({ id, direction }) =>
      Promise.resolve(transfers.moveInQueue(id, direction)),
    'transfers:startNow': ({ id }) => Promise.resolve(transfers.startNow(id)),
    'transfers:pauseAll': () => transfers.pauseEverything(),
    'transfers:resumeAll': () => Promise.resolve(transfers.resumeEverything()),
  };
}
