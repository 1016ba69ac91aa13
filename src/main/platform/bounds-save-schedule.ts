import type { Timers } from '../services/time/timers';

/**
 * When the main window's size and position are written down. `resize` and `move` fire on
 * every platform while the user drags (`resized`/`moved` fire only on macOS and Windows), so
 * they are gathered into one save after the window has been still for a moment; a change of
 * state (maximise, full screen) saves soon too; and closing saves at once and synchronously,
 * because the app may exit before an asynchronous write finishes.
 */

/** The window events the schedule listens to. */
export type WindowBoundsEvent =
  | 'resize'
  | 'move'
  | 'maximize'
  | 'unmaximize'
  | 'enter-full-screen'
  | 'leave-full-screen'
  | 'close';

/** Every event the schedule needs, for the glue to subscribe to. */
export const WINDOW_BOUNDS_EVENTS: readonly WindowBoundsEvent[] = [
  'resize',
  'move',
  'maximize',
  'unmaximize',
  'enter-full-screen',
  'leave-full-screen',
  'close',
];

/** How long the window must stay still before a drag's end is saved. */
export const SAVE_DELAY_MS = 500;

/** How an event is saved: gathered with the ones that follow, or at once and synchronously. */
export function saveTiming(event: WindowBoundsEvent): 'later' | 'now' {
  return event === 'close' ? 'now' : 'later';
}

/** Options of {@link BoundsSaveSchedule}. */
export interface BoundsSaveScheduleOptions {
  readonly timers: Timers;
  /** Writes the window's state; `sync` is true when the write must finish before returning. */
  readonly save: (sync: boolean) => void;
  readonly delayMs?: number;
}

/** Turns the window's events into as few saves as the rules above allow. */
export class BoundsSaveSchedule {
  readonly #options: BoundsSaveScheduleOptions;
  #pending: unknown;

  constructor(options: BoundsSaveScheduleOptions) {
    this.#options = options;
  }

  /** Notes one window event. */
  note(event: WindowBoundsEvent): void {
    if (saveTiming(event) === 'now') {
      this.#cancel();
      this.#options.save(true);
      return;
    }
    this.#cancel();
    this.#pending = this.#options.timers.setTimeout(() => {
      this.#pending = undefined;
      this.#options.save(false);
    }, this.#options.delayMs ?? SAVE_DELAY_MS);
  }

  /** Drops a pending save (the window is gone). */
  dispose(): void {
    this.#cancel();
  }

  #cancel(): void {
    if (this.#pending === undefined) return;
    this.#options.timers.clearTimeout(this.#pending);
    this.#pending = undefined;
  }
}
