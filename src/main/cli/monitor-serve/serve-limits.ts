/*
 * The limits of the headless monitor's server under load, all enforced promptly: a scan of the
 * port, a flood of half-open connections or of requests without a token must not hold the
 * server's sockets, fill its log or keep its memory.
 */

/** How the server is bounded. */
export interface ServeLimits {
  /** Open connections at most; more are dropped as they come (Node's `server.maxConnections`). */
  readonly maxConnections: number;
  /** A request's headers must have come within this (ms) of its connection or the last request. */
  readonly headersTimeoutMs: number;
  /** A whole request must have come within this (ms). */
  readonly requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this (ms). */
  readonly keepAliveTimeoutMs: number;
  /** How often the two timeouts above are checked (Node checks every 30 s by default). */
  readonly checkIntervalMs: number;
  /** One warning about requests without a valid token per this span (ms), with their count. */
  readonly warnEveryMs: number;
}

/** The defaults: a Prometheus or two and a few readers need a handful of connections. */
export const DEFAULT_SERVE_LIMITS: ServeLimits = {
  maxConnections: 256,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  checkIntervalMs: 1_000,
  warnEveryMs: 60_000,
};

/**
 * Says a repeated event at a bounded rate: the first one at once, then at most one line per
 * `everyMs` with how many there were since the last line (none is lost from the count).
 */
export class BoundedWarning<F extends Record<string, unknown>> {
  readonly #everyMs: number;
  readonly #say: (fields: F & { readonly count: number }) => void;
  readonly #now: () => number;
  #lastAt = -Infinity;
  #unsaid = 0;

  constructor(
    everyMs: number,
    say: (fields: F & { readonly count: number }) => void,
    now = Date.now,
  ) {
    this.#everyMs = everyMs;
    this.#say = say;
    this.#now = now;
  }

  /** One more event; `fields` describe the latest. */
  note(fields: F): void {
    this.#unsaid += 1;
    const now = this.#now();
    if (now - this.#lastAt < this.#everyMs) return;
    this.#lastAt = now;
    const count = this.#unsaid;
    this.#unsaid = 0;
    this.#say({ ...fields, count });
  }
}
