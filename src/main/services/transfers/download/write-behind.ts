import { AppError } from '../../../../shared/errors';

/*
 * What runs behind a download's writes, each every so many bytes, one at a time, without the
 * bytes waiting for it: the flushes of the `.part` file to the disk (fdatasync) and the journal
 * checkpoints. Awaited in the data path they cost 0.6 s per GiB measured here (the checkpoints,
 * 4.6 ms each every 8 MiB); and without the flushes the kernel holds up to a fifth of the RAM
 * as unwritten pages that the final fsync writes while the transfer shows 100% (0.6 s per GiB
 * here, seconds for a large file). With them the disk writes during the transfer.
 */

/** One run of the task (a flush, a checkpoint). */
export type BackgroundTask = () => Promise<void>;

/** Starts `task` every `everyBytes` written; remembers its first failure for {@link settle}. */
export class WriteBehind {
  readonly #task: BackgroundTask;
  readonly #everyBytes: number;
  #startedAt: number;
  #running: Promise<void> | undefined;
  #failure: Error | undefined;

  /** `from`: the bytes already in the file (a resumed download). */
  constructor(task: BackgroundTask, everyBytes: number, from = 0) {
    this.#task = task;
    this.#everyBytes = everyBytes;
    this.#startedAt = from;
  }

  /** Records the bytes now written; starts the task when due and none is under way. */
  written(total: number): void {
    if (this.#running || this.#failure || total - this.#startedAt < this.#everyBytes) return;
    this.#startedAt = total;
    this.#running = this.#task()
      .catch((error: unknown) => {
        this.#failure = error instanceof Error ? error : new Error(String(error));
      })
      .finally(() => {
        this.#running = undefined;
      });
  }

  /** Waits for the run under way; throws the error of a run that failed. */
  async settle(): Promise<void> {
    await this.#running;
    this.check();
  }

  /** Throws the error of a run that failed (the download must stop). */
  check(): void {
    if (this.#failure) throw this.#failure;
  }
}

/** A flush the disk refused: names the file, the system's code, and what to do. */
export function diskError(dest: string, error: unknown): AppError {
  const code = (error as { code?: unknown } | undefined)?.code;
  return new AppError(
    {
      code: 'INTERNAL',
      message: `Writing ${dest} to the disk failed. Check the disk (free space, connection), then resume the transfer.`,
      ...(typeof code === 'string' ? { details: code } : {}),
    },
    { cause: error },
  );
}
