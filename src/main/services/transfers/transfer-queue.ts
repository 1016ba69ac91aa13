import { AppError } from '../../../shared/errors';
import type { TransferRun } from './transfer-run';

/** Options of {@link TransferQueue}. */
export interface TransferQueueOptions {
  /** Transfers moving bytes at once (a setting), read whenever a slot may be free. */
  readonly limit: () => number;
}

interface Waiting {
  readonly run: TransferRun;
  readonly begin: () => void;
}

/**
 * The queue of the app's transfers: at most `limit()` of them hold a slot (move bytes) at
 * once; the others wait in order, shown `queued` with their place (`queuePosition`, from 1).
 * The user may move a waiting transfer up or down, or start it now (past the limit). A slot
 * is given back when the run ends, or earlier when its bytes are done (an import waiting on
 * its job no longer holds the link).
 */
export class TransferQueue {
  readonly #options: TransferQueueOptions;
  readonly #active = new Set<TransferRun>();
  #waiting: Waiting[] = [];
  /** Called once at the next change of the waiting list. */
  readonly #nextChange = new Set<() => void>();

  constructor(options: TransferQueueOptions) {
    this.#options = options;
  }

  /** Runs `begin` now if a slot is free, else queues the transfer behind the others. */
  admit(run: TransferRun, begin: () => void): void {
    if (this.#active.has(run) || this.#waiting.some((w) => w.run === run)) return;
    if (this.#active.size < this.#limit()) {
      this.#active.add(run);
      begin();
      return;
    }
    this.#waiting.push({ run, begin });
    run.setState('queued');
    this.#showPlaces();
  }

  /** Gives the slot back (the run ended or its bytes are done); the next one starts. */
  release(run: TransferRun): void {
    if (!this.#active.delete(run)) return;
    this.pump();
  }

  /** Takes a waiting transfer out of the queue (paused or cancelled while it waited). */
  remove(run: TransferRun): boolean {
    const before = this.#waiting.length;
    this.#waiting = this.#waiting.filter((w) => w.run !== run);
    if (this.#waiting.length === before) return false;
    run.patch({ queuePosition: undefined });
    this.#showPlaces();
    return true;
  }

  /** True when the transfer waits for a slot. */
  isWaiting(run: TransferRun): boolean {
    return this.#waiting.some((w) => w.run === run);
  }

  /** Resolves once `run` no longer waits for a slot (it started, or was taken out). */
  async left(run: TransferRun): Promise<void> {
    while (this.isWaiting(run)) {
      await new Promise<void>((resolve) => this.#nextChange.add(resolve));
    }
  }

  /** Moves a waiting transfer one place up (-1) or down (+1). VALIDATION when it does not wait. */
  move(run: TransferRun, delta: -1 | 1): void {
    const index = this.#indexOf(run);
    const target = index + delta;
    if (target < 0 || target >= this.#waiting.length) return;
    const moved = [...this.#waiting];
    [moved[index], moved[target]] = [moved[target] as Waiting, moved[index] as Waiting];
    this.#waiting = moved;
    this.#showPlaces();
  }

  /** Starts a waiting transfer at once, past the limit. VALIDATION when it does not wait. */
  startNow(run: TransferRun): void {
    const [waiting] = this.#waiting.splice(this.#indexOf(run), 1);
    if (!waiting) return;
    this.#showPlaces();
    run.patch({ queuePosition: undefined });
    this.#active.add(run);
    waiting.begin();
  }

  /** Starts waiting transfers while slots are free (a slot was given back, the limit rose). */
  pump(): void {
    let started = false;
    while (this.#active.size < this.#limit()) {
      const next = this.#waiting.shift();
      if (!next) break;
      started = true;
      next.run.patch({ queuePosition: undefined });
      this.#active.add(next.run);
      next.begin();
    }
    if (started) this.#showPlaces();
  }

  #indexOf(run: TransferRun): number {
    const index = this.#waiting.findIndex((w) => w.run === run);
    if (index < 0) {
      throw new AppError({
        code: 'VALIDATION',
        message: 'This transfer is not waiting in the queue any more; refresh the list.',
      });
    }
    return index;
  }

  #showPlaces(): void {
    this.#waiting.forEach((w, i) => w.run.patch({ queuePosition: i + 1 }));
    for (const resolve of this.#nextChange) resolve();
    this.#nextChange.clear();
  }

  #limit(): number {
    return Math.max(1, Math.floor(this.#options.limit()));
  }
}
