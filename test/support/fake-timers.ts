import type { Timers } from '../../src/main/services/time/timers';

interface Task {
  readonly id: number;
  readonly at: number;
  readonly run: () => void;
}

/** Lets pending promise callbacks and I/O-free async work run. */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Timers and a clock driven by the test: `advance(ms)` runs what falls due, in order. */
export class FakeTimers implements Timers {
  now = 0;
  #tasks: Task[] = [];
  #next = 1;

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#tasks.push({ id, at: this.now + Math.max(0, ms), run: callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.#tasks = this.#tasks.filter((task) => task.id !== handle);
  }

  /** Delays of the pending timers from now, soonest first. */
  pending(): number[] {
    return this.#tasks.map((task) => task.at - this.now).sort((a, b) => a - b);
  }

  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      await settle();
      const due = this.#tasks
        .filter((task) => task.at <= end)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.#tasks = this.#tasks.filter((task) => task !== due);
      this.now = Math.max(this.now, due.at);
      due.run();
    }
    this.now = end;
    await settle();
  }
}
