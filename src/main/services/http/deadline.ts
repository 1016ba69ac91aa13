/**
 * The overall deadline of one service operation. The dispatcher's timeouts are idle timeouts:
 * they restart with every byte, so a server that dribbles its answer, or one that never
 * answers, times out once per attempt and then again on every retry. This one bounds the whole
 * operation instead: every attempt, the retry waits, a token refresh.
 *
 * Its `signal` aborts at the deadline or when the caller's signal aborts, whichever comes
 * first; handed to undici, it ends a request at once, whether it is connecting, waiting for
 * headers or reading a body. {@link dispose} must be called when the operation ends: it clears
 * the timer (so a CLI run does not wait for it) and the listener on the caller's signal (so a
 * long-lived signal, a transfer's, does not collect one per call).
 */
export class OperationDeadline {
  /** Aborts at the deadline, or with the caller's signal. */
  readonly signal: AbortSignal;
  /** The time allowed, in ms; undefined for an operation without a deadline. */
  readonly ms: number | undefined;
  readonly #controller = new AbortController();
  readonly #parent: AbortSignal | undefined;
  readonly #end: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #expired = false;

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
    return performance.now() + waitMs < this.#end;
  }

  /**
   * Throws the abort reason if the operation must stop: the caller cancelled, or the deadline
   * passed (checked on the clock too, in case its timer is late), so no attempt starts after it.
   */
  throwIfOver(): void {
    if (!this.signal.aborted && !this.allows(0)) this.#expire();
    this.signal.throwIfAborted();
  }

  /** Clears the timer and the listener on the caller's signal. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#parent?.removeEventListener('abort', this.#onParentAbort);
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
