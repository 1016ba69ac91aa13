import { abortReason } from '../common/sleep';
import { systemTimers, type Timers } from '../time/timers';

/** The largest burst, in seconds of the rate: the limit holds over windows about this short. */
export const BURST_SECONDS = 0.25;

/**
 * The longest a waiting taker goes without a refill: a changed limit (raised, lowered or
 * turned off) applies to bytes already waiting within this time.
 */
export const REFILL_MS = 100;

/**
 * How long a limit read is reused: takes come every few hundred KiB, and the getter may be
 * costly (the settings store clones its settings), so it is read at most this often.
 */
export const RATE_READ_MS = 50;

/** Options of {@link BandwidthLimiter}. */
export interface BandwidthLimiterOptions {
  /**
   * The limit in bytes per second, read again at a take or refill {@link RATE_READ_MS} after
   * the last read (a setting the user may change while transfers run); 0, a negative or a
   * non-finite number means no limit.
   */
  bytesPerSecond: () => number;
  /** Default: the real timers. */
  timers?: Timers;
  /** Monotonic clock in milliseconds (default `performance.now`). */
  now?: () => number;
}

interface Waiter {
  readonly bytes: number;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

const GO: Promise<void> = Promise.resolve();

/**
 * A token bucket shared by every transfer of the app: {@link take} resolves when its bytes may
 * go on the wire. Callers await it before handing a chunk on (the upload stream, the download
 * loop), so a limit slows the file read or the response pull by backpressure instead of
 * buffering. The bucket starts empty and holds at most {@link BURST_SECONDS} of the rate;
 * takers are served in arrival order. A take larger than the bucket goes once the bucket is
 * full and leaves a debt the next takers wait out, so the long-run rate holds for any chunk.
 */
export class BandwidthLimiter {
  readonly #bytesPerSecond: () => number;
  readonly #timers: Timers;
  readonly #now: () => number;
  #tokens = 0;
  #refilledAt: number;
  readonly #queue: Waiter[] = [];
  #timer: unknown;
  #rateValue = 0;
  #rateReadAt = Number.NEGATIVE_INFINITY;

  constructor(options: BandwidthLimiterOptions) {
    this.#bytesPerSecond = options.bytesPerSecond;
    this.#timers = options.timers ?? systemTimers;
    this.#now = options.now ?? (() => performance.now());
    this.#refilledAt = this.#now();
  }

  /**
   * Resolves when `bytes` may be sent; at once when there is no limit. Rejects with the
   * signal's reason (as {@link abortReason}) when it aborts first, and then takes nothing.
   */
  take(bytes: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const rate = this.#rate();
    if (this.#queue.length === 0) {
      if (rate === 0 || bytes <= 0) return GO;
      this.#refill(rate);
      if (this.#tokens >= this.#need(bytes, rate)) {
        this.#tokens -= bytes;
        return GO;
      }
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { bytes, resolve, reject, signal, onAbort: () => this.#drop(waiter) };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.#queue.push(waiter);
      this.#schedule(rate);
    });
  }

  /**
   * The bucket's size in bytes under today's limit, or Infinity with none: a reader that asks
   * for chunks no larger than this keeps the limit smooth (a larger take still goes, once the
   * bucket is full, and leaves a debt the next takes wait out).
   */
  burstBytes(): number {
    const rate = this.#rate();
    return rate === 0 ? Number.POSITIVE_INFINITY : Math.max(1, Math.floor(rate * BURST_SECONDS));
  }

  /** Takers waiting now (tests, diagnostics). */
  get waiting(): number {
    return this.#queue.length;
  }

  #rate(): number {
    const now = this.#now();
    if (now - this.#rateReadAt < RATE_READ_MS && now >= this.#rateReadAt) return this.#rateValue;
    const value = this.#bytesPerSecond();
    this.#rateValue = Number.isFinite(value) && value > 0 ? value : 0;
    this.#rateReadAt = now;
    return this.#rateValue;
  }

  /** What must be in the bucket before `bytes` go: all of them, or a full bucket. */
  #need(bytes: number, rate: number): number {
    return Math.min(bytes, rate * BURST_SECONDS);
  }

  /** Adds what the elapsed time earned at today's rate, up to a full bucket. */
  #refill(rate: number): void {
    const now = this.#now();
    const elapsedMs = Math.max(0, now - this.#refilledAt);
    this.#refilledAt = now;
    this.#tokens = Math.min(rate * BURST_SECONDS, this.#tokens + (rate * elapsedMs) / 1000);
  }

  /** Serves the takers whose bytes the bucket now covers, in order, and waits for the rest. */
  #pump(): void {
    this.#timer = undefined;
    const rate = this.#rate();
    if (rate > 0) this.#refill(rate);
    for (;;) {
      const head = this.#queue[0];
      if (!head || (rate > 0 && this.#tokens < this.#need(head.bytes, rate))) break;
      this.#queue.shift();
      if (rate > 0) this.#tokens -= head.bytes;
      head.signal?.removeEventListener('abort', head.onAbort);
      head.resolve();
    }
    this.#schedule(rate);
  }

  #schedule(rate: number): void {
    const head = this.#queue[0];
    if (!head || this.#timer !== undefined) return;
    // With no limit (just turned off), the waiters go on the next turn of the event loop.
    const dueMs =
      rate === 0 ? 0 : ((this.#need(head.bytes, rate) - this.#tokens) / rate) * 1000 + 1;
    this.#timer = this.#timers.setTimeout(
      () => this.#pump(),
      Math.max(0, Math.min(REFILL_MS, Math.ceil(dueMs))),
    );
  }

  #drop(waiter: Waiter): void {
    const index = this.#queue.indexOf(waiter);
    if (index < 0) return;
    this.#queue.splice(index, 1);
    waiter.reject(abortReason(waiter.signal));
    if (index === 0) this.#restart();
  }

  /** The head changed: serve or wait for the new one at once rather than at the old due time. */
  #restart(): void {
    if (this.#timer !== undefined) this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#queue.length > 0) this.#pump();
  }
}
