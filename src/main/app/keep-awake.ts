import { isFinalTransferState, type TransferRecord } from '../../shared/model/transfer';
import type { Logger } from '../services/log/logger';

/** What the system offers to hold off its suspension (Electron's powerSaveBlocker in the app). */
export interface SuspendBlocker {
  /** Starts blocking; answers the blocker's id. */
  start(): number;
  stop(id: number): void;
}

/** Options of {@link KeepAwake}. */
interface KeepAwakeOptions {
  readonly blocker: SuspendBlocker;
  /** The setting (keepAwakeWhileTransferring), read at every update. */
  readonly isEnabled: () => boolean;
  readonly logger?: Logger;
}

/** A transfer that will move bytes or is waiting on its job: the machine must stay up. */
function isRunning(record: TransferRecord): boolean {
  return record.state !== 'paused' && !isFinalTransferState(record.state);
}

/**
 * Keeps the machine from suspending while transfers run (a long upload on a laptop otherwise
 * stops when the OS suspends): one blocker from the first running transfer, released when the
 * last one ends or pauses, or when the user turns the setting off.
 */
class KeepAwake {
  readonly #options: KeepAwakeOptions;
  #id: number | undefined;

  constructor(options: KeepAwakeOptions) {
    this.#options = options;
  }

  /** Takes or releases the blocker for the transfers as they are now. */
  update(records: readonly TransferRecord[]): void {
    const wanted = this.#options.isEnabled() && records.some(isRunning);
    if (wanted && this.#id === undefined) {
      this.#id = this.#options.blocker.start();
      this.#options.logger?.info('Keeping the system awake while transfers run');
    } else if (!wanted) {
      this.dispose();
    }
  }

  /** Releases the blocker. */
  dispose(): void {
    if (this.#id === undefined) return;
    this.#options.blocker.stop(this.#id);
    this.#id = undefined;
    this.#options.logger?.info('The system may suspend again: no transfer runs');
  }
}

/** What {@link keepAwakeWhileTransferring} follows. */
export interface KeepAwakeSources {
  readonly transfers: {
    list(): TransferRecord[];
    onDidChange(listener: (record: TransferRecord) => void): () => void;
  };
  readonly settings: {
    get(): { keepAwakeWhileTransferring: boolean };
    onDidChange(listener: (settings: unknown) => void): () => void;
  };
  readonly logger?: Logger;
}

/** Follows the transfers and the setting; answers the function that stops and releases. */
export function keepAwakeWhileTransferring(
  sources: KeepAwakeSources,
  blocker: SuspendBlocker,
): () => void {
  const keepAwake = new KeepAwake({
    blocker,
    isEnabled: () => sources.settings.get().keepAwakeWhileTransferring,
    ...(sources.logger ? { logger: sources.logger } : {}),
  });
  const update = (): void => keepAwake.update(sources.transfers.list());
  const stops = [sources.transfers.onDidChange(update), sources.settings.onDidChange(update)];
  update();
  return () => {
    for (const stop of stops) stop();
    keepAwake.dispose();
  };
}
