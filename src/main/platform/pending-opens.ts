import type { OpenItem } from '../../shared/ipc/events';

/**
 * Something opened with the app from outside its page: database files (macOS open-file, a
 * second launch's command line) or an item (a notification or tray click).
 */
export type PendingOpen =
  | { readonly kind: 'files'; readonly paths: readonly string[] }
  | { readonly kind: 'item'; readonly item: OpenItem };

/** What the window glue does for one open request. */
export interface OpenPlan<T> {
  /** `create` when no window exists, `show` otherwise (restore, show, focus). */
  readonly window: 'create' | 'show';
  /** What to hand to the page now, in order; empty while the page is not ready. */
  readonly deliver: readonly T[];
}

/** Options of {@link PendingOpens}. */
export interface PendingOpensOptions {
  /** Requests kept while the page loads; the oldest are dropped beyond it (default 100). */
  readonly maxHeld?: number;
}

/**
 * The open requests of the one window, held until its page listens. On macOS the app lives
 * on with no window: a file opened from Finder, or a notification or tray item clicked, must
 * then open a window and wait for its page, or the event goes to no page, or to one whose
 * listeners are not in place yet. A new window's page starts not ready; `pageReady()` (the
 * renderer's `app:rendererReady`) hands over what waited; `pageGone()` (a reload, a
 * navigation, a window created or closed) holds requests again.
 */
export class PendingOpens<T> {
  readonly #maxHeld: number;
  #held: T[] = [];
  #isPageReady = false;

  constructor(options: PendingOpensOptions = {}) {
    this.#maxHeld = options.maxHeld ?? 100;
  }

  /** True while the page listens and requests go straight to it. */
  get isPageReady(): boolean {
    return this.#isPageReady;
  }

  /**
   * A request arrived. Without a window the page to come is a new one, so the request
   * waits for it whatever was ready before.
   */
  open(request: T, hasWindow: boolean): OpenPlan<T> {
    if (!hasWindow) this.#isPageReady = false;
    if (this.#isPageReady) return { window: 'show', deliver: [request] };
    this.#held.push(request);
    if (this.#held.length > this.#maxHeld) this.#held.shift();
    return { window: hasWindow ? 'show' : 'create', deliver: [] };
  }

  /** The page listens: what waited, in order; from now on requests go straight out. */
  pageReady(): T[] {
    this.#isPageReady = true;
    const held = this.#held;
    this.#held = [];
    return held;
  }

  /** The page is going away or not there yet: hold requests until the next one is ready. */
  pageGone(): void {
    this.#isPageReady = false;
  }
}
