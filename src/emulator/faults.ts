import type { Random } from './random';

/** The fault switches that stay on until changed (CLI flags or the in-process handle). */
export interface FaultConfig {
  /** Milliseconds added to every request. */
  latencyMs: number;
  /** Fraction 0..1 of API requests answering 500. */
  rate500: number;
  /** Fraction 0..1 of API requests answering 503 with Retry-After. */
  rate503: number;
  /** Fraction 0..1 of API requests answering 429 with Retry-After. */
  rate429: number;
  /** Retry-After value (seconds) of the 503 and 429 answers; may be 0. */
  retryAfterSec: number;
  /** Fraction 0..1 of part uploads whose connection is destroyed after about half the bytes. */
  resetPartRate: number;
  /**
   * MiB/s each GET of an exported file is paced to, per connection; 0: no limit. A pace of a
   * few bytes a second trickles them one at a time (a host just above a stall).
   */
  downloadConnectionMiBps: number;
}

/** A fault that fires once (or `count` times) and then disarms itself. */
export const ONE_SHOT_FAULTS = [
  'partPut',
  'partPut500',
  'tokenRefresh',
  'request503',
  'request429',
  'request500',
  'jobFail',
] as const;
export type OneShotFault = (typeof ONE_SHOT_FAULTS)[number];

/** The handle tests (and the CLI's --once) use to flip faults on a running emulator. */
export interface FaultSwitches {
  readonly config: Readonly<FaultConfig>;
  set(config: Partial<FaultConfig>): void;
  /** Back to defaults; also clears armed one-shots. */
  reset(): void;
  /** Arms a one-shot fault `count` times (default 1). */
  once(fault: OneShotFault, count?: number): void;
  /** Every access token issued so far is expired now. */
  expireTokens(): void;
  /** Every pre-signed URL issued so far is expired now. */
  expireUrls(): void;
}

/** The defaults: no faults at all. */
export const DEFAULT_FAULTS: Readonly<FaultConfig> = Object.freeze({
  latencyMs: 0,
  rate500: 0,
  rate503: 0,
  rate429: 0,
  retryAfterSec: 1,
  resetPartRate: 0,
  downloadConnectionMiBps: 0,
});

/** What an API request must answer instead of being served. */
export interface RequestFault {
  readonly status: 500 | 503 | 429;
  /** Seconds for the Retry-After header (503 and 429 only). */
  readonly retryAfterSec?: number;
}

/** Options of {@link FaultController}. */
export interface FaultControllerOptions {
  readonly config?: Partial<FaultConfig>;
  /** Source of the rate faults' dice; seed it to make a run repeatable. */
  readonly random: Random;
  /** Called by `expireTokens()`; bound late because the token service is built afterwards. */
  readonly onExpireTokens: () => void;
  /** Called by `expireUrls()`. */
  readonly onExpireUrls: () => void;
}

const RATE_KEYS = ['rate500', 'rate503', 'rate429', 'resetPartRate'] as const;

/** Checks one partial config; a bad value is a programming or CLI error, so it throws. */
function validated(config: Partial<FaultConfig>): Partial<FaultConfig> {
  for (const [key, value] of Object.entries(config)) {
    if (!(key in DEFAULT_FAULTS)) throw new RangeError(`Unknown fault switch "${key}"`);
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new RangeError(`Fault switch ${key} must be a number of 0 or more`);
    }
    if ((RATE_KEYS as readonly string[]).includes(key) && value > 1) {
      throw new RangeError(`Fault switch ${key} is a fraction and must be at most 1`);
    }
  }
  return config;
}

/**
 * The fault switches, and the questions the server asks them: should this API request fail,
 * should this token refresh fail, should this part upload break. It also serves as the blob
 * store's `PartFaultHooks`.
 */
export class FaultController implements FaultSwitches {
  #config: FaultConfig;
  readonly #armed = new Map<OneShotFault, number>();
  readonly #options: FaultControllerOptions;

  constructor(options: FaultControllerOptions) {
    this.#options = options;
    this.#config = { ...DEFAULT_FAULTS, ...validated(options.config ?? {}) };
  }

  get config(): Readonly<FaultConfig> {
    return { ...this.#config };
  }

  set(config: Partial<FaultConfig>): void {
    this.#config = { ...this.#config, ...validated(config) };
  }

  reset(): void {
    this.#config = { ...DEFAULT_FAULTS };
    this.#armed.clear();
  }

  once(fault: OneShotFault, count = 1): void {
    if (!Number.isInteger(count) || count < 1) {
      throw new RangeError('A one-shot fault count must be a whole number of 1 or more');
    }
    this.#armed.set(fault, (this.#armed.get(fault) ?? 0) + count);
  }

  expireTokens(): void {
    this.#options.onExpireTokens();
  }

  expireUrls(): void {
    this.#options.onExpireUrls();
  }

  /** Whether the one-shot `fault` is armed; if so, uses one of its shots. */
  #take(fault: OneShotFault): boolean {
    const left = this.#armed.get(fault) ?? 0;
    if (left <= 0) return false;
    if (left === 1) this.#armed.delete(fault);
    else this.#armed.set(fault, left - 1);
    return true;
  }

  #roll(rate: number): boolean {
    // No draw at rate 0, so switching faults on elsewhere does not shift this sequence.
    return rate > 0 && this.#options.random() < rate;
  }

  /** The fault an API request must answer with, if any (one-shots first, then the rates). */
  takeRequestFault(): RequestFault | undefined {
    const retryAfterSec = this.#config.retryAfterSec;
    if (this.#take('request500')) return { status: 500 };
    if (this.#take('request503')) return { status: 503, retryAfterSec };
    if (this.#take('request429')) return { status: 429, retryAfterSec };
    if (this.#roll(this.#config.rate500)) return { status: 500 };
    if (this.#roll(this.#config.rate503)) return { status: 503, retryAfterSec };
    if (this.#roll(this.#config.rate429)) return { status: 429, retryAfterSec };
    return undefined;
  }

  /** True when this token refresh must fail (the `tokenRefresh` one-shot). */
  takeRefreshFault(): boolean {
    return this.#take('tokenRefresh');
  }

  /** True when the job starting now must fail instead of taking effect (the `jobFail` one-shot). */
  takeJobFault(): boolean {
    return this.#take('jobFail');
  }

  /** Part-upload fault for the blob store: `reset` the connection mid-way or answer `500`. */
  takePartFault(): 'reset' | '500' | undefined {
    if (this.#take('partPut')) return 'reset';
    if (this.#take('partPut500')) return '500';
    return this.#roll(this.#config.resetPartRate) ? 'reset' : undefined;
  }
}
