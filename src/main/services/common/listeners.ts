/**
 * A tiny typed listener list: what each service's `onDidX(listener)` hands out, a disposer
 * included. Shared by the sign-in providers, the connection manager, the job watcher and the
 * transfer service.
 */
export class Listeners<T> {
  readonly #listeners = new Set<(value: T) => void>();

  /** Adds `listener`; the function returned removes it. */
  add(listener: (value: T) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Calls every listener with `value`, in the order they were added. */
  emit(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value);
      } catch {
        // One failing listener (a closed window) must not stop the others.
      }
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.#listeners.clear();
  }
}
