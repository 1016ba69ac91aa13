import type { EventChannel } from '../../../shared/ipc/contract';
import { silentLogger, type Logger } from '../log/logger';
import type { AppEventBus } from './app-event-bus';

/** Sends one event to one renderer (Electron `webContents.send`, or a WebSocket message). */
export type EventSink = (event: EventChannel, payload: unknown) => void;

/** Options of {@link EventHub}. */
export interface EventHubOptions {
  readonly bus: AppEventBus;
  readonly sink: EventSink;
  /** Events kept while the renderer loads; the oldest are dropped beyond it (default 1000). */
  readonly maxQueued?: number;
  readonly logger?: Logger;
}

/**
 * The events of one renderer. Until the renderer says `app:rendererReady` (its listeners are
 * in place), events are queued, then flushed in order; a transfer that ends while the window
 * loads is not lost. `reset()` queues again while the renderer reloads.
 */
export class EventHub {
  readonly #sink: EventSink;
  readonly #maxQueued: number;
  readonly #logger: Logger;
  readonly #unsubscribe: () => void;
  #queue: { event: EventChannel; payload: unknown }[] = [];
  #isReady = false;
  #dropped = 0;

  constructor(options: EventHubOptions) {
    this.#sink = options.sink;
    this.#maxQueued = options.maxQueued ?? 1000;
    this.#logger = options.logger ?? silentLogger;
    this.#unsubscribe = options.bus.subscribe((event, payload) => this.#publish(event, payload));
  }

  /** True once the renderer is ready and events go straight out. */
  get isReady(): boolean {
    return this.#isReady;
  }

  /** The renderer listens: send what was queued, in order, then everything as it comes. */
  markReady(): void {
    if (this.#isReady) return;
    this.#isReady = true;
    if (this.#dropped > 0) {
      this.#logger.warn('Events were dropped while the renderer loaded', { count: this.#dropped });
      this.#dropped = 0;
    }
    const queued = this.#queue;
    this.#queue = [];
    for (const { event, payload } of queued) this.#send(event, payload);
  }

  /** The renderer is going away (reload, navigation): queue until it is ready again. */
  reset(): void {
    this.#isReady = false;
  }

  /** Stops listening and forgets the queue. */
  dispose(): void {
    this.#unsubscribe();
    this.#queue = [];
  }

  #publish(event: EventChannel, payload: unknown): void {
    if (this.#isReady) {
      this.#send(event, payload);
      return;
    }
    this.#queue.push({ event, payload });
    if (this.#queue.length > this.#maxQueued) {
      this.#queue.shift();
      this.#dropped += 1;
    }
  }

  #send(event: EventChannel, payload: unknown): void {
    try {
      this.#sink(event, payload);
    } catch (error) {
      this.#logger.warn('Could not send an event to the renderer', { event, error });
    }
  }
}
