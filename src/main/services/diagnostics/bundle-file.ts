import { randomBytes } from 'node:crypto';
import { link, rename, rm, stat } from 'node:fs/promises';
import { AppError } from '../../../shared/errors';
import { PRIVATE_FILE_MODE, writeFileAtomic } from '../common/atomic-file';

/** What `link` answers on a file system that has no hard links. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'ENOSYS', 'EXDEV']);

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Writes the bundle's bytes to `file` atomically, readable by the user alone. Without `force`
 * an existing file is refused; the refusal is atomic too: the bytes go to a temporary file,
 * which is then hard-linked to the name (a link never replaces a file), so nothing can appear
 * at the name between a check and the write.
 */
export async function writeBundleFile(
  file: string,
  bytes: Uint8Array,
  force: boolean,
): Promise<void> {
  try {
    if (force) {
      await writeFileAtomic(file, bytes, { mode: PRIVATE_FILE_MODE });
      return;
    }
    const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFileAtomic(temp, bytes, { mode: PRIVATE_FILE_MODE });
    try {
      await link(temp, file);
    } catch (error) {
      if (!NO_HARD_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      // A file system without hard links (FAT, some shares): check, then rename.
      if (await exists(file)) throw Object.assign(new Error('exists'), { code: 'EEXIST' });
      await rename(temp, file);
    } finally {
      await rm(temp, { force: true });
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      throw new AppError({
        code: 'CONFLICT',
        message: `Could not save the diagnostics to ${file}: a file of that name exists. Choose another name, or replace it (--force on the command line).`,
      });
    }
    throw new AppError({
      code: 'INTERNAL',
      message: `Could not save the diagnostics to ${file} (${code ?? (error as Error).message}). Check that the folder exists and is writable and the disk has space, then try again.`,
    });
  }
}
