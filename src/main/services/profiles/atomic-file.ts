import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AppError } from '../../../shared/errors';

/**
 * Writes `text` to `file` so that a reader (or the next start after a crash) sees either the
 * old content or the new, never half of it: write a temporary file beside it, flush it to
 * disk, then rename it over the target (atomic on the same file system).
 */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = temporaryNameFor(file);
  try {
    const handle = await open(temp, 'w', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    // A full disk leaves no half-written temporary file behind.
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * {@link writeFileAtomic}, finished before it returns: for the last save while the process
 * is about to exit (a window closing), where an asynchronous write could be cut off.
 */
export function writeFileAtomicSync(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = temporaryNameFor(file);
  try {
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, text, null, 'utf8');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

function temporaryNameFor(file: string): string {
  return `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/**
 * {@link writeFileAtomic} for the app's own data files (profiles, settings): a failure says
 * what could not be saved, where, why, and what to do, instead of reaching the user as an
 * internal error. The file before stays as it was.
 */
export async function saveDataFile(file: string, text: string, what: string): Promise<void> {
  try {
    await writeFileAtomic(file, text);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new AppError({
      code: 'INTERNAL',
      message: `Could not save the ${what} to ${file} (${reason}). Check that the disk has free space and the folder is writable, then try again; nothing was changed.`,
    });
  }
}
