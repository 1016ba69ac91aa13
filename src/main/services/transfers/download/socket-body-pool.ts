import type { SlotShelf } from './slot-shelf';

/*
 * The buffers of a direct GET: a fixed pool of slots the socket reads into (Node's `onread`
 * with a buffer function), each filled slot handed in order to an async consumer (the `.part`
 * file's write, the MD5, the count), the socket paused while no slot is free. Memory stays the
 * pool's size whatever the file's size or the disk's speed, and nothing is allocated per read.
 */

/** Takes the bytes of one filled slot; the slot is reused once the promise settles. */
export type BodyConsumer = (bytes: Buffer) => Promise<void>;

/** Options of {@link SocketBodyPool}. */
export interface SocketBodyPoolOptions {
  /** Slots in the pool (at least 2: one the socket reads into, one spare). */
  slots: number;
  slotBytes: number;
  /** A slot with less room than this is handed on rather than read into (default 64 KiB). */
  minRead?: number;
  /**
   * An idle consumer gets a slot holding at least this many bytes at once, rather than when
   * the slot is full (default 1: any bytes). Larger means fewer, larger writes.
   */
  idleBytes?: number;
  /** Called when reading may go on after the pool paused it (a slot was freed). */
  onResume: () => void;
  /** Where the slots come from and go back to (default: new buffers, left to the GC). */
  shelf?: SlotShelf;
}

interface Filled {
  slot: Buffer;
  bytes: Buffer;
  /** False for a one-off overflow buffer, which is not reused. */
  pooled: boolean;
}

/**
 * The slots and the ordered consumer. The socket asks {@link buffer} for where to read and
 * reports each read with {@link commit}; a `false` answer pauses it until `onResume`. Filled
 * slots wait (held) until {@link start} names the consumer.
 */
export class SocketBodyPool {
  readonly #options: Required<Omit<SocketBodyPoolOptions, 'shelf'>>;
  readonly #shelf: SlotShelf | undefined;
  readonly #free: Buffer[] = [];
  readonly #queue: Filled[] = [];
  #current: Buffer | undefined;
  #filled = 0;
  #paused = false;
  #consumer: BodyConsumer | undefined;
  #running: Promise<void> | undefined;
  #failure: { error: unknown } | undefined;
  /** Reads that found no slot free (a TLS socket may read once more after a pause). */
  overflows = 0;

  constructor(options: SocketBodyPoolOptions) {
    if (options.slots < 2) throw new RangeError('A socket body pool needs at least 2 slots.');
    const { shelf, ...rest } = options;
    this.#options = { minRead: 64 * 1024, idleBytes: 1, ...rest };
    this.#shelf = shelf?.slotBytes === options.slotBytes ? shelf : undefined;
    for (let i = 0; i < options.slots; i += 1)
      this.#free.push(this.#shelf?.take() ?? Buffer.allocUnsafe(options.slotBytes));
    this.#current = this.#free.pop();
  }

  /** Where the socket reads next: the free part of the current slot. */
  buffer(): Buffer {
    if (this.#current === undefined) {
      // Only when a read comes in spite of the pause (TLS can deliver what it already
      // decrypted): a one-off buffer, handed on like a slot and then dropped.
      this.overflows += 1;
      return Buffer.allocUnsafe(this.#options.minRead);
    }
    return this.#current.subarray(this.#filled);
  }

  /**
   * Records a read of `length` bytes into `view` (the last {@link buffer}), of which those from
   * `skip` on are body bytes (the head's end is skipped). Answers false to pause the socket.
   */
  commit(view: Buffer, length: number, skip = 0): boolean {
    const kept = length - skip;
    if (this.#current === undefined || view.buffer !== this.#current.buffer) {
      if (kept > 0)
        this.#queue.push({ slot: view, bytes: view.subarray(skip, length), pooled: false });
      this.#kick();
      return !this.#paused;
    }
    if (skip > 0 && kept > 0) view.copyWithin(0, skip, length);
    this.#filled += Math.max(0, kept);
    const room = this.#current.length - this.#filled;
    const ready = this.#idle() && this.#filled >= Math.max(1, this.#options.idleBytes);
    if (room < this.#options.minRead || ready) this.#handOn();
    return !this.#paused;
  }

  /** Names the consumer and hands it what arrived so far (in order). */
  start(consumer: BodyConsumer): void {
    // The current slot is not handed on here: the socket may hold a view of its free part for
    // the next read. The next read (or {@link finish}, once the socket stopped) hands it on.
    this.#consumer = consumer;
    this.#kick();
  }

  /**
   * Hands on the part-filled slot and waits for the consumer; only once the socket stopped
   * reading (the body ended, or broke).
   */
  async finish(): Promise<void> {
    if (this.#filled > 0) this.#handOn();
    this.#kick();
    while (this.#running) await this.#running;
    if (this.#failure) throw this.#failure.error;
  }

  /**
   * Gives the slots back to the shelf, once the socket can no longer read into them and the
   * consumer is done with them (after {@link finish}). Slots still queued (the consumer failed)
   * stay out. The pool takes no more reads.
   */
  retire(): void {
    if (this.#running || this.#queue.length > 0) return;
    const slots = this.#current ? [...this.#free, this.#current] : [...this.#free];
    this.#free.length = 0;
    this.#current = undefined;
    this.#filled = 0;
    this.#shelf?.give(slots);
  }

  /** Whether the pool has the socket paused (waiting for a free slot). */
  get paused(): boolean {
    return this.#paused;
  }

  #idle(): boolean {
    return this.#consumer !== undefined && this.#running === undefined;
  }

  #handOn(): void {
    const slot = this.#current;
    if (slot === undefined) return;
    if (this.#filled > 0)
      this.#queue.push({ slot, bytes: slot.subarray(0, this.#filled), pooled: true });
    else this.#free.push(slot);
    this.#filled = 0;
    this.#current = this.#free.pop();
    // A spare must stay: a TLS socket may still read once into the current slot after a pause.
    if (this.#free.length === 0) this.#paused = true;
    this.#kick();
  }

  #kick(): void {
    if (this.#running || !this.#consumer || this.#failure || this.#queue.length === 0) return;
    this.#running = this.#drain(this.#consumer).finally(() => {
      this.#running = undefined;
    });
  }

  async #drain(consumer: BodyConsumer): Promise<void> {
    try {
      for (let next = this.#queue[0]; next; next = this.#queue[0]) {
        await consumer(next.bytes);
        this.#queue.shift();
        if (next.pooled) this.#release(next.slot);
      }
    } catch (error) {
      this.#failure = { error };
    }
  }

  #release(slot: Buffer): void {
    this.#free.push(slot);
    if (this.#current === undefined) this.#current = this.#free.pop();
    if (this.#paused && this.#free.length > 0) {
      this.#paused = false;
      this.#options.onResume();
    }
  }

  /** The error the consumer threw, if it failed (the socket must then be dropped). */
  get failure(): unknown {
    return this.#failure?.error;
  }
}
