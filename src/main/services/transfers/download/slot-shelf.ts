/*
 * Slot buffers kept between the GETs of the downloads: a download in ranges opens a connection
 * per segment (64 per 4 GiB), and a pool of fresh 1 MiB buffers per connection left the
 * process's RSS growing with the file's size (the allocator keeps the freed buffers' pages
 * scattered). Taken from the shelf, the same buffers serve every connection. What stays on the
 * shelf is let go once no download took from it for a while, so an idle app holds none.
 */

/** How long the shelf keeps buffers nobody takes. */
const IDLE_MS = 10_000;

/** A bounded stack of equal-sized buffers, emptied after {@link IDLE_MS} without use. */
export class SlotShelf {
  readonly slotBytes: number;
  readonly #limit: number;
  #kept: Buffer[] = [];
  #idle: NodeJS.Timeout | undefined;

  /** `limit`: the most buffers kept (those of the connections that run at once). */
  constructor(slotBytes: number, limit: number) {
    this.slotBytes = slotBytes;
    this.#limit = limit;
  }

  /** A buffer of `slotBytes`: a kept one, else a new one. */
  take(): Buffer {
    return this.#kept.pop() ?? Buffer.allocUnsafe(this.slotBytes);
  }

  /** Gives back buffers no one reads or writes any more; those beyond the limit are dropped. */
  give(buffers: readonly Buffer[]): void {
    for (const buffer of buffers) {
      if (this.#kept.length >= this.#limit) break;
      if (buffer.length === this.slotBytes) this.#kept.push(buffer);
    }
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => (this.#kept = []), IDLE_MS);
    this.#idle.unref();
  }

  /** Buffers on the shelf now. */
  get kept(): number {
    return this.#kept.length;
  }
}
