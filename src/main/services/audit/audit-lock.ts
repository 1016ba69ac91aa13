import { randomUUID } from 'node:crypto';
import { open, readFile, rm, stat, utimes } from 'node:fs/promises';
import { clearInterval, setInterval } from 'node:timers';
import { PRIVATE_FILE_MODE } from '../common/atomic-file';

/*
 * The lock that makes one append at a time to the audit trail, across processes: the app and
 * any number of command-line runs write to the same files. It is a file created exclusively
 * (`wx` fails when it exists, atomically, on every platform and on network shares where
 * advisory locks are unreliable) holding a token of its own holder.
 *
 * A lock not renewed for STALE_MS was left by a process that died holding it and is taken
 * over; a pid check would not be safer (pids are reused, and the holder may be a process of
 * another user session). A live holder renews it (its time) several times in that span, so
 * only a holder whose process stood still (stopped, a laptop asleep, a frozen disk) loses
 * it. Such a holder must not go on as if it still held it: it calls `confirm()` right before
 * each change it makes, which fails with LockLostError when the token in the file is not its
 * own or when it has not renewed the lock for half the stale span (a waiter may be taking it
 * over at that moment), and the work is done again from the start under a new lock. The
 * lock file is removed only by its own holder.
 */

/** A lock this long without renewal was left by a process that died holding it. */
const STALE_MS = 10_000;
/** How long an append waits for the lock before it gives up. */
const WAIT_MS = 15_000;

/** Options of {@link withFileLock}. */
export interface FileLockOptions {
  readonly staleMs?: number;
  readonly waitMs?: number;
}

/** The lock, while its work runs. */
export interface HeldLock {
  /**
   * Answers when the lock is still this holder's and renews it; throws LockLostError when
   * another process took it over, or may be doing so, while this one stood still.
   */
  confirm(): Promise<void>;
}

/** The lock was taken over while its holder stood still: its work must start again. */
export class LockLostError extends Error {
  constructor(file: string) {
    super(`The lock ${file} was taken over while this process stood still.`);
    this.name = 'LockLostError';
  }
}

/** Another live process held the lock for the whole wait. */
export class LockBusyError extends Error {
  constructor(
    file: string,
    readonly waitedMs: number,
  ) {
    super(`another DataBridge program held its lock (${file}) for ${waitedMs / 1000} s`);
    this.name = 'LockBusyError';
  }
}

/** Runs `work` while holding the lock file `file`; its holder removes it afterwards. */
export async function withFileLock<T>(
  file: string,
  work: (lock: HeldLock) => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const staleMs = options.staleMs ?? STALE_MS;
  const token = `${process.pid} ${randomUUID()}\n`;
  await acquire(file, token, staleMs, options.waitMs ?? WAIT_MS);
  const holding = new Holding(file, token, staleMs);
  try {
    return await work(holding);
  } finally {
    await holding.release();
  }
}

class Holding implements HeldLock {
  readonly #file: string;
  readonly #token: string;
  readonly #staleMs: number;
  readonly #timer: ReturnType<typeof setInterval>;
  #renewedAt = Date.now();

  constructor(file: string, token: string, staleMs: number) {
    this.#file = file;
    this.#token = token;
    this.#staleMs = staleMs;
    this.#timer = setInterval(() => void this.#renew().catch(() => {}), staleMs / 4);
    this.#timer.unref();
  }

  async confirm(): Promise<void> {
    // Read before the clock: a process stopped in between then counts as away.
    const ours = await this.#isOurs();
    if (!ours || Date.now() - this.#renewedAt > this.#staleMs / 2) {
      throw new LockLostError(this.#file);
    }
    await this.#renew();
  }

  async release(): Promise<void> {
    clearInterval(this.#timer);
    if (await this.#isOurs()) await rm(this.#file, { force: true });
  }

  async #renew(): Promise<void> {
    if (!(await this.#isOurs())) return;
    const now = new Date();
    await utimes(this.#file, now, now);
    this.#renewedAt = now.getTime();
  }

  async #isOurs(): Promise<boolean> {
    try {
      return (await readFile(this.#file, 'utf8')) === this.#token;
    } catch {
      return false;
    }
  }
}

async function acquire(
  file: string,
  token: string,
  staleMs: number,
  waitMs: number,
): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (let round = 0; ; round += 1) {
    try {
      const handle = await open(file, 'wx', PRIVATE_FILE_MODE);
      try {
        await handle.writeFile(token);
      } finally {
        await handle.close();
      }
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await isStale(file, staleMs)) {
      await rm(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new LockBusyError(file, waitMs);
    }
    // Short, growing, jittered waits: holders keep the lock for milliseconds.
    const delay = Math.min(50, 2 + round * 2) * (0.5 + Math.random());
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

async function isStale(file: string, staleMs: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(file)).mtimeMs > staleMs;
  } catch {
    return false; // removed meanwhile: the next round takes it
  }
}
