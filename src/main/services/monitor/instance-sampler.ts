import type { Session } from '../../../shared/contract/records/sessions';
import { isAppError } from '../../../shared/errors';
import type { Timers } from '../time/timers';

/** Options of {@link InstanceSampler}; `T` is what a read answers (the sessions by default). */
export interface InstanceSamplerOptions<T = readonly Session[]> {
  /** Reads the instance's sessions: one request to the service (or to a team monitor). */
  readonly read: (signal: AbortSignal) => Promise<T>;
  /** The sampling interval now (the settings' session refresh), ms. */
  readonly intervalMs: () => number;
  readonly onSample: (sessions: T, at: number) => void;
  /** A failed read; `signedOut` when the profile needs a sign-in (no more reads until then). */
  readonly onFailure: (error: unknown, at: number, signedOut: boolean) => void;
  readonly timers: Timers;
  readonly now: () => number;
  /** The longest wait between reads while the instance fails (default 5 min). */
  readonly maxBackoffMs?: number;
}

const AUTH_CODES = new Set(['AUTH_REQUIRED', 'AUTH_EXPIRED']);

/**
 * Reads one instance's sessions every interval, one request at a time: the next read is due
 * an interval after the previous one started, so a slow answer does not add requests. A
 * failure backs off (doubling from the interval up to a maximum, or the service's
 * Retry-After); a sign-in failure stops the reads until the monitor starts a new sampler.
 * Each instance has its own sampler and timer, so a dead instance never delays the others.
 */
export class InstanceSampler<T = readonly Session[]> {
  readonly #options: InstanceSamplerOptions<T>;
  #timer: unknown;
  #inFlight: AbortController | undefined;
  #failures = 0;
  #stopped = false;
  #nextAt: number | undefined;

  constructor(options: InstanceSamplerOptions<T>) {
    this.#options = options;
  }

  /** When the next read is due (epoch ms), undefined while one runs or after a stop. */
  get nextSampleAt(): number | undefined {
    return this.#nextAt;
  }

  /** Starts reading now. */
  start(): void {
    this.#schedule(0);
  }

  /** Reads now instead of at the next interval (no second read while one runs). */
  sampleNow(): void {
    if (this.#stopped || this.#inFlight) return;
    this.#schedule(0);
  }

  /** Stops for good; a read in flight is cancelled and reports nothing. */
  dispose(): void {
    this.#stopped = true;
    this.#options.timers.clearTimeout(this.#timer);
    this.#inFlight?.abort();
    this.#nextAt = undefined;
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    this.#options.timers.clearTimeout(this.#timer);
    this.#nextAt = this.#options.now() + delayMs;
    this.#timer = this.#options.timers.setTimeout(() => void this.#read(), delayMs);
  }

  async #read(): Promise<void> {
    if (this.#stopped || this.#inFlight) return;
    const started = this.#options.now();
    const controller = new AbortController();
    this.#inFlight = controller;
    this.#nextAt = undefined;
    try {
      const sessions = await this.#options.read(controller.signal);
      if (this.#stopped) return;
      this.#failures = 0;
      // Scheduled first, so the sample's listeners see when the next one is due.
      const elapsed = this.#options.now() - started;
      this.#schedule(Math.max(0, this.#options.intervalMs() - elapsed));
      this.#options.onSample(sessions, this.#options.now());
    } catch (error) {
      if (this.#stopped) return;
      const signedOut = isAppError(error) && AUTH_CODES.has(error.code);
      this.#failures += 1;
      if (signedOut) this.#stopped = true;
      else this.#schedule(this.#backoff(error));
      this.#options.onFailure(error, this.#options.now(), signedOut);
    } finally {
      if (this.#inFlight === controller) this.#inFlight = undefined;
    }
  }

  #backoff(error: unknown): number {
    const interval = this.#options.intervalMs();
    const max = Math.max(interval, this.#options.maxBackoffMs ?? 5 * 60_000);
    const retryAfter = isAppError(error) ? error.retryAfterMs : undefined;
    if (retryAfter !== undefined) return Math.min(max, Math.max(interval, retryAfter));
    return Math.min(max, interval * 2 ** Math.min(this.#failures, 16));
  }
}
