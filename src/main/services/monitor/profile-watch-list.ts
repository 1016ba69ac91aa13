import { isAppError } from '../../../shared/errors';
import { silentLogger, type Logger } from '../log/logger';
import type { Timers } from '../time/timers';

/** Options of {@link ProfileWatchList}. */
export interface ProfileWatchListOptions {
  readonly profileId: string;
  /** The profile's instances now: one request to the service. */
  readonly listInstances: (signal: AbortSignal) => Promise<string[]>;
  /** The user left this instance out (settings). */
  readonly isLeftOut: (instanceName: string) => boolean;
  readonly onWatch: (instanceName: string) => void;
  readonly onUnwatch: (instanceName: string) => void;
  readonly timers: Timers;
  /** How often the instance list is read again. */
  readonly rediscoverMs: number;
  readonly logger?: Logger;
}

/**
 * Which instances of one open profile the monitor watches: every instance the service lists,
 * but those the user left out. The list is read when the profile opens and again every few
 * minutes (instances come and go), and applied again when the user changes what is left out.
 */
export class ProfileWatchList {
  readonly profileId: string;
  readonly #options: ProfileWatchListOptions;
  readonly #logger: Logger;
  #known: string[] = [];
  readonly #watched = new Set<string>();
  #timer: unknown;
  #abort = new AbortController();

  constructor(options: ProfileWatchListOptions) {
    this.profileId = options.profileId;
    this.#options = options;
    this.#logger = options.logger ?? silentLogger;
  }

  /** Reads the instance list now, then every `rediscoverMs`. */
  start(): void {
    void this.#discover();
  }

  /** The instances of the profile the user left out. */
  leftOut(): string[] {
    return this.#known.filter((name) => this.#options.isLeftOut(name));
  }

  /** Applies what is left out now (after the user changed it). */
  refresh(): void {
    const wanted = new Set(this.#known.filter((name) => !this.#options.isLeftOut(name)));
    for (const name of [...this.#watched]) {
      if (wanted.has(name)) continue;
      this.#watched.delete(name);
      this.#options.onUnwatch(name);
    }
    for (const name of wanted) {
      if (this.#watched.has(name)) continue;
      this.#watched.add(name);
      this.#options.onWatch(name);
    }
  }

  dispose(): void {
    this.#abort.abort();
    this.#options.timers.clearTimeout(this.#timer);
    this.#watched.clear();
  }

  async #discover(): Promise<void> {
    try {
      this.#known = await this.#options.listInstances(this.#abort.signal);
      if (this.#abort.signal.aborted) return;
      this.refresh();
    } catch (error) {
      if (this.#abort.signal.aborted) return;
      // Keep watching what is known; the instances' own samplers report the trouble.
      this.#logger.warn('Monitor could not list instances', {
        profileId: this.profileId,
        code: isAppError(error) ? error.code : 'INTERNAL',
      });
    }
    this.#timer = this.#options.timers.setTimeout(
      () => void this.#discover(),
      this.#options.rediscoverMs,
    );
  }
}
