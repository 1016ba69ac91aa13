import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { SeedName } from '../../src/emulator/seed/seed';

/**
 * An emulator in a child process (test/support/emulator-child.ts, forked with IPC) that
 * reports its resident set size on request, so a test can watch the emulator's own memory
 * while the test process streams to it.
 */
export class ChildEmulator {
  readonly #child: ChildProcess;
  #nextId = 0;

  private constructor(child: ChildProcess) {
    this.#child = child;
  }

  /**
   * Forks the child with its data in `dataDir` (the demo seed unless `seed` says otherwise;
   * `countRequests` has it count the requests it serves, read with {@link requests}); answers
   * once it listens.
   */
  static async start(
    dataDir: string,
    options: { seed?: SeedName; countRequests?: boolean } = {},
  ): Promise<{ emulator: ChildEmulator; baseUrl: string; authUrl: string }> {
    const args = [dataDir, options.seed ?? 'demo', options.countRequests ? 'count-requests' : ''];
    const child = fork(resolve('test/support/emulator-child.ts'), args, {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const urls = await new Promise<{ baseUrl: string; authUrl: string }>((ready, fail) => {
      child.once('error', fail);
      child.once('exit', (code) => fail(new Error(`The emulator child exited (${code})`)));
      child.on('message', (m: { type: string; baseUrl?: string; authUrl?: string }) => {
        if (m.type === 'ready' && m.baseUrl && m.authUrl) {
          ready({ baseUrl: m.baseUrl, authUrl: m.authUrl });
        }
      });
    });
    return { emulator: new ChildEmulator(child), ...urls };
  }

  /** The child's `process.memoryUsage().rss`, in bytes. */
  async rss(): Promise<number> {
    return (await this.#ask<{ rss?: number }>('rss')).rss ?? 0;
  }

  /** The requests served so far, by "METHOD /path" (empty unless started to count them). */
  async requests(): Promise<Record<string, number>> {
    return (await this.#ask<{ counts?: Record<string, number> }>('requests')).counts ?? {};
  }

  #ask<T>(type: string): Promise<T> {
    const id = (this.#nextId += 1);
    return new Promise((answer) => {
      const onMessage = (m: { type: string; id?: number }): void => {
        if (m.type !== type || m.id !== id) return;
        this.#child.off('message', onMessage);
        answer(m as T);
      };
      this.#child.on('message', onMessage);
      this.#child.send({ type, id });
    });
  }

  /** Closes the emulator (which removes nothing it did not make) and waits for the exit. */
  async close(): Promise<void> {
    if (this.#child.exitCode !== null) return;
    const exited = new Promise((done) => this.#child.once('exit', done));
    this.#child.send({ type: 'close' });
    await exited;
  }

  /** Kills the child if it still runs (cleanup after a failure). */
  kill(): void {
    if (this.#child.exitCode === null) this.#child.kill();
  }
}

/** Samples a child emulator's RSS every few milliseconds, labelled by phase. */
export class RssSampler {
  readonly #emulator: ChildEmulator;
  readonly #samples = new Map<string, number[]>();
  #phase = 'idle';
  #running: Promise<void> | undefined;
  #stopping = false;

  constructor(emulator: ChildEmulator) {
    this.#emulator = emulator;
  }

  /** Starts sampling, every `everyMs`, into the current phase. */
  start(everyMs = 25): void {
    this.#running = (async () => {
      while (!this.#stopping) {
        const phase = this.#phase;
        const rss = await this.#emulator.rss();
        this.#samples.set(phase, [...(this.#samples.get(phase) ?? []), rss]);
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    })();
  }

  /** Later samples count for `phase`. */
  phase(phase: string): void {
    this.#phase = phase;
  }

  /** Stops sampling and waits for the last sample. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await this.#running;
  }

  /** The samples of a phase. */
  samples(phase: string): readonly number[] {
    return this.#samples.get(phase) ?? [];
  }

  /** The largest sample of a phase (0 when none). */
  peak(phase: string): number {
    return Math.max(0, ...this.samples(phase));
  }
}
