import { dirname, join } from 'node:path';
import { systemCloner } from '../../src/main/services/transfers/transfer-disk';
import { measureVerify, type VerifyRun } from './upload-verify';

/** What {@link measureClone} found. */
export type CloneRun =
  | {
      readonly cloned: true;
      /** Making the clone (the engine's own copyFile with FICLONE_FORCE). */
      readonly cloneMs: number;
      /** Removing it, as the engine does once the upload is completed. */
      readonly removeMs: number;
      /** Every part read from the clone and hashed, as the upload reads it to send it. */
      readonly read: VerifyRun;
    }
  | {
      readonly cloned: false;
      readonly dir: string;
      /** Why not (ENOTSUP on ext4 and tmpfs, ENOSYS on macOS and Windows, EXDEV...). */
      readonly code: string;
      /** The failed attempt, which every upload makes where cloning is on. */
      readonly attemptMs: number;
    };

/**
 * The cost of reading an upload from a clone of the file at `path` (what the engine does where
 * the file system clones: source-clone.ts): the clone made beside it, every part read from it
 * and hashed, the clone removed. A clone's pages are its own in the page cache, so its read
 * comes from the disk where the file's, written or read just before, may be cached. Where no
 * clone can be made there, the failed attempt. Run the bench with TMPDIR on a Btrfs or XFS to
 * measure the clone.
 */
export async function measureClone(
  path: string,
  size: number,
  partSize: number,
): Promise<CloneRun> {
  const clone = join(dirname(path), '.databridge-clone-bench');
  const started = performance.now();
  try {
    await systemCloner.clone(path, clone);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return { cloned: false, dir: dirname(path), code, attemptMs: performance.now() - started };
  }
  const cloneMs = performance.now() - started;
  let read: VerifyRun;
  try {
    read = await measureVerify(clone, size, partSize, path);
  } catch (error) {
    await systemCloner.remove(clone);
    throw error;
  }
  const removing = performance.now();
  await systemCloner.remove(clone);
  return { cloned: true, cloneMs, removeMs: performance.now() - removing, read };
}
