/**
 * The overall deadline of one service operation. The dispatcher's timeouts are idle timeouts:
 * they restart with every byte, so a server that dribbles its answer, or one that never
 * answers, times out once per attempt and then again on every retry. This one bounds the whole
 * operation instead: every attempt, the retry waits, a token refresh.
 *
 * Its `signal` aborts at the deadline or when the caller's signal aborts, whichever comes
 * first; handed to undici, it ends a request at once, whether it is connecting, waiting for
 * headers or reading a body. Its clock can be stopped ({@link pause}) while a person answers a
 * question the operation waits on: the timer is cleared and armed again, on the same signal,
 * with the time that was left. {@link dispose} must be called when the operation ends: it
 * clears the timer (so a CLI run does not wait for it) and the listener on the caller's signal
 * (so a long-lived signal, a transfer's, does not collect one per call).
 */
export class OperationDeadline {
  /** Aborts at the deadline, or with the caller's signal. */
  readonly signal: AbortSignal;
  /** The time allowed, in ms; undefined for an operation without a deadline. */
  readonly ms: number | undefined;
  readonly #controller = new AbortController();
  readonly #parent: AbortSignal | undefined;
  /** When the deadline falls (performance.now()), while the clock runs. */
  #end: number;
  /** The time that was left when the clock stopped; undefined while it runs. */
  #left: number | undefined;
  /** How many pauses hold the clock. */
  #pauses = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #expired = false;
  #disposed = false;

  constructor(ms: number | undefined, parent?: AbortSignal) {
    this.ms = ms;
    this.signal = this.#controller.signal;
    this.#parent = parent;
    this.#end = ms === undefined ? Number.POSITIVE_INFINITY : performance.now() + ms;
    if (parent?.aborted) {
      this.#controller.abort(parent.reason);
      return;
    }
    parent?.addEventListener('abort', this.#onParentAbort, { once: true });
    if (ms !== undefined) this.#timer = setTimeout(() => this.#expire(), ms);
  }

  /** True once the deadline passed (not when the caller's signal aborted first). */
  get expired(): boolean {
    return this.#expired;
  }

  /** True when a wait of `waitMs` from now still ends before the deadline. */
  allows(waitMs: number): boolean {
    return waitMs < this.#remaining();
  }

  /**
   * Throws the abort reason if the operation must stop: the caller cancelled, or the deadline
   * passed (checked on the clock too, in case its timer is late), so no attempt starts after it.
   */
  throwIfOver(): void {
    if (!this.signal.aborted && !this.allows(0)) this.#expire();
    this.signal.throwIfAborted();
  }

  /**
   * Stops the clock until the function it answers is called: time spent meanwhile does not
   * count against the deadline. Pauses may overlap; the clock runs again, with the time it had
   * left, once the last one is released. Releasing twice is harmless. A deadline already
   * passed is not paused: it ends now, as its late timer would have.
   */
  pause(): () => void {
    if (this.ms === undefined || this.signal.aborted || this.#disposed) return () => undefined;
    if (this.#pauses === 0) {
      const left = this.#remaining();
      if (left <= 0) {
        this.#expire();
        return () => undefined;
      }
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#left = left;
    }
    this.#pauses += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#release();
    };
  }

  /** Clears the timer and the listener on the caller's signal. */
  dispose(): void {
    this.#disposed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#parent?.removeEventListener('abort', this.#onParentAbort);
  }

  /** The time left before the deadline, in ms (infinite without one). */
  #remaining(): number {
    return this.#left ?? this.#end - performance.now();
  }

  #release(): void {
    this.#pauses -= 1;
    if (this.#pauses > 0 || this.#left === undefined) return;
    const left = this.#left;
    this.#left = undefined;
    this.#end = performance.now() + left;
    // An operation that ended or was cancelled meanwhile keeps no timer.
    if (this.signal.aborted || this.#disposed) return;
    this.#timer = setTimeout(() => this.#expire(), left);
  }

  #expire(): void {
    if (this.signal.aborted) return;
    this.#expired = true;
    this.#parent?.removeEventListener('abort', this.#onParentAbort);
    this.#controller.abort(new DOMException('The operation deadline passed.', 'TimeoutError'));
  }

  readonly #onParentAbort = (): void => {
    clearTimeout(this.#timer);
    this.#controller.abort(this.#parent?.reason);
  };
}
