import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { AppError } from '../../../shared/errors';

/*
 * The one way main replaces a file it keeps (connections, settings, window state, transfer
 * journals, monitor history): write a temporary file beside it, optionally flush it, then rename
 * it over the target, which is atomic on one file system. A reader, or the next start after a
 * crash, sees the old content or the new, never half of it.
 */

/** Only the user may read or write: for files that hold the user's connections and settings. */
export const PRIVATE_FILE_MODE = 0o600;

/** The file operations an atomic write goes through; tests hand in a disk that fills up. */
export interface AtomicWriteDisk {
  /** Opens `path` (flags as `fs.open`, `mode` for a new file); writes go through the handle. */
  open(path: string, flags: string, mode?: number): Promise<FileHandle>;
  rename(from: string, to: string): Promise<void>;
  /** Creates the folder and its parents; an existing one is fine. */
  mkdir(path: string): Promise<void>;
}

/** The machine's disk. */
export const nodeWriteDisk: AtomicWriteDisk = {
  open: (path, flags, mode) => open(path, flags, mode),
  rename: (from, to) => rename(from, to),
  mkdir: async (path) => void (await mkdir(path, { recursive: true })),
};

/** Options of {@link writeFileAtomic}. */
export interface AtomicWriteOptions {
  /**
   * Flush the file to the disk (fsync) before the rename; default true. Without it an app crash
   * still loses nothing (the OS has the bytes) and the rename stays atomic, but a power cut may
   * leave the new name with content that never reached the disk: for saves so frequent that an
   * fsync each time would slow the work they record, or files that can be rebuilt.
   */
  fsync?: boolean;
  /**
   * After a flushed write, flush the folder too, which makes the rename itself survive a power
   * cut. Best effort: not every OS can open a folder (Windows cannot). Default false.
   */
  syncFolder?: boolean;
  /** Permissions of the file written; default Node's (0o666 less the umask). */
  mode?: number;
  /** Where the write goes; default {@link nodeWriteDisk}. */
  disk?: AtomicWriteDisk;
}

/**
 * Writes `text` to `file` atomically (see the file comment). On failure the file stays as it
 * was, no temporary file is left behind, and the error is thrown as it came.
 */
export async function writeFileAtomic(
  file: string,
  text: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const disk = options.disk ?? nodeWriteDisk;
  const fsync = options.fsync ?? true;
  const temp = temporaryNameFor(file);
  try {
    await disk.mkdir(dirname(file));
    const handle = await disk.open(temp, 'w', options.mode);
    try {
      await handle.writeFile(text, 'utf8');
      if (fsync) await handle.sync();
    } finally {
      await handle.close();
    }
    await disk.rename(temp, file);
  } catch (error) {
    // A full disk leaves no half-written temporary file behind.
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  if (fsync && options.syncFolder) await syncFolder(dirname(file));
}

/**
 * {@link writeFileAtomic}, always flushed, finished before it returns: for the last save while
 * the process is about to exit (a window closing), where an asynchronous write could be cut off.
 */
export function writeFileAtomicSync(
  file: string,
  text: string,
  options: Pick<AtomicWriteOptions, 'mode'> = {},
): void {
  const temp = temporaryNameFor(file);
  try {
    mkdirSync(dirname(file), { recursive: true });
    const fd = openSync(temp, 'w', options.mode);
    try {
      writeSync(fd, text, null, 'utf8');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // The error that matters is the write's.
    }
    throw error;
  }
}

/**
 * Beside the target, unique per write (two writes of one file may overlap), ending in `.tmp` so
 * that whoever reads the folder can tell a write cut off by a crash and remove it.
 */
function temporaryNameFor(file: string): string {
  return `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
}

async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: the rename is atomic either way; only durability across a power cut differs.
  }
}

/**
 * {@link writeFileAtomic} for the app's own data files (profiles, settings), readable by the
 * user alone: a failure says what could not be saved, where, why, and what to do, instead of
 * reaching the user as an internal error. The file before stays as it was.
 */
export async function saveDataFile(file: string, text: string, what: string): Promise<void> {
  try {
    await writeFileAtomic(file, text, { mode: PRIVATE_FILE_MODE });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new AppError({
      code: 'INTERNAL',
      message: `Could not save the ${what} to ${file} (${reason}). Check that the disk has free space and the folder is writable, then try again; nothing was changed.`,
    });
  }
}
