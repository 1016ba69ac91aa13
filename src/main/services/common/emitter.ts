/*
 * The one way main emits events (the shape of VS Code's Emitter and DisposableStore): a
 * service owns an Emitter and hands out its `event` as `onDidX`; subscribing answers a
 * subscription that stops it, called or disposed. A listener that throws is reported and the
 * others still run.
 */

/** Something that holds a resource until disposed. */
export interface Disposable {
  dispose(): void;
}

/** What subscribing answers: call it, or call its `dispose`, to stop listening. */
export type Subscription = Disposable & (() => void);

/** A listener of values of `T`. */
export type Listener<T> = (value: T) => void;

/** Subscribes a listener: an Emitter's `event`, a service's `onDidX`. */
export type Event<T> = (listener: Listener<T>) => Subscription;

/** Turns a stop function into a {@link Subscription} that runs it once at most. */
export function toSubscription(stop: () => void): Subscription {
  let stopped = false;
  const once = (): void => {
    if (stopped) return;
    stopped = true;
    stop();
  };
  return Object.assign(once, { dispose: once });
}

/** Where a failing listener is reported when its emitter was given no reporter. */
let unexpectedErrorReporter: (error: unknown) => void = (error) => {
  console.error('An event listener failed:', error instanceof Error ? error.message : error);
};

/**
 * Sets where failing listeners of emitters without a reporter of their own are reported (the
 * composition root points it at the app's redacting logger).
 */
export function setUnexpectedErrorReporter(reporter: (error: unknown) => void): void {
  unexpectedErrorReporter = reporter;
}

/** Options of {@link Emitter}. */
export interface EmitterOptions {
  /** Reports a listener that threw (default: the process-wide reporter). */
  readonly onListenerError?: (error: unknown) => void;
}

/** A typed event source. */
export class Emitter<T> implements Disposable {
  // Entries, not listeners: the same function subscribed twice is called twice and each
  // subscription removes only its own entry.
  readonly #entries = new Set<{ readonly listener: Listener<T> }>();
  readonly #onListenerError: ((error: unknown) => void) | undefined;
  #disposed = false;

  constructor(options: EmitterOptions = {}) {
    this.#onListenerError = options.onListenerError;
  }

  /** Subscribes `listener`; the answer stops it. A disposed emitter takes no listener. */
  readonly event: Event<T> = (listener) => {
    if (this.#disposed) return toSubscription(() => undefined);
    const entry = { listener };
    this.#entries.add(entry);
    return toSubscription(() => this.#entries.delete(entry));
  };

  /** Calls every listener with `value`, in the order they subscribed. */
  fire(value: T): void {
    for (const entry of [...this.#entries]) {
      try {
        entry.listener(value);
      } catch (error) {
        (this.#onListenerError ?? unexpectedErrorReporter)(error);
      }
    }
  }

  /** How many listeners are subscribed. */
  get listenerCount(): number {
    return this.#entries.size;
  }

  /** Removes every listener; later subscriptions are ignored. */
  dispose(): void {
    this.#disposed = true;
    this.#entries.clear();
  }
}

/** Disposables disposed together, in the reverse order they were added. */
export class DisposableStore implements Disposable {
  #items: Disposable[] = [];
  #disposed = false;

  /** Adds `item` (disposed at once when the store already is); answers it. */
  add<D extends Disposable>(item: D): D {
    if (this.#disposed) item.dispose();
    else this.#items.push(item);
    return item;
  }

  /** Disposes everything added; a failing item does not stop the others. */
  dispose(): void {
    this.#disposed = true;
    const items = this.#items.reverse();
    this.#items = [];
    for (const item of items) {
      try {
        item.dispose();
      } catch (error) {
        unexpectedErrorReporter(error);
      }
    }
  }
}
