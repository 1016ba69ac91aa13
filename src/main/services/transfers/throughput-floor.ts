import { AppError } from '../../../shared/errors';
import { formatDuration } from '../../../shared/format/durations';
import { formatSpeed } from '../../../shared/format/units';

/*
 * The floor under every request to a storage host. The idle deadline (60 s without a byte)
 * ends a host that stopped; a host that sends one byte every few seconds keeps it alive for
 * ever. The floor ends that one too: a request that moved fewer bytes than the floor asks
 * over the last window is stalled, and its step retries it as it retries a broken connection.
 *
 * Only the time the request waits on the host counts: while our own bandwidth limit, a slow
 * disk or a reader not ready yet holds the request, the host cannot send, and the clock of
 * the window stops. The callers say whose turn it is ({@link ThroughputMeter.waitHost},
 * {@link ThroughputMeter.hold}) and what moved; the meter only counts.
 */

/** The least a request to a storage host must move, and over how long. */
export interface ThroughputFloor {
  /** Bytes per second, averaged over the window; 0 turns the floor off. */
  readonly minBytesPerSecond: number;
  /** The window, in milliseconds of time spent waiting on the host. */
  readonly windowMs: number;
}

/** Under 1 KiB/s over a minute: the same minute as the idle deadline, and far below any link. */
export const DEFAULT_THROUGHPUT_FLOOR: ThroughputFloor = {
  minBytesPerSecond: 1024,
  windowMs: 60_000,
};

/** True when the floor applies (a rate and a window above zero). */
export function isFloorOn(floor: ThroughputFloor): boolean {
  return floor.minBytesPerSecond > 0 && floor.windowMs > 0;
}

/**
 * Slots the window is counted in. The bytes of the slot the window's start falls in all count,
 * so the window judged is up to a slot longer than asked: never shorter, never stricter.
 */
const SLOTS = 20;

interface Slot {
  readonly index: number;
  bytes: number;
}

/**
 * The bytes one request moved, over the time it waited on the host. Starts held: nothing
 * counts until the first {@link waitHost}. Memory stays at most {@link SLOTS} + 1 counters
 * whatever the speed.
 */
export class ThroughputMeter {
  readonly #floor: ThroughputFloor;
  readonly #now: () => number;
  readonly #slotMs: number;
  /** Time waited on the host before the current turn. */
  #waitedMs = 0;
  /** When the host's current turn began; undefined while we hold the request. */
  #turnAt: number | undefined;
  readonly #slots: Slot[] = [];

  /** `now`: a monotonic clock in milliseconds (default `performance.now`). */
  constructor(floor: ThroughputFloor, now: () => number = () => performance.now()) {
    this.#floor = floor;
    this.#now = now;
    this.#slotMs = floor.windowMs / SLOTS;
  }

  /** The floor this meter holds the request to. */
  get floor(): ThroughputFloor {
    return this.#floor;
  }

  /** The host has the turn: from now on the time counts (again). */
  waitHost(): void {
    this.#turnAt ??= this.#now();
  }

  /** We hold the request (our limit, our disk, our reader): the time stops counting. */
  hold(): void {
    if (this.#turnAt === undefined) return;
    this.#waitedMs += Math.max(0, this.#now() - this.#turnAt);
    this.#turnAt = undefined;
  }

  /** `bytes` moved (received, or taken by the host), now. */
  moved(bytes: number): void {
    if (bytes <= 0) return;
    const index = Math.floor(this.#waited() / this.#slotMs);
    const last = this.#slots.at(-1);
    if (last?.index === index) last.bytes += bytes;
    else this.#slots.push({ index, bytes });
    while ((this.#slots[0]?.index ?? index) < index - SLOTS) this.#slots.shift();
  }

  /**
   * True once the request waited on the host a whole window or more and the last window
   * moved fewer bytes than the floor asks of it.
   */
  isStalled(): boolean {
    const { minBytesPerSecond, windowMs } = this.#floor;
    if (!isFloorOn(this.#floor)) return false;
    const waited = this.#waited();
    if (waited < windowMs) return false;
    const from = Math.floor((waited - windowMs) / this.#slotMs);
    let bytes = 0;
    for (const slot of this.#slots) if (slot.index >= from) bytes += slot.bytes;
    return bytes < (minBytesPerSecond * windowMs) / 1000;
  }

  #waited(): number {
    const turn = this.#turnAt === undefined ? 0 : Math.max(0, this.#now() - this.#turnAt);
    return this.#waitedMs + turn;
  }
}

/** `under 1.00 KiB/s for 1 min`: the floor as the messages and notices say it. */
export function floorText(floor: ThroughputFloor): string {
  return `under ${formatSpeed(floor.minBytesPerSecond)} for ${formatDuration(floor.windowMs)}`;
}

/** The `details` of a {@link TooSlowError}, kept when the error is passed on as data. */
export const TOO_SLOW = 'too-slow';

/**
 * The error of a request below the floor: NETWORK, so its step retries it like a broken
 * connection, with the floor it fell under (the retry notice names it).
 */
export class TooSlowError extends AppError {
  readonly floor: ThroughputFloor;

  constructor(floor: ThroughputFloor) {
    super({
      code: 'NETWORK',
      details: TOO_SLOW,
      message: `The storage host was too slow (${floorText(floor)}); the transfer tries again on its own.`,
    });
    this.floor = floor;
  }
}
