import { open, rm, stat } from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from '../common/atomic-file';

/*
 * The lock that makes one append at a time to the audit trail, across processes: the app and
 * any number of command-line runs write to the same files. It is a file created exclusively
 * (`wx` fails when it exists, atomically, on every platform and on network shares where
 * advisory locks are unreliable). A lock is held for a few milliseconds (read the last
 * record, append one line), so one older than STALE_MS was left by a process that died while
 * holding it and is taken over; a pid check would not be safer (pids are reused, and the
 * holder may be a process of another user session). Taking over is not atomic (two waiters
 * may both remove a stale lock), which needs a crash and two writers at the same moment; the
 * chain would then show the clash on the next read rather than hide it.
 */

/** A lock this old was left by a process that died holding it. */
const STALE_MS = 10_000;
/** How long an append waits for the lock before it gives up. */
const WAIT_MS = 15_000;

/** Options of {@link withFileLock}. */
export interface FileLockOptions {
  readonly staleMs?: number;
  readonly waitMs?: number;
}

/** Runs `work` while holding the lock file `file`; the lock is removed afterwards. */
export async function withFileLock<T>(
  file: string,
  work: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  await acquire(file, options.staleMs ?? STALE_MS, options.waitMs ?? WAIT_MS);
  try {
    return await work();
  } finally {
    await rm(file, { force: true });
  }
}

async function acquire(file: string, staleMs: number, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (let round = 0; ; round += 1) {
    try {
      const handle = await open(file, 'wx', PRIVATE_FILE_MODE);
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await isStale(file, staleMs)) {
      await rm(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(`The audit trail stayed locked for ${waitMs} ms (${file}).`);
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
