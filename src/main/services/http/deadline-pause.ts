import type { OperationDeadline } from './deadline';

/**
 * Stops the clock of every operation deadline of a run while a person answers a question the
 * run needs answered (a proxy's user name and password on the terminal). A deadline bounds how
 * long the service and the network take; a person who types slowly is neither, and must not
 * get a timeout for it.
 *
 * One per run, shared by its clients, which {@link follow} each deadline they make, and by the
 * code that asks, which asks inside {@link pausedWhile}. Every followed deadline is paused while
 * any question is open, one made meanwhile too, since requests refused together by a proxy all
 * wait for the one answer.
 */
export class DeadlinePause {
  /** The deadlines followed, with the release of the pause each is held by (if any). */
  readonly #followed = new Map<OperationDeadline, (() => void) | undefined>();
  /** How many questions are open. */
  #open = 0;

  /** Follows `deadline` until the function it answers is called (when its operation ends). */
  follow(deadline: OperationDeadline): () => void {
    this.#followed.set(deadline, this.#open > 0 ? deadline.pause() : undefined);
    return () => {
      const release = this.#followed.get(deadline);
      this.#followed.delete(deadline);
      release?.();
    };
  }

  /** Answers what `ask` answers, every followed deadline paused until it settles. */
  async pausedWhile<T>(ask: () => Promise<T>): Promise<T> {
    this.#open += 1;
    if (this.#open === 1) {
      for (const deadline of this.#followed.keys()) this.#followed.set(deadline, deadline.pause());
    }
    try {
      return await ask();
    } finally {
      this.#open -= 1;
      if (this.#open === 0) {
        for (const [deadline, release] of this.#followed) {
          this.#followed.set(deadline, undefined);
          release?.();
        }
      }
    }
  }
}
