import { seededRandom } from '../random';
import type { SessionRecord } from './session-factory';
import { InstanceSessions } from './session-simulator';

/** Options of {@link SessionRegistry}. */
export interface SessionRegistryOptions {
  readonly now: () => number;
  readonly seed: number;
  /** User database names of an instance (new sessions connect to them). */
  readonly databaseNames: (instance: string) => string[];
}

/** The simulated sessions of every instance, created on first use. */
export class SessionRegistry {
  readonly #options: SessionRegistryOptions;
  readonly #byInstance = new Map<string, InstanceSessions>();

  constructor(options: SessionRegistryOptions) {
    this.#options = options;
  }

  /** Sets up an instance's sessions (the seed does this once per instance). */
  create(instance: string, initial: readonly SessionRecord[]): InstanceSessions {
    const index = this.#byInstance.size + 1;
    const sessions = new InstanceSessions({
      random: seededRandom(this.#options.seed * 31 + index),
      now: this.#options.now,
      databaseNames: () => this.#options.databaseNames(instance),
      initial,
    });
    this.#byInstance.set(instance.toLowerCase(), sessions);
    return sessions;
  }

  /** The sessions of `instance` (an instance without a seed entry starts with none). */
  of(instance: string): InstanceSessions {
    return this.#byInstance.get(instance.toLowerCase()) ?? this.create(instance, []);
  }
}
