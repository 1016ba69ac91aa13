import {
  eventChannels,
  type EventChannel,
  type EventContract,
  type EventPayload,
} from '../../../shared/ipc/contract';
import type { z } from 'zod';
import { silentLogger, type Logger } from '../log/logger';

/** Receives every event the app publishes, already validated. */
export type AppEventListener = (event: EventChannel, payload: unknown) => void;

/**
 * The app's push events, between the services and the transports. Every payload is parsed
 * with its contract schema here, once: unknown fields are stripped (a tracked job's download
 * URLs stay in main) and an invalid payload is dropped and logged, never sent.
 */
export class AppEventBus {
  readonly #listeners = new Set<AppEventListener>();
  readonly #logger: Logger;

  constructor(options: { logger?: Logger } = {}) {
    this.#logger = options.logger ?? silentLogger;
  }

  /** Publishes `payload` on `event` to every listener. */
  emit<E extends EventChannel>(event: E, payload: z.input<EventContract[E]>): void {
    const result = eventChannels[event].safeParse(payload);
    if (!result.success) {
      this.#logger.error('Dropped an event whose payload does not match the contract', {
        event,
        issues: result.error.issues.map((issue) => issue.path.join('.')),
      });
      return;
    }
    const data = result.data as EventPayload<E>;
    for (const listener of [...this.#listeners]) {
      try {
        listener(event, data);
      } catch (error) {
        this.#logger.error('An event listener failed', { event, error });
      }
    }
  }

  /** Adds a listener; the answer removes it. */
  subscribe(listener: AppEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Removes every listener. */
  dispose(): void {
    this.#listeners.clear();
  }
}
