import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppError } from '../../../../shared/errors';
import type { Sleep } from '../../common/sleep';

/**
 * What the file system says of a source file that no user-level tool can put back: its change
 * time (ctime on POSIX, the NTFS ChangeTime on Windows, which libuv reports as `ctime`), its size,
 * and which file the path names (device and inode, or volume serial and file id). Every write,
 * truncate, `touch -r` or `utimes` moves the change time to the clock's now, and only the
 * kernel sets it. Reading it is one `stat`, so it is taken after every part.
 */
export interface SourceStamp {
  readonly size: bigint;
  readonly ctimeNs: bigint;
  readonly mtimeNs: bigint;
  readonly dev: bigint;
  readonly ino: bigint;
}

/** How a stamp moved: the path names another file, the size changed, or bytes may have. */
export type StampChange = 'replaced' | 'size' | 'changed';

/**
 * A change time this close to now is not trusted yet: the kernel stamps files from a clock that
 * advances in ticks (a few ms on Linux, about 16 ms on Windows), so a write in the same tick as
 * the change we saw would leave the change time as it is.
 */
export const SETTLE_MS = 100;

/** Change times in whole seconds come from a file system that keeps them coarse (FAT: 2 s). */
const COARSE_SETTLE_MS = 2_000;

/** A change time further ahead than this is a skewed clock (a network share): no use waiting. */
const FUTURE_LIMIT_MS = 5_000;

/** The stamp of the file at `path` now. NOT_FOUND when it is gone. */
export async function readStamp(path: string): Promise<SourceStamp> {
  let info;
  try {
    info = await stat(path, { bigint: true });
  } catch {
    throw new AppError({
      code: 'NOT_FOUND',
      message: `The file ${basename(path)} is no longer at ${path}. Put it back to continue, or start a new import.`,
    });
  }
  return {
    size: info.size,
    ctimeNs: info.ctimeNs,
    mtimeNs: info.mtimeNs,
    dev: info.dev,
    ino: info.ino,
  };
}

/** How `after` differs from `before`, or undefined when the file held still. */
export function stampChange(before: SourceStamp, after: SourceStamp): StampChange | undefined {
  if (before.dev !== after.dev || before.ino !== after.ino) return 'replaced';
  if (before.size !== after.size) return 'size';
  if (before.ctimeNs !== after.ctimeNs || before.mtimeNs !== after.mtimeNs) return 'changed';
  return undefined;
}

/** Waits for a change time to settle at most this often before it is taken as it is. */
const SETTLE_WAITS = 3;

/**
 * The stamp to compare later reads with. When the file changed a moment ago (its writer may
 * still be at it), waits until its change time is old enough that a further write must move
 * it (see {@link SETTLE_MS}), then reads the stamp again; a writer still busy after a few
 * waits is left to the comparison after the read. The file's times come from the system's
 * real clock, so they are compared with that clock, not an injected one.
 */
export async function settledStamp(
  path: string,
  sleep: Sleep,
  signal: AbortSignal,
): Promise<SourceStamp> {
  let stamp = await readStamp(path);
  for (let wait = 0; wait < SETTLE_WAITS; wait += 1) {
    const coarse = stamp.ctimeNs % 1_000_000_000n === 0n;
    const settleMs = coarse ? COARSE_SETTLE_MS : SETTLE_MS;
    const ageMs = Date.now() - Number(stamp.ctimeNs / 1_000_000n);
    if (ageMs >= settleMs || ageMs < -FUTURE_LIMIT_MS) return stamp;
    await sleep(Math.min(settleMs, settleMs - ageMs), signal);
    stamp = await readStamp(path);
  }
  return stamp;
}
