import { open, stat } from 'node:fs/promises';
import { UsageError } from './operation-args';

/*
 * `--body @FILE`: the JSON body read from a file. The service's JSON bodies are small (the
 * largest, an allow-list or a login, is a few KiB), so a file is read only when it is a
 * regular file of at most MAX_BODY_BYTES: a FIFO would hang in open(), a device such as
 * /dev/zero would be read without end (658 MiB before anything failed), and a large file
 * given by mistake (an export) would be read whole into memory first.
 */

/** The largest `--body @FILE` read: far above any body of the service, far below harm. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The text of `--body @path`, or a usage error naming the file and what is wrong with it. */
export async function readBodyFile(path: string): Promise<string> {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`--body @${path}: ${unreadable(error)}`);
  });
  if (!info.isFile()) {
    throw new UsageError(`--body @${path} is not a regular file: give a file that holds the JSON.`);
  }
  if (info.size > MAX_BODY_BYTES) throw tooLarge(path);
  const file = await open(path, 'r');
  try {
    // Read one byte past the limit: a file that grew since stat is refused all the same.
    const buffer = Buffer.alloc(MAX_BODY_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_BODY_BYTES) throw tooLarge(path);
    }
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    await file.close();
  }
}

function tooLarge(path: string): UsageError {
  return new UsageError(
    `--body @${path} is larger than ${MAX_BODY_BYTES / 1024} KiB, more than any JSON body of the service: check the file name.`,
  );
}

function unreadable(error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return 'no such file.';
  if (error.code === 'EACCES' || error.code === 'EPERM') return 'permission denied.';
  return `cannot be read (${error.code ?? error.message}).`;
}
