import type { ActivePart } from '../../../../shared/model/transfer';
import type { ImportJournal } from '../journal-schema';
import type { TransferContext } from '../transfer-context';

/**
 * The parts of an upload being sent, as the record's `parts` field shows them: each part's
 * bytes and retries, and how many parts were sent again (the journal's count). A part starting, ending or being
 * retried is patched into the record at once. Bytes, which change with every chunk, are
 * counted in place in the list the record holds, without a patch, an allocation or a sort:
 * the record's progress events (at most every 250 ms, requested by the byte count that goes
 * with each chunk) copy the list as it is then (TransferRun.snapshot).
 */
export class ActivePartsTracker {
  readonly #ctx: TransferContext<ImportJournal>;
  /** The parts being sent, by part number: the very list the record shows. */
  #active: ActivePart[] = [];

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
        inFlight: this.#active.length,
        partSize: journal.partSize,
        active: this.#active,
        resent: journal.resentParts ?? 0,
      },
    });
  }

  /** A part starts being sent. */
  start(partNumber: number, length: number): void {
    const part: ActivePart = { partNumber, bytesSent: 0, length, retries: 0 };
    // A new list: snapshots taken before keep the one they copied.
    this.#active = [...this.#active.filter((p) => p.partNumber !== partNumber), part].sort(
      (a, b) => a.partNumber - b.partNumber,
    );
    this.show();
  }

  /** Changes the state of a part being sent (bytes taken back are negative `bytes`). */
  change(partNumber: number, bytes: number, retried: boolean): void {
    const part = this.#active.find((p) => p.partNumber === partNumber);
    if (!part) return;
    part.bytesSent = Math.max(0, part.bytesSent + bytes);
    if (!retried) return;
    part.retries += 1;
    // Counted in the journal, beside the parts sent again because the file changed.
    this.#ctx.journal.resentParts = (this.#ctx.journal.resentParts ?? 0) + 1;
    this.show();
  }

  /** A part is no longer being sent (journaled, or failed). */
  end(partNumber: number): void {
    this.#active = this.#active.filter((p) => p.partNumber !== partNumber);
    this.show();
  }
}
