import { systemTimers, type Timers } from '../time/timers';

/** Options of {@link ProgressMeter}. */
export interface ProgressMeterOptions {
  /** Clock in milliseconds (default Date.now). */
  now?: () => number;
  /** Time constant of the exponential smoothing of throughput (default 3 s). */
  smoothingMs?: number;
  /** Shortest interval between two rate samples (default 200 ms): shorter ones are too noisy. */
  sampleMs?: number;
}

/** A throughput figure and the time left at that pace. */
export interface ProgressFigures {
  throughputBps?: number;
  etaSeconds?: number;
}

/**
 * Smoothed throughput and ETA of one transfer. The rate is an exponentially weighted moving
 * average whose weight depends on the time elapsed (α = 1 − e^(−Δt/τ)), so irregular sampling
 * and bursty parts (4 parts finishing at once) do not make the figure jump.
 */
export class ProgressMeter {
  readonly #now: () => number;
  readonly #smoothingMs: number;
  readonly #sampleMs: number;
  #lastAt: number | undefined;
  #lastBytes = 0;
  #rate: number | undefined;

  constructor(options: ProgressMeterOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#smoothingMs = options.smoothingMs ?? 3000;
    this.#sampleMs = options.sampleMs ?? 200;
  }

  /**
   * Records that `bytesDone` bytes are done now. A drop (bytes of a failed part taken back, or
   * a resume) restarts the baseline without counting negative speed.
   */
  update(bytesDone: number): void {
    const at = this.#now();
    if (this.#lastAt === undefined || bytesDone < this.#lastBytes) {
      this.#lastAt = at;
      this.#lastBytes = bytesDone;
      return;
    }
    const elapsed = at - this.#lastAt;
    if (elapsed < this.#sampleMs) return;
    const instant = ((bytesDone - this.#lastBytes) * 1000) / elapsed;
    const alpha = 1 - Math.exp(-elapsed / this.#smoothingMs);
    this.#rate = this.#rate === undefined ? instant : this.#rate + alpha * (instant - this.#rate);
    this.#lastAt = at;
    this.#lastBytes = bytesDone;
  }

  /** Forgets the pace (after a pause: the time paused is not slowness). */
  reset(): void {
    this.#lastAt = undefined;
    this.#rate = undefined;
  }

  /** The smoothed throughput in bytes a second and the ETA in seconds, once known. */
  figures(bytesDone: number, totalBytes: number): ProgressFigures {
    if (this.#rate === undefined) return {};
    const throughputBps = Math.round(this.#rate);
    if (throughputBps <= 0) return { throughputBps };
    const left = Math.max(0, totalBytes - bytesDone);
    return { throughputBps, etaSeconds: Math.ceil(left / throughputBps) };
  }
}

/**
 * Lets at most one call through every `intervalMs` and makes sure the last one is not lost: a
 * call inside the interval schedules one trailing call at its end. `flush()` runs a pending call
 * now (state changes are shown at once).
 */
export class Throttle {
  readonly #intervalMs: number;
  readonly #now: () => number;
  readonly #timers: Timers;
  readonly #run: () => void;
  #lastAt = Number.NEGATIVE_INFINITY;
  #pending: unknown;

  constructor(options: {
    intervalMs: number;
    run: () => void;
    now?: () => number;
    timers?: Timers;
  }) {
    this.#intervalMs = options.intervalMs;
    this.#run = options.run;
    this.#now = options.now ?? Date.now;
    this.#timers = options.timers ?? systemTimers;
  }

  /** Asks for a call; it happens now or at the end of the current interval. */
  request(): void {
    if (this.#pending !== undefined) return;
    const wait = this.#lastAt + this.#intervalMs - this.#now();
    if (wait <= 0) {
      this.#fire();
      return;
    }
    this.#pending = this.#timers.setTimeout(() => {
      this.#pending = undefined;
      this.#fire();
    }, wait);
  }

  /** Calls now, dropping any pending trailing call. */
  flush(): void {
    this.cancel();
    this.#fire();
  }

  /** Drops a pending trailing call. */
  cancel(): void {
    if (this.#pending === undefined) return;
    this.#timers.clearTimeout(this.#pending);
    this.#pending = undefined;
  }

  #fire(): void {
    this.#lastAt = this.#now();
    this.#run();
  }
}
