import { eventChannels, type EventChannel, type EventContract } from '../../../shared/ipc/contract';
import type { z } from 'zod';
import { Emitter, type Subscription } from '../common/emitter';
import { silentLogger, type Logger } from '../log/logger';

/** Receives every event the app publishes, already validated. */
export type AppEventListener = (event: EventChannel, payload: unknown) => void;

/**
 * The app's push events, between the services and the transports. Every payload is parsed
 * with its contract schema here, once: unknown fields are stripped (a tracked job's download
 * URLs stay in main) and an invalid payload is dropped and logged, never sent.
 */
export class AppEventBus {
  readonly #logger: Logger;
  readonly #onDidPublish: Emitter<{ readonly event: EventChannel; readonly payload: unknown }>;

  constructor(options: { logger?: Logger } = {}) {
    const logger = options.logger ?? silentLogger;
    this.#logger = logger;
    this.#onDidPublish = new Emitter({
      onListenerError: (error) => logger.error('An event listener failed', { error }),
    });
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
    this.#onDidPublish.fire({ event, payload: result.data });
  }

  /** Adds a listener; the answer removes it. */
  subscribe(listener: AppEventListener): Subscription {
    return this.#onDidPublish.event(({ event, payload }) => listener(event, payload));
  }

  /** Removes every listener. */
  dispose(): void {
    this.#onDidPublish.dispose();
  }
}
