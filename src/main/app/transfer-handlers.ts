import { AppError } from '../../shared/errors';
import type {
  ImportPlan,
  PausedReason,
  PlanImportInput,
  StartExportInput,
  StartImportInput,
  TransferRecord,
} from '../../shared/model/transfer';
import type { IpcHandlers } from '../services/ipc/ipc-router';

/**
 * What the IPC layer needs from the transfer engine (src/main/services/transfers). The
 * engine's TransferService satisfies it structurally; nothing here imports it, so wiring it
 * is one argument in create-app-services.ts.
 */
export interface TransferPort {
  planImport(input: PlanImportInput): Promise<ImportPlan>;
  startImport(input: StartImportInput): Promise<TransferRecord>;
  startExport(input: StartExportInput): Promise<TransferRecord>;
  list(): TransferRecord[];
  listResumable(): Promise<TransferRecord[]> | TransferRecord[];
  pause(id: string): Promise<TransferRecord>;
  resume(id: string): Promise<TransferRecord>;
  cancel(id: string): Promise<TransferRecord>;
  retry(id: string): Promise<TransferRecord>;
  /** Pauses every running transfer (their journals keep them), e.g. when the app quits. */
  pauseAll(reason: PausedReason): Promise<void>;
  /** Calls `listener` on every change of a transfer; the answer stops it. */
  onChange(listener: (record: TransferRecord) => void): () => void;
  /** Stops timers and runs once everything is paused. */
  dispose?(): Promise<void>;
}

/** The transfer channels of the contract. */
export type TransferChannel = Extract<keyof IpcHandlers, `transfers:${string}`>;

/**
 * Handlers of the transfer channels, calling `transfers`, or refusing while it is absent.
 * Imports write and exports may take a database offline (detach), so a read-only profile
 * starts neither.
 */
export function createTransferHandlers(
  transfers: TransferPort | undefined,
  isReadOnly: (profileId: string) => boolean,
): Pick<IpcHandlers, TransferChannel> {
  if (!transfers) return unavailableHandlers();
  const writable = (profileId: string): void => {
    if (!isReadOnly(profileId)) return;
    throw new AppError({
      code: 'FORBIDDEN',
      message:
        "This connection is read-only, so imports and exports are not allowed. Turn off read-only in the connection's settings to do it.",
    });
  };
  return {
    'transfers:planImport': (input) => transfers.planImport(input),
    'transfers:startImport': (input) => {
      writable(input.profileId);
      return transfers.startImport(input);
    },
    'transfers:startExport': (input) => {
      writable(input.profileId);
      return transfers.startExport(input);
    },
    'transfers:list': () => Promise.resolve(transfers.list()),
    'transfers:listResumable': async () => transfers.listResumable(),
    'transfers:pause': ({ id }) => transfers.pause(id),
    'transfers:resume': ({ id }) => transfers.resume(id),
    'transfers:cancel': ({ id }) => transfers.cancel(id),
    'transfers:retry': ({ id }) => transfers.retry(id),
  };
}

function unavailableHandlers(): Pick<IpcHandlers, TransferChannel> {
  const refuse = (): Promise<never> =>
    Promise.reject(
      new AppError({
        code: 'INTERNAL',
        message: 'Imports and exports are not available yet in this build of the app.',
      }),
    );
  return {
    'transfers:planImport': refuse,
    'transfers:startImport': refuse,
    'transfers:startExport': refuse,
    // Listing works without the engine: there is simply nothing to list.
    'transfers:list': () => Promise.resolve([]),
    'transfers:listResumable': () => Promise.resolve([]),
    'transfers:pause': refuse,
    'transfers:resume': refuse,
    'transfers:cancel': refuse,
    'transfers:retry': refuse,
  };
}
