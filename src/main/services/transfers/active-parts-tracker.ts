import type { ActivePart } from '../../../shared/model/transfer';
import type { ImportJournal } from './journal-schema';
import type { TransferContext } from './transfer-context';

/**
 * The parts of an upload being sent, as the record's `parts` field shows them: each part's
 * bytes and retries, and how many attempts were sent again. Every change is shown at once.
 */
export class ActivePartsTracker {
  readonly #ctx: TransferContext<ImportJournal>;
  readonly #active = new Map<number, ActivePart>();
  #resent = 0;

  constructor(ctx: TransferContext<ImportJournal>) {
    this.#ctx = ctx;
  }

  /** Shows the parts on the record: done (from the journal), in flight, resent. */
  show(): void {
    const { journal } = this.#ctx;
    this.#ctx.patch({
      parts: {
        total: journal.partCount,
        done: Object.keys(journal.parts).length,
        inFlight: this.#active.size,
        partSize: journal.partSize,
        active: [...this.#active.values()].sort((a, b) => a.partNumber - b.partNumber),
        resent: this.#resent,
      },
    });
  }

  /** A part starts being sent. */
  start(partNumber: number, length: number): void {
    this.#active.set(partNumber, { partNumber, bytesSent: 0, length, retries: 0 });
    this.show();
  }

  /** Changes the state of a part being sent (bytes taken back are negative `bytes`). */
  change(partNumber: number, bytes: number, retried: boolean): void {
    const part = this.#active.get(partNumber);
    if (!part) return;
    if (retried) this.#resent += 1;
    this.#active.set(partNumber, {
      ...part,
      bytesSent: Math.max(0, part.bytesSent + bytes),
      retries: part.retries + (retried ? 1 : 0),
    });
    this.show();
  }

  /** A part is no longer being sent (journaled, or failed). */
  end(partNumber: number): void {
    this.#active.delete(partNumber);
    this.show();
  }
}
